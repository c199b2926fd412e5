import type { NodeStateName } from "@/lib/plans/run/plan-run.ts";
import type { PlanRunNodeView, PlanRunView } from "@/lib/plans/run/plan-run-view.ts";

/** The board's columns, in the order a node moves through them; "Needs you" is first, since it waits on the reader. */
export const BOARD_COLUMNS = [
  { id: "needs_you", title: "Needs you" },
  { id: "waiting", title: "Waiting" },
  { id: "running", title: "Running" },
  { id: "checking", title: "Checking" },
  { id: "ready", title: "Ready to land" },
  { id: "landed", title: "Landed" },
] as const;

export type BoardColumnId = (typeof BOARD_COLUMNS)[number]["id"];

const COLUMN_OF: Record<NodeStateName, BoardColumnId> = {
  waiting: "waiting",
  queued: "waiting",
  running: "running",
  waiting_for_user: "needs_you",
  checking: "checking",
  checks_failed: "checking",
  ready: "ready",
  landing: "ready",
  landed: "landed",
  failed: "needs_you",
  stopped: "needs_you",
  skipped: "landed",
  interrupted: "needs_you",
};

/** Which column a node is in: anything that waits on the user is under "Needs you". Pure. */
export function columnOf(node: PlanRunNodeView): BoardColumnId {
  return node.needsUser ? "needs_you" : COLUMN_OF[node.state];
}

/** The nodes of each column, in the plan's order. */
export function groupIntoColumns(nodes: readonly PlanRunNodeView[]): Record<BoardColumnId, PlanRunNodeView[]> {
  const columns = Object.fromEntries(BOARD_COLUMNS.map((column) => [column.id, [] as PlanRunNodeView[]])) as Record<
    BoardColumnId,
    PlanRunNodeView[]
  >;
  for (const node of nodes) columns[columnOf(node)].push(node);
  return columns;
}

export type NodeActionName = "retry" | "skip" | "stop" | "land" | "recheck" | "answer" | "edit";

/**
 * The buttons a node's card offers in its state; the server decides again and says why when a
 * click comes too late. `autoLand`: a ready node lands by itself, so it has no Land button. Pure.
 */
export function nodeActions(
  node: PlanRunNodeView,
  input: { autoLand: boolean; nextToLand: string | null },
): NodeActionName[] {
  const detail = node.detail;
  switch (detail.name) {
    case "waiting":
    case "queued":
      // Its task can change until its agent first starts.
      return node.runs.length === 0 ? ["edit", "skip"] : ["skip"];
    case "running":
      return ["stop"];
    case "waiting_for_user":
      return detail.isRunLive ? ["stop"] : ["answer", "stop"];
    case "checks_failed":
      return detail.isWaitingForUser ? ["retry", "recheck", "skip"] : ["stop"];
    case "checking":
      return ["stop"];
    case "ready":
      return !input.autoLand && input.nextToLand === node.slug ? ["land", "recheck"] : ["recheck"];
    case "failed":
    case "skipped":
    case "interrupted":
      return detail.name === "skipped" ? ["retry"] : ["retry", "skip"];
    case "stopped":
      return ["retry", "skip"];
    case "landing":
    case "landed":
      return [];
  }
}

/** "3 of 5 landed · $1.20 spent of $5.00": the plan's line above the board. */
export function summarizeRun(run: PlanRunView): string {
  const landed = run.nodes.filter((node) => node.state === "landed").length;
  const spent = `$${run.spentUsd.toFixed(2)} spent${run.budgetUsd === null ? "" : ` of $${run.budgetUsd.toFixed(2)}`}`;
  const paused = run.isPaused ? " · paused" : "";
  const capped =
    run.concurrency !== null && run.concurrency > run.concurrencyInForce
      ? ` (${run.concurrency} asked; Settings allows ${run.concurrencyInForce})`
      : "";
  return `${landed} of ${run.nodes.length} landed · ${spent} · ${run.concurrencyInForce} agents at once${capped}${paused}`;
}

/**
 * A number box's text for the API: empty is null (automatic, no budget), a number is itself, and
 * anything else is refused here with what to type, never sent as null (which would mean "automatic"). Pure.
 */
export function parseOptionalNumber(
  text: string,
  label: string,
): { ok: true; value: number | null } | { ok: false; message: string } {
  const trimmed = text.trim();
  if (trimmed === "") return { ok: true, value: null };
  const value = Number(trimmed);
  if (Number.isFinite(value)) return { ok: true, value };
  return { ok: false, message: `${label} must be a number, not "${trimmed}". Type a number, or leave it empty.` };
}
