import { describeNodeState, needsUser, waitsForUser } from "./describe-node-state.ts";
import type { ServerMessage } from "@/lib/realtime/protocol.ts";
import type { LandingPick } from "./next-to-land.ts";
import type { NodeState, NodeStateName, RunPurpose } from "./plan-run.ts";
import { landedAtOf, type NodeChecks, type PlanRunOptions, type StoredPlanRun } from "./plan-run-record.ts";

/** One agent run of a node as GET /api/plans/{planId}/run shows it. */
export interface NodeRunView {
  id: string;
  purpose: RunPurpose;
  startedAt: string;
  /** The chat's run status: queued, running, success, failed, cancelled, timed_out, interrupted. */
  status: string;
  costUsd: number | null;
}

export interface PlanRunNodeView {
  slug: string;
  title: string;
  state: NodeStateName;
  /** The state with its details (why it waits, what it asks, which files conflict). */
  detail: NodeState;
  /** The state in the board's words. */
  description: string;
  needsUser: boolean;
  spec: string;
  dependsOn: readonly string[];
  startFrom: "base" | "parent_branch";
  branch: string | null;
  worktreePath: string | null;
  sessionId: string | null;
  runs: NodeRunView[];
  landedAt: string | null;
  costUsd: number;
  checks: NodeChecks | null;
  autoCommit: string | null;
  /**
   * The runner the node's agent works on: another Arbor's clone (its repository, where the
   * worktree and conversation above are). Null: this Arbor's clone.
   */
  runner: { label: string; repoId: string } | null;
  /** The runner whose work was taken over here (to check and land), if any. */
  ranOn: string | null;
}

export interface PlanRunView extends PlanRunOptions {
  planId: string;
  repoId: string;
  isPaused: boolean;
  /** The agents at once in force: the plan's number, or the machine's default. */
  concurrencyInForce: number;
  spentUsd: number;
  /** Which node lands next, or why none does. */
  landing: LandingPick;
  nodes: PlanRunNodeView[];
}

/** What the view reads beyond the stored run: each run's row, the concurrency in force, the next land. */
export interface PlanRunViewFacts {
  runs: ReadonlyMap<string, { status: string; costUsd: number | null }>;
  concurrencyInForce: number;
  landing: LandingPick;
}

/** The run as the API and the board show it; costs add up each node's runs (subagents are in the CLI's total). Pure. */
export function toPlanRunView(stored: StoredPlanRun, facts: PlanRunViewFacts): PlanRunView {
  const nodes = stored.run.nodes.map((node): PlanRunNodeView => {
    const work = stored.work.get(node.slug);
    const runs = (work?.runs ?? []).map((ref): NodeRunView => {
      const row = facts.runs.get(ref.runId);
      return {
        id: ref.runId,
        purpose: ref.purpose,
        startedAt: ref.startedAt,
        status: row?.status ?? "unknown",
        costUsd: row?.costUsd ?? null,
      };
    });
    return {
      slug: node.slug,
      title: work?.title ?? node.slug,
      state: node.state.name,
      detail: node.state,
      description: describeNodeState(node),
      needsUser: needsUser(node),
      spec: node.spec,
      dependsOn: node.dependsOn,
      startFrom: node.startFrom,
      branch: work?.branch ?? null,
      worktreePath: work?.worktreePath ?? null,
      sessionId: work?.sessionId ?? null,
      runs,
      landedAt: landedAtOf(node.state),
      costUsd: sumUsd(runs.map((run) => run.costUsd ?? 0)),
      checks: work?.checks ?? null,
      autoCommit: work?.autoCommit ?? null,
      runner: work?.runner ? { label: work.runner.label, repoId: work.runner.repoId } : null,
      ranOn: work?.ranOn ?? null,
    };
  });
  return {
    planId: stored.planId,
    repoId: stored.repoId,
    isPaused: stored.run.isPaused,
    ...stored.options,
    concurrencyInForce: facts.concurrencyInForce,
    spentUsd: sumUsd(nodes.map((node) => node.costUsd)),
    landing: facts.landing,
    nodes,
  };
}

/** Dollars added in millionths (the CLI's costs have six places), so the board never shows $0.30000000000000004. */
export const sumUsd = (amounts: readonly number[]): number =>
  amounts.reduce((sum, amount) => sum + Math.round(amount * 1_000_000), 0) / 1_000_000;

/**
 * The question an agent's last answer ends with, or null: its last paragraph ends with "?". A node
 * whose agent asks something waits for the user instead of being checked and landed. Pure.
 */
export function questionInAnswer(answer: string | null): string | null {
  const paragraphs = (answer ?? "")
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== "");
  const last = paragraphs.at(-1);
  if (!last || !last.endsWith("?")) return null;
  return last.length > 300 ? `…${last.slice(-299)}` : last;
}

/** The `plan_run` message of a run: each node's state, in words too, so a board can show it at once. */
export function planRunMessage(stored: StoredPlanRun): Extract<ServerMessage, { type: "plan_run" }> {
  return {
    type: "plan_run",
    repoId: stored.repoId,
    planId: stored.planId,
    version: stored.version,
    isPaused: stored.run.isPaused,
    nodes: stored.run.nodes.map((node) => ({
      slug: node.slug,
      title: stored.work.get(node.slug)?.title ?? node.slug,
      state: node.state.name,
      description: describeNodeState(node),
      needsUser: waitsForUser(node, stored.options),
      worktreePath: stored.work.get(node.slug)?.worktreePath ?? null,
    })),
  };
}
