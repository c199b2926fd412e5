import type { NodeEventType } from "./node-events.ts";
import type { NodeStateName, PlanRunNode } from "./plan-run.ts";

/** A state as the end of "it is …", for refusals. */
const STATE_WORDS: Record<NodeStateName, string> = {
  waiting: "waiting to start",
  queued: "queued",
  running: "running",
  waiting_for_user: "waiting for you",
  checking: "running its checks",
  checks_failed: "fixing its failed checks",
  ready: "ready to land",
  landing: "landing",
  landed: "landed",
  failed: "failed",
  stopped: "stopped",
  skipped: "skipped",
  interrupted: "interrupted by a restart",
};

function stateWords({ state }: PlanRunNode): string {
  if (state.name === "checks_failed" && state.isWaitingForUser) return "waiting for you after its checks failed";
  return STATE_WORDS[state.name];
}

/** How a user names each event in "Cannot … <slug>". */
const EVENT_VERBS: Record<NodeEventType, string> = {
  dependencies_met: "queue",
  held: "hold",
  dispatched: "start",
  needs_user: "ask you about",
  user_answered: "pass your answer to",
  run_ended: "end the run of",
  checks_started: "run the checks of",
  checks_passed: "pass the checks of",
  checks_failed: "fail the checks of",
  retry: "retry",
  land_started: "land",
  landed: "mark as landed",
  land_conflict: "report a conflict for",
  failed: "mark as failed",
  stop: "stop",
  skip: "skip",
  plan_resumed: "resume",
  interrupted_by_restart: "mark as interrupted",
  spec_edited: "edit the spec of",
};

/** What to do instead, for the refusals a user can meet by clicking. */
function hintFor(type: NodeEventType, node: PlanRunNode): string {
  const state = node.state.name;
  if (state === "landed") return " Its work is already on the base branch.";
  if (type === "dispatched") return " A node is never started twice.";
  if ((type === "skip" || type === "stop") && state === "landing") return " Wait until it lands or reports a conflict.";
  if (type === "skip") return " Stop it first, then skip it.";
  if (type === "retry")
    return " Only a failed, stopped, skipped or interrupted node, or one whose checks wait for you, can be retried.";
  if (type === "spec_edited") return " Its agent has already started from the spec: send the agent a message instead.";
  if (type === "land_started") return " A node lands once its checks pass and its agent asks nothing.";
  if (type === "checks_started")
    return " Checks run again on a node that is ready or whose failed checks wait for you.";
  return "";
}

/** "Cannot retry a landed node: …", "Cannot stop api while it is landing. …": what was refused and what to do. */
export function refusalMessage(type: NodeEventType, node: PlanRunNode): string {
  const verb = EVENT_VERBS[type];
  if (node.state.name === "landed" && (type === "retry" || type === "skip" || type === "stop")) {
    return `Cannot ${verb} a landed node: ${node.slug} has landed.${hintFor(type, node)}`;
  }
  if (type === "spec_edited") return `Cannot ${verb} ${node.slug}.${hintFor(type, node)}`;
  return `Cannot ${verb} ${node.slug} while it is ${stateWords(node)}.${hintFor(type, node)}`;
}
