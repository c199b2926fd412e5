import type { NodeStateName, PlanRunNode, WaitingFor } from "./plan-run.ts";

/** A fact about one node, reported by the wiring or asked for by the user. */
export type NodeEvent =
  /** Its dependencies are met but it cannot start yet: waiting → queued. */
  | { type: "dependencies_met"; reason: string }
  /** Why a waiting or queued node still waits (planNextDispatches says); unmet dependencies put it back to waiting. */
  | { type: "held"; reason: string; areDependenciesMet: boolean }
  /** Its agent run starts (worktree made, message sent): recorded before the process is spawned. */
  | { type: "dispatched" }
  /** Its live run asks the user something (a tool to allow, an AskUserQuestion). */
  | { type: "needs_user"; waitingFor: WaitingFor }
  /** The user answered; a question left by an ended run starts a new run. */
  | { type: "user_answered" }
  /** The agent's run ended; `question` when its last answer asks the user something. */
  | { type: "run_ended"; question: string | null }
  /** The user asks for the checks again (after fixing by hand). */
  | { type: "checks_started" }
  | { type: "checks_passed" }
  /** The node's checks (or the merge gate's, while landing) failed; up to `maxAutomaticRetries` fixes go to its agent. */
  | { type: "checks_failed"; maxAutomaticRetries: number }
  | { type: "retry" }
  | { type: "land_started" }
  | { type: "landed"; at: string }
  | { type: "land_conflict"; files: string[] }
  /** Something broke that the agent or checks cannot fix by themselves (the CLI crashed, git refused). */
  | { type: "failed"; message: string }
  | { type: "stop" }
  | { type: "skip" }
  /** The plan resumed (after a pause or a restart): interrupted nodes pick up where they were cut. */
  | { type: "plan_resumed" }
  | { type: "interrupted_by_restart" }
  | { type: "spec_edited"; spec: string };

export type NodeEventType = NodeEvent["type"];

/** Why an event was refused: `message` is for the user, the rest for the wiring's logs and tests. */
export interface NodeEventRefusal {
  slug: string;
  event: NodeEventType;
  /** Null when the run has no such node. */
  state: NodeStateName | null;
  message: string;
}

export type NodeEventResult = { ok: true; node: PlanRunNode } | { ok: false; refusal: NodeEventRefusal };
