import { AppError } from "@/lib/errors/app-error.ts";
import type { NodeState, NodeStateName, PlanRun, PlanRunNode, RunPurpose } from "./plan-run.ts";

/** The modes a plan's agents start in: the chat's Ask and Accept edits, or Claude Code's own sandbox. */
export const PLAN_PERMISSION_MODES = ["default", "acceptEdits", "sandboxed"] as const;
export type PlanPermissionMode = (typeof PLAN_PERMISSION_MODES)[number];

/** What the user chose when starting (or resuming) a plan run. */
export interface PlanRunOptions {
  /** Agents at once; null: the machine's default. */
  concurrency: number | null;
  /** Land each node as soon as it is ready, in the merge order; else one click per node. */
  autoLand: boolean;
  permissionMode: PlanPermissionMode;
  /** Null: no budget. */
  budgetUsd: number | null;
  /** The domains sandboxed agents may reach (permissionMode sandboxed); none by default. */
  allowedDomains: string[];
}

/** One agent run started for a node. */
export interface NodeRunRef {
  runId: string;
  purpose: RunPurpose;
  startedAt: string;
}

/** The last checks of a node: passed, failed, or none ran (`note` says why). */
export interface NodeChecks {
  status: "passed" | "failed" | "not_run";
  at: string;
  note: string | null;
}

/**
 * The runner whose agents work on the node: another instance (or this one, through its own offer),
 * for one attempt. A new attempt (the runner's lease ran out, or its work was taken over here)
 * makes every report of the last one stale.
 */
export interface NodeRunner {
  instanceId: string;
  label: string;
  /** The runner's own clone (its repository row): the node's worktree and conversation are there. */
  repoId: string;
  attempt: string;
  /** When the attempt was handed out: a runner that started after it lost the attempt with its process. */
  since: string;
  /** Where the runner pushed the node's work on the shared remote, once it did. */
  pushedRef: string | null;
}

/** Where a node works: what git and the chat hold for it, filled in as its first run starts. */
export interface NodeWork {
  title: string;
  branch: string | null;
  worktreePath: string | null;
  sessionId: string | null;
  runs: NodeRunRef[];
  checks: NodeChecks | null;
  /** The commit Arbor made of what the agent left uncommitted, if any. */
  autoCommit: string | null;
  /** Null: the node works on this instance's clone (the worktree above is here). */
  runner: NodeRunner | null;
  /** The runner whose pushed work this instance took over (to check and land it here), if any. */
  ranOn: string | null;
}

/** A node as stored: the core's node and its work. */
export type StoredNode = PlanRunNode & { work: NodeWork };

/** A plan run as the wiring keeps it: the core's run, each node's work, the options, the row's version. */
export interface StoredPlanRun {
  id: string;
  planId: string;
  repoId: string;
  version: number;
  options: PlanRunOptions;
  run: PlanRun;
  work: ReadonlyMap<string, NodeWork>;
}

export const emptyWork = (title: string): NodeWork => ({
  title,
  branch: null,
  worktreePath: null,
  sessionId: null,
  runs: [],
  checks: null,
  autoCommit: null,
  runner: null,
  ranOn: null,
});

/** The `nodes` column: the core's nodes with their work, in the run's order. */
export function serializeNodes(run: PlanRun, work: ReadonlyMap<string, NodeWork>): string {
  return JSON.stringify(
    run.nodes.map((node): StoredNode => ({ ...node, work: work.get(node.slug) ?? emptyWork(node.slug) })),
  );
}

/** Reads the `nodes` column back; a row Arbor cannot read is a clear error, never a silent reset. */
export function parseNodes(text: string): { nodes: PlanRunNode[]; work: Map<string, NodeWork> } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw unreadable("it is not JSON");
  }
  if (!Array.isArray(parsed)) throw unreadable("it is not a list of nodes");
  const nodes: PlanRunNode[] = [];
  const work = new Map<string, NodeWork>();
  for (const entry of parsed as StoredNode[]) {
    if (typeof entry?.slug !== "string" || typeof entry.state?.name !== "string")
      throw unreadable("a node has no slug or state");
    const { work: nodeWork, ...node } = entry;
    nodes.push(node);
    work.set(node.slug, { ...emptyWork(node.slug), ...nodeWork });
  }
  return { nodes, work };
}

function unreadable(why: string): AppError {
  return new AppError(
    "internal",
    `This plan's run cannot be read (${why}). Nothing was changed; stop the run with DELETE and start it again.`,
  );
}

/** The node's state with the time it landed, if it did. */
export const landedAtOf = (state: NodeState): string | null => (state.name === "landed" ? state.landedAt : null);

export type { NodeStateName };
