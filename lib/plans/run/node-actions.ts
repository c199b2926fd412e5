import type { NodeEvent } from "./node-events.ts";

/** What the user may do to one node from the board. */
export type NodeAction =
  | { type: "retry" }
  | { type: "skip" }
  | { type: "stop" }
  | { type: "land" }
  | { type: "recheck" }
  | { type: "edit_spec"; spec: string }
  | { type: "answer"; message: string };

/** The core's event for a user's action (lib/plan-runs applies it, refusing what the state does not allow). */
export function eventFor(action: NodeAction): NodeEvent {
  switch (action.type) {
    case "retry":
    case "skip":
    case "stop":
      return { type: action.type };
    case "land":
      return { type: "land_started" };
    case "recheck":
      return { type: "checks_started" };
    case "edit_spec":
      return { type: "spec_edited", spec: action.spec };
    case "answer":
      return { type: "user_answered" };
  }
}
