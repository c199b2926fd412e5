import type { NodePhase, NodeState, PlanRunNode } from "./plan-run.ts";

/** The reason a node shows between Retry (or Resume) and the next dispatch pass, which writes the real one. */
export const TO_START_AGAIN_REASON = "waiting to start again";

/** The phase a node is in: where Retry should pick it up if it is stopped, fails or is skipped now. */
export function phaseOf(state: NodeState): NodePhase {
  switch (state.name) {
    case "waiting":
    case "queued":
      return "waiting";
    case "running":
    case "waiting_for_user":
      return "running";
    case "checking":
    case "checks_failed":
      return "checking";
    case "ready":
    case "landing":
    case "landed":
      return "landing";
    case "failed":
    case "stopped":
    case "skipped":
    case "interrupted":
      return state.phase;
  }
}

/**
 * The node picked up at `phase`: an agent's work is dispatched again (continuing its conversation
 * once it has one), checks run again (they are cached by tree), and a land goes back to ready so
 * the land queue, which checks git first, takes it again.
 */
export function resumeAtPhase(node: PlanRunNode, phase: NodePhase): PlanRunNode {
  switch (phase) {
    case "waiting":
    case "running":
      return {
        ...node,
        nextRun: node.runCount === 0 ? "spec" : node.nextRun,
        state: { name: "waiting", reason: TO_START_AGAIN_REASON },
      };
    case "checking":
      return { ...node, state: { name: "checking" } };
    case "landing":
      return { ...node, state: { name: "ready" } };
  }
}
