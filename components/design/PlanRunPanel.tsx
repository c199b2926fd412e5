"use client";

import { useEffect, useState, type FormEvent } from "react";
import {
  usePausePlanRun,
  usePlanRun,
  useSandboxOffer,
  useStartPlanRun,
  type StartPlanRunBody,
} from "@/components/api/plan-runs-api.ts";
import { useRealtime } from "@/components/realtime/RealtimeProvider.tsx";
import { Badge } from "@/components/ui/Badge.tsx";
import { Button } from "@/components/ui/Button.tsx";
import { ErrorNotice } from "@/components/ui/ErrorNotice.tsx";
import { Select, TextInput } from "@/components/ui/FormFields.tsx";
import type { PlanPermissionMode } from "@/lib/plans/run/plan-run-record.ts";
import type { PlanRunView } from "@/lib/plans/run/plan-run-view.ts";
import { PlanNodeCard } from "./PlanNodeCard.tsx";
import { BOARD_COLUMNS, groupIntoColumns, parseOptionalNumber, summarizeRun } from "./plan-run-board.ts";

/**
 * Run on a design tree: before the first run, the options and Run; then the plan's line (landed,
 * spent, agents at once), Pause or Resume, and the board, one column per kind of state, each card
 * with the node's state in words, its branch, cost and the actions its state allows.
 */
export function PlanRunPanel(props: {
  repoId: string;
  planId: string;
  /** `repoId`: another repository's worktree (a runner's clone), else this one's. */
  onOpenWorktree: (worktreePath: string, repoId?: string) => void;
  /** Only the board of a run under way (the control room): nothing before the plan's first run. */
  isBoardOnly?: boolean;
}) {
  const realtime = useRealtime();
  useEffect(() => realtime.subscribeRepo(props.repoId), [realtime, props.repoId]);
  const run = usePlanRun(props.planId);
  if (run.error) return <ErrorNotice error={run.error} testId="plan-run-error" />;
  if (run.data === undefined) return null;
  if (run.data === null) return props.isBoardOnly ? null : <RunPlanForm planId={props.planId} repoId={props.repoId} />;
  return <PlanRunBoard run={run.data} onOpenWorktree={props.onOpenWorktree} />;
}

function RunPlanForm(props: { planId: string; repoId: string }) {
  const start = useStartPlanRun(props.planId);
  const sandbox = useSandboxOffer(props.repoId).data;
  const [concurrency, setConcurrency] = useState("");
  const [budget, setBudget] = useState("");
  const [autoLand, setAutoLand] = useState(false);
  const [mode, setMode] = useState<PlanPermissionMode>("default");
  const [domains, setDomains] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const agents = parseOptionalNumber(concurrency, "Agents at once");
    const dollars = parseOptionalNumber(budget, "The budget");
    if (!agents.ok || !dollars.ok) {
      setProblem(!agents.ok ? agents.message : !dollars.ok ? dollars.message : null);
      return;
    }
    setProblem(null);
    const body: StartPlanRunBody = {
      concurrency: agents.value,
      budgetUsd: dollars.value,
      autoLand,
      permissionMode: mode,
      ...(mode === "sandboxed" ? { allowedDomains: domains } : {}),
    };
    start.mutate(body);
  };
  return (
    <form
      onSubmit={submit}
      data-testid="run-plan-form"
      className="mb-4 flex flex-wrap items-end gap-3 rounded-md border border-zinc-200 px-3 py-2 text-xs dark:border-zinc-800"
    >
      <p className="w-full text-zinc-600 dark:text-zinc-400">
        Run the plan: each node whose parent has landed gets its own worktree and agent, its work is committed and
        checked, and it lands in the merge order.
      </p>
      {mode === "sandboxed" ? (
        <p className="w-full text-zinc-600 dark:text-zinc-400" data-testid="run-sandbox-note">
          Sandboxed: agents edit files and run commands without asking, inside Claude Code&apos;s sandbox. Commands can
          write only in their worktree and reach only the domains listed; anything else still asks you.
        </p>
      ) : null}
      <NumberField
        label="Agents at once"
        testId="run-concurrency"
        placeholder="automatic"
        value={concurrency}
        onChange={setConcurrency}
      />
      <NumberField
        label="Budget in dollars"
        testId="run-budget"
        placeholder="none"
        value={budget}
        onChange={setBudget}
      />
      <label className="flex flex-col gap-1">
        Agents start in
        <Select
          data-testid="run-mode"
          value={mode}
          onChange={(event) => setMode(event.target.value as PlanPermissionMode)}
        >
          <option value="default">Ask</option>
          <option value="acceptEdits">Accept edits</option>
          <option value="sandboxed" disabled={sandbox?.isOffered === false} title={sandbox?.reason ?? undefined}>
            {sandbox?.isOffered === false ? "Sandboxed (not offered here)" : "Sandboxed"}
          </option>
        </Select>
      </label>
      {mode === "sandboxed" ? (
        <label className="flex min-w-48 flex-1 flex-col gap-1">
          Network allowed to
          <TextInput
            data-testid="run-allowed-domains"
            placeholder="no domain (e.g. registry.npmjs.org)"
            value={domains}
            onChange={(event) => setDomains(event.target.value)}
          />
        </label>
      ) : null}
      <label className="flex items-center gap-1.5 py-1.5">
        <input
          type="checkbox"
          data-testid="run-auto-land"
          checked={autoLand}
          onChange={(event) => setAutoLand(event.target.checked)}
        />
        Land when checks pass
      </label>
      <Button variant="primary" size="lg" type="submit" data-testid="run-plan" disabled={start.isPending}>
        {start.isPending ? "Starting…" : "Run"}
      </Button>
      {sandbox?.isOffered === false ? (
        <p className="w-full text-[11px] text-zinc-500" data-testid="run-sandbox-unavailable">
          {sandbox.reason}
        </p>
      ) : null}
      {problem || start.error ? (
        <div className="w-full">
          <ErrorNotice error={problem ?? start.error} testId="run-plan-error" />
        </div>
      ) : null}
    </form>
  );
}

