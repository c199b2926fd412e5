import type { FailingChecksSummary } from "@/lib/realtime/check-views.ts";

/**
 * The attention view's order: which worktree needs the user first. Pure; the rows come from
 * lib/chat/attention/list-attention.ts.
 */
export type AttentionState = "waiting" | "failed" | "checks_failed" | "unread" | "running" | "queued" | "idle";

export interface AttentionItem {
  repoId: string;
  repoLabel: string;
  worktreePath: string;
  /** The worktree's branch when its conversation last looked (null: detached or never seen). */
  branch: string | null;
  sessionId: string;
  state: AttentionState;
  /** The latest run's status and when it started and ended (ISO), null before any run. */
  lastRun: { status: string; startedAt: string | null; finishedAt: string | null; errorMessage: string | null } | null;
  /** The worktree's latest checks did not pass; null when they pass, run or never ran. */
  failingChecks: FailingChecksSummary | null;
  /** What this conversation's runs have cost so far (the CLI's figures), null before any run reported one. */
  costUsd: number | null;
  /** The plan node whose agent works here, if any: the row is named by it and says its state. */
  planNode?: PlanNodeLabel | null;
}

/** A plan node as "What needs you" names it (filled in by lib/plan-runs, which chat does not import). */
export interface PlanNodeLabel {
  planId: string;
  planTitle: string;
  slug: string;
  title: string;
  /** The board's words for its state ("checks failed (trying again 1 of 2)", "ready to land"…). */
  description: string;
  needsUser: boolean;
}

const RANK: Record<AttentionState, number> = {
  waiting: 0,
  failed: 1,
  checks_failed: 2,
  unread: 3,
  running: 4,
  queued: 5,
  idle: 6,
};

const FAILED = new Set(["failed", "timed_out", "interrupted"]);

/**
 * One state per worktree: waiting for the user beats everything; then a failed run the user has
 * not seen, then failing checks (they stay until the checks pass), then an unseen answer; then
 * running, queued and idle.
 */
export function attentionState(input: {
  liveState: "waiting" | "running" | "queued" | "idle";
  hasUnread: boolean;
  lastRunStatus: string | null;
  hasFailingChecks?: boolean;
}): AttentionState {
  if (input.liveState !== "idle") return input.liveState;
  if (input.hasUnread && input.lastRunStatus && FAILED.has(input.lastRunStatus)) return "failed";
  if (input.hasFailingChecks) return "checks_failed";
  return input.hasUnread ? "unread" : "idle";
}

/**
 * What "What needs you" says of failing checks: the check and how it ended, or, once automatic
 * fixes gave up, that the user must look. Pure.
 */
export function describeFailingChecks(checks: FailingChecksSummary): string {
  if (checks.autoFixesSpent !== null) {
    const fixes = checks.autoFixesSpent === 1 ? "1 automatic fix" : `${checks.autoFixesSpent} automatic fixes`;
    return `Checks still fail after ${fixes} — look at it`;
  }
  const ending = checks.status === "timed_out" ? "timed out" : "failed";
  const others = checks.count > 1 ? ` (and ${checks.count - 1} more)` : "";
  return `Check "${checks.name}" ${ending}${others}`;
}

/** What a `worktree_activity` message says about one worktree: its live state, and how its last run ended. */
export interface LiveAttentionChange {
  worktreePath: string;
  state: "queued" | "running" | "waiting" | "idle";
  lastRunStatus: string | null;
  /** The run that just ended, when the message carries it (the view then needs no fresh read). */
  lastRun?: AttentionItem["lastRun"];
  /** The conversation's cost so far, with that run's, when the message carries it. */
  costUsd?: number | null;
}

/**
 * The view with one worktree's announced state put in at once, re-ranked, without waiting for the
 * list to be read again: a run that just ended counts as unread (the open chat marks it read and
 * the next read says so). The same array when the worktree is not listed or nothing changes.
 */
export function applyLiveAttention(items: AttentionItem[], change: LiveAttentionChange): AttentionItem[] {
  const index = items.findIndex((item) => item.worktreePath === change.worktreePath);
  if (index === -1) return items;
  const current = items[index]!;
  const state = attentionState({
    liveState: change.state,
    hasUnread:
      change.state === "idle" &&
      change.lastRunStatus !== null &&
      current.state !== "idle" &&
      current.state !== "checks_failed",
    lastRunStatus: change.lastRunStatus,
    hasFailingChecks: current.failingChecks !== null,
  });
  const lastRun = change.lastRun ?? current.lastRun;
  const costUsd = change.costUsd === undefined ? current.costUsd : change.costUsd;
  if (state === current.state && lastRun === current.lastRun && costUsd === current.costUsd) return items;
  const next = [...items];
  next[index] = { ...current, state, lastRun, costUsd };
  return rankAttention(next);
}

