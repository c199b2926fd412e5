"use client";

import type { RepoDashboard } from "@/components/api/plans-api.ts";
import { Button } from "@/components/ui/Button.tsx";
import { formatRelativeTime } from "@/components/ui/relative-time.ts";
import { PlanActions } from "./PlanActions.tsx";
import { PlanPicker } from "./PlanPicker.tsx";

/** Title, plan picker and the dashboard's actions: edit or delete the plan, design wizard, project rules, rescan. */
export function DashboardHeader(props: {
  repoId: string;
  dashboard: RepoDashboard | undefined;
  isFetching: boolean;
  isRulesOpen: boolean;
  onSelectPlan: (planId: string) => void;
  onPlanDeleted: () => void;
  onOpenWizard: () => void;
  onEditTree: () => void;
  onToggleRules: () => void;
  onRescan: () => void;
}) {
  const { dashboard } = props;
  const branchCount = dashboard?.layout.filter((node) => node.branch !== null).length ?? 0;
  return (
    <header className="flex flex-wrap items-center gap-2 border-b border-zinc-200 px-4 py-2 dark:border-zinc-800">
      <div className="min-w-48 flex-1">
        <h2 className="text-sm font-semibold">Design tree</h2>
        <p className="text-[11px] text-zinc-500" data-testid="dashboard-summary">
          {dashboard
            ? `scanned ${formatRelativeTime(dashboard.scan.scannedAt)} · ${branchCount} branches · naming rule ${dashboard.rule}`
            : "scanning…"}
        </p>
      </div>
      {dashboard ? <PlanPicker dashboard={dashboard} onSelect={props.onSelectPlan} /> : null}
      {dashboard?.plan ? (
        <PlanActions repoId={props.repoId} plan={dashboard.plan} onDeleted={props.onPlanDeleted} />
      ) : null}
      {dashboard?.plan?.tree ? (
        <Button data-testid="edit-tree" onClick={props.onEditTree}>
          Edit tree
        </Button>
      ) : null}
      <Button variant="primary" size="lg" data-testid="open-wizard" onClick={props.onOpenWizard}>
        Create design tree
      </Button>
      <Button
        data-testid="open-rules"
        aria-pressed={props.isRulesOpen}
        isActive={props.isRulesOpen}
        onClick={props.onToggleRules}
      >
        Rules
      </Button>
      <Button data-testid="dashboard-refresh" disabled={props.isFetching} onClick={props.onRescan}>
        {props.isFetching ? "Scanning…" : "Rescan"}
      </Button>
    </header>
  );
}