/** A labelled number box whose text is read by parseOptionalNumber on submit. */
function NumberField(props: {
  label: string;
  testId: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <label className="flex flex-col gap-1">
      {props.label}
      <TextInput
        data-testid={props.testId}
        inputMode="decimal"
        placeholder={props.placeholder}
        className="w-24"
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
      />
    </label>
  );
}

function PlanRunBoard(props: { run: PlanRunView; onOpenWorktree: (worktreePath: string, repoId?: string) => void }) {
  const { run } = props;
  const resume = useStartPlanRun(run.planId);
  const pause = usePausePlanRun(run.planId);
  const columns = groupIntoColumns(run.nodes);
  const hasInterrupted = run.nodes.some((node) => node.state === "interrupted");
  const isFinished = run.nodes.every((node) => node.state === "landed" || node.state === "skipped");
  return (
    <section data-testid="plan-run-board" aria-label="Plan run" className="mb-4">
      <div className="mb-2 flex flex-wrap items-center gap-2">
        <h3 className="text-sm font-semibold">Plan run</h3>
        <p className="flex-1 text-xs text-zinc-500" data-testid="plan-run-summary">
          {summarizeRun(run)}
        </p>
        {isFinished ? (
          <Badge tone="emerald" data-testid="plan-run-finished">
            finished
          </Badge>
        ) : run.isPaused || hasInterrupted ? (
          <Button data-testid="plan-run-resume" disabled={resume.isPending} onClick={() => resume.mutate({})}>
            Resume
          </Button>
        ) : (
          <Button data-testid="plan-run-pause" disabled={pause.isPending} onClick={() => pause.mutate(undefined)}>
            Pause
          </Button>
        )}
      </div>
      {resume.error ? <ErrorNotice error={resume.error} /> : null}
      {pause.error ? <ErrorNotice error={pause.error} /> : null}
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-6">
        {BOARD_COLUMNS.map((column) => (
          <div
            key={column.id}
            data-testid={`board-column-${column.id}`}
            // On a phone an empty column is left out: the cards are what the reader scrolls for.
            className={`min-w-0 rounded-md bg-zinc-50 p-2 dark:bg-zinc-900/60 ${columns[column.id].length === 0 ? "hidden sm:block" : ""}`}
          >
            <h4 className="mb-1.5 text-[11px] font-semibold tracking-wide text-zinc-500 uppercase">
              {column.title} <span className="font-normal">{columns[column.id].length}</span>
            </h4>
            <ul className="flex flex-col gap-1.5">
              {columns[column.id].map((node) => (
                <PlanNodeCard key={node.slug} run={run} node={node} onOpenWorktree={props.onOpenWorktree} />
              ))}
            </ul>
          </div>
        ))}
      </div>
    </section>
  );
}