/** A worktree's row of the repository's activity as a `worktree_activity` message says it, as the list would. */
export interface LiveActivityChange {
  worktreePath: string;
  sessionId: string;
  state: "queued" | "running" | "waiting" | "idle";
  /** Set when the message says: a run just ended (true), or the user just read the chat (false). */
  hasUnread?: boolean;
}

/**
 * The repository's activity rows with one worktree's announced state put in (added when new), so the
 * worktree list follows runs without reading the list again. The same array when nothing changes.
 */
export function applyLiveActivity<Row extends LiveActivityChange & { hasUnread: boolean }>(
  rows: Row[],
  change: LiveActivityChange,
): Row[] {
  const index = rows.findIndex((row) => row.worktreePath === change.worktreePath);
  const current = index === -1 ? null : rows[index]!;
  const hasUnread = change.hasUnread ?? current?.hasUnread ?? false;
  if (
    current &&
    current.state === change.state &&
    current.hasUnread === hasUnread &&
    current.sessionId === change.sessionId
  )
    return rows;
  const row = {
    ...(current ?? {}),
    worktreePath: change.worktreePath,
    sessionId: change.sessionId,
    state: change.state,
    hasUnread,
  } as Row;
  return index === -1 ? [...rows, row] : rows.map((existing, at) => (at === index ? row : existing));
}

/** Most urgent first; within a state the most recent activity first, then by path for a stable order. */
export function rankAttention(items: AttentionItem[]): AttentionItem[] {
  const lastActivity = (item: AttentionItem) =>
    Date.parse(item.lastRun?.finishedAt ?? item.lastRun?.startedAt ?? "") || 0;
  return [...items].sort(
    (a, b) =>
      RANK[a.state] - RANK[b.state] ||
      lastActivity(b) - lastActivity(a) ||
      a.worktreePath.localeCompare(b.worktreePath),
  );
}

/** How many worktrees need the user now (waiting, failed, or checks failing): the tab title's count. */
export function countNeedingUser(items: AttentionItem[]): number {
  return items.filter((item) => item.state === "waiting" || item.state === "failed" || item.state === "checks_failed")
    .length;
}

/**
 * The view once the user read a worktree's chat: its unread or failed answer is seen, so it is
 * idle, or shows its failing checks (only passing checks clear those).
 */
export function markAttentionRead(items: AttentionItem[] | undefined, sessionId: string): AttentionItem[] | undefined {
  if (!items) return items;
  const index = items.findIndex((item) => item.sessionId === sessionId);
  const current = index === -1 ? null : items[index]!;
  if (!current || (current.state !== "unread" && current.state !== "failed")) return items;
  const state: AttentionState = current.failingChecks ? "checks_failed" : "idle";
  return rankAttention(items.map((item, at) => (at === index ? { ...item, state } : item)));
}

/** A plan node as a `plan_run` message carries it. */
export interface AnnouncedPlanNode {
  slug: string;
  title: string;
  description: string;
  needsUser: boolean;
  worktreePath: string | null;
}

/**
 * The view with a plan run's announced node states put in at once (a `plan_run` message), without
 * reading the list again: each row whose worktree is a node's gets that node's title and words. The
 * plan's title is the one the row already had. The same array when nothing changes.
 */
export function applyPlanNodes(
  items: AttentionItem[],
  announced: { planId: string; nodes: readonly AnnouncedPlanNode[] },
): AttentionItem[] {
  const byPath = new Map(announced.nodes.flatMap((node) => (node.worktreePath ? [[node.worktreePath, node]] : [])));
  let changed = false;
  const next = items.map((item) => {
    const node = byPath.get(item.worktreePath);
    if (!node) return item;
    const previous = item.planNode;
    if (
      previous &&
      previous.planId === announced.planId &&
      previous.slug === node.slug &&
      previous.title === node.title &&
      previous.description === node.description &&
      previous.needsUser === node.needsUser
    ) {
      return item;
    }
    changed = true;
    const planTitle = previous?.planId === announced.planId ? previous.planTitle : "";
    const { slug, title, description, needsUser } = node;
    return { ...item, planNode: { planId: announced.planId, planTitle, slug, title, description, needsUser } };
  });
  return changed ? next : items;
}
