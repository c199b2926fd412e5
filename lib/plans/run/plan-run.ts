/**
 * The plan run's pure core (issue #37, "The plan runs the fleet"): what state each node of a design
 * tree is in, which nodes start now, which one lands next and how many agents run at once. No
 * database, process or git here; the wiring (routes, run manager, land queue) keeps a PlanRun in
 * the database and calls, in this order:
 *
 * - `createPlanRun(request)` (create-plan-run.ts): validates the request, one `waiting` node per design node.
 * - `planNextDispatches(run, { slots, budget })`: the nodes to start now (record `dispatched` BEFORE
 *   spawning, so a crash can never start one twice) and, per node held back, the event recording why.
 * - `applyNodeEvent(node, event)` / `applyRunEvent(run, { slug, event })`: every fact (run ended, checks
 *   failed, landed…) moves a node, or is refused with a message for the user (a late event is dropped).
 * - `nextToLand(run, mergeOrder)`: the one node to land now, in the merge order.
 * - after a restart, `recoverAfterRestart(run)`, then `resumePlan(run)` unless the plan was paused.
 * - `describeNodeState(node)` and `needsUser(node)`: the words on the board and "What needs you".
 *
 * The wiring acts on the state a node enters: `running` by dispatch → start the agent with the
 * Dispatch's purpose; `checking` → commit what the agent left and run the checks; `ready` → land it
 * when nextToLand names it (at once with autoLand, else on the user's click).
 */

/** Every state a node can be in, in the order a node normally passes through them. */
export const NODE_STATE_NAMES = [
  "waiting",
  "queued",
  "running",
  "waiting_for_user",
  "checking",
  "checks_failed",
  "ready",
  "landing",
  "landed",
  "failed",
  "stopped",
  "skipped",
  "interrupted",
] as const;

export type NodeStateName = (typeof NODE_STATE_NAMES)[number];

/** Where a node was when it was stopped, failed, skipped or cut: Retry picks it up there (node-phase.ts). */
export type NodePhase = "waiting" | "running" | "checking" | "landing";

/** What the next agent run of a node is for: the wiring picks its first message from this. */
export type RunPurpose = "spec" | "continue" | "fix_checks" | "resolve_conflict";

/** What a node waits for the user about: a tool to allow, or a question its agent asked. */
export type WaitingFor = { kind: "tool"; toolName: string } | { kind: "question"; question: string };

export type NodeState =
  /** Its dependencies have not landed (or the reason says what else holds it). */
  | { name: "waiting"; reason: string }
  /** Its dependencies are met, but no slot or budget is free yet. */
  | { name: "queued"; reason: string }
  | { name: "running" }
  /** `isRunLive`: the agent's process still runs (a tool prompt) rather than a run that ended with a question. */
  | { name: "waiting_for_user"; waitingFor: WaitingFor; isRunLive: boolean }
  | { name: "checking" }
  /** `attempt` of `maxAttempts` automatic fixes; past them the node waits for the user. */
  | { name: "checks_failed"; attempt: number; maxAttempts: number; isWaitingForUser: boolean }
  /** Checks passed and the agent's last answer asked nothing. */
  | { name: "ready" }
  | { name: "landing" }
  | { name: "landed"; landedAt: string }
  | { name: "failed"; message: string; phase: NodePhase }
  | { name: "stopped"; cause: { kind: "user" } | { kind: "conflict"; files: string[] }; phase: NodePhase }
  | { name: "skipped"; phase: NodePhase }
  /** A run, its checks or its land cut by a restart of Arbor. */
  | { name: "interrupted"; phase: NodePhase };

export interface PlanRunNode {
  slug: string;
  /** Slugs that must land first (a design tree gives at most one: the node's parent). */
  dependsOn: readonly string[];
  /** "parent_branch": stacked work, started from the parent's branch once the parent is ready. */
  startFrom: "base" | "parent_branch";
  /** The node's task as sent in its first message; editable until its first run starts. */
  spec: string;
  /** The plan's estimate of one run of this node, in dollars: nothing starts that the budget cannot cover. */
  estimateUsd: number;
  /** Agent runs started for this node so far. */
  runCount: number;
  nextRun: RunPurpose;
  /** Check failures since the user last stepped in (or the checks last passed). */
  checkFailures: number;
  state: NodeState;
}

export interface PlanRun {
  /** Paused: nothing new starts or lands; agents already running finish their run. */
  isPaused: boolean;
  /** In the design tree's node order, which is also the order fresh nodes start in. */
  nodes: readonly PlanRunNode[];
}
