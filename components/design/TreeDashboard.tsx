"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import {
  discardLeftDraftPlans,
  invalidateRepoScans,
  useDashboard,
  type RepoDashboard,
} from "@/components/api/plans-api.ts";
import { ErrorNotice } from "@/components/ui/ErrorNotice.tsx";
import type { PlanView } from "@/lib/plans/plan-types.ts";
import { BranchTree } from "./BranchTree.tsx";
import { DashboardHeader } from "./DashboardHeader.tsx";
import { DesignWizard } from "./DesignWizard.tsx";
import { DivergenceList } from "./DivergenceList.tsx";
import { MergeOrderPanel } from "./MergeOrderPanel.tsx";
import { PlanRunPanel } from "./PlanRunPanel.tsx";
import { listShownWarnings, unplacedWarnings } from "./node-warnings.ts";
import { RulesEditor } from "./RulesEditor.tsx";

type Mode = { kind: "tree" } | { kind: "rules" } | { kind: "wizard"; plan: PlanView | null };

/**
 * The centre of the page while no chat is open: the repository's branches and worktrees as git
 * has them, laid out against a plan's design tree, with where they differ. The design wizard and
 * the project rules open from here.
 */
export function TreeDashboard(props: {
  repoId: string;
  planId: string | null;
  onSelectPlan: (planId: string | null) => void;
  onOpenWorktree: (worktreePath: string, repoId?: string) => void;
}) {
  const client = useQueryClient();
  const dashboard = useDashboard({ repoId: props.repoId, planId: props.planId });
  const [mode, setMode] = useState<Mode>({ kind: "tree" });
  // A design wizard in a tab that was closed or crashed may have left the plan it created.
  useEffect(() => discardLeftDraftPlans(client, props.repoId), [client, props.repoId]);
  const data = dashboard.data;

  if (mode.kind === "wizard") {
    return (
      <DesignWizard
        repoId={props.repoId}
        initialPlan={mode.plan}
        rule={data?.rule ?? "feat/{slug}"}
        worktrees={data?.scan.worktrees ?? []}
        onClose={() => setMode({ kind: "tree" })}
        onSaved={(planId) => {
          props.onSelectPlan(planId);
          setMode({ kind: "tree" });
        }}
      />
    );
  }
  return (
    <section data-testid="tree-dashboard" className="flex h-full min-h-0 flex-col">
      <DashboardHeader
        repoId={props.repoId}
        dashboard={data}
        isFetching={dashboard.isFetching}
        isRulesOpen={mode.kind === "rules"}
        onSelectPlan={props.onSelectPlan}
        onPlanDeleted={() => props.onSelectPlan(null)}
        onOpenWizard={() => setMode({ kind: "wizard", plan: null })}
        onEditTree={() => setMode({ kind: "wizard", plan: data?.plan ?? null })}
        onToggleRules={() => setMode(mode.kind === "rules" ? { kind: "tree" } : { kind: "rules" })}
        onRescan={() => invalidateRepoScans(client, props.repoId)}
      />
      <div className="min-h-0 flex-1 overflow-y-auto p-4">
        {mode.kind === "rules" ? <RulesEditor repoId={props.repoId} onClose={() => setMode({ kind: "tree" })} /> : null}
        {dashboard.error ? <ErrorNotice error={dashboard.error} testId="dashboard-error" /> : null}
        {data ? (
          <DashboardBody
            dashboard={data}
            updatedAt={dashboard.dataUpdatedAt}
            repoId={props.repoId}
            onOpenWorktree={props.onOpenWorktree}
          />
        ) : null}
        {dashboard.isPending ? <p className="text-sm text-zinc-500">Reading branches from git…</p> : null}
      </div>
    </section>
  );
}

function DashboardBody(props: {
  dashboard: RepoDashboard;
  updatedAt: number;
  repoId: string;
  onOpenWorktree: (worktreePath: string, repoId?: string) => void;
}) {
  const { dashboard } = props;
  const warnings = listShownWarnings(dashboard);
  return (
    <>
      {dashboard.plan?.tree ? (
        <p className="mb-3 text-xs text-zinc-500" data-testid="dashboard-plan">
          Comparing with the design of{" "}
          <span className="font-medium text-zinc-700 dark:text-zinc-300">{dashboard.plan.title}</span>
          {dashboard.plan.goal ? ` — ${dashboard.plan.goal}` : ""}
        </p>
      ) : (
        <p
          data-testid="no-design"
          className="mb-3 rounded-md border border-dashed border-zinc-300 px-3 py-2 text-sm text-zinc-600 dark:border-zinc-700 dark:text-zinc-400"
        >
          {dashboard.plan ? `The plan “${dashboard.plan.title}” has no design tree yet.` : "No design tree yet."} These
          are the repository&apos;s branches as git has them. Use “Create design tree” to plan the work as a tree of
          tasks, one branch each.
        </p>
      )}
      {dashboard.plan?.tree ? (
        <PlanRunPanel repoId={props.repoId} planId={dashboard.plan.id} onOpenWorktree={props.onOpenWorktree} />
      ) : null}
      <BranchTree
        layout={dashboard.layout}
        warnings={warnings}
        repoId={props.repoId}
        planId={dashboard.plan?.id ?? null}
        onOpenWorktree={props.onOpenWorktree}
      />
      {dashboard.plan?.tree ? (
        <DivergenceList total={warnings.length} unplaced={unplacedWarnings({ layout: dashboard.layout, warnings })} />
      ) : null}
      {dashboard.plan?.tree ? (
        <MergeOrderPanel repoId={props.repoId} planId={dashboard.plan.id} dashboardUpdatedAt={props.updatedAt} />
      ) : null}
    </>
  );
}
