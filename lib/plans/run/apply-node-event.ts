import { AppError } from "@/lib/errors/app-error.ts";
import type { NodeEvent, NodeEventResult } from "./node-events.ts";
import { phaseOf, resumeAtPhase } from "./node-phase.ts";
import { refusalMessage } from "./node-refusals.ts";
import type { PlanRunNode } from "./plan-run.ts";

/**
 * The node after `event`, or a refusal saying why it cannot happen in the node's state. Pure: the
 * caller stores the node it gets back. Every transition of issue #37 is here; anything not listed
 * is refused, so a late or repeated event (a run that ends after its node was stopped) changes nothing.
 */
export function applyNodeEvent(node: PlanRunNode, event: NodeEvent): NodeEventResult {
  const next = transition(node, event);
  if (next) return { ok: true, node: next };
  return {
    ok: false,
    refusal: { slug: node.slug, event: event.type, state: node.state.name, message: refusalMessage(event.type, node) },
  };
}

/** applyNodeEvent for a user's action: a refusal becomes AppError("conflict") with its message. */
export function applyNodeEventOrThrow(node: PlanRunNode, event: NodeEvent): PlanRunNode {
  const result = applyNodeEvent(node, event);
  if (result.ok) return result.node;
  throw new AppError("conflict", result.refusal.message, { details: { ...result.refusal } });
}

function transition(node: PlanRunNode, event: NodeEvent): PlanRunNode | null {
  const state = node.state;
  const hasLiveRun = state.name === "running" || (state.name === "waiting_for_user" && state.isRunLive);
  switch (event.type) {
    case "dependencies_met":
      return state.name === "waiting" ? { ...node, state: { name: "queued", reason: event.reason } } : null;
    case "held":
      if (state.name !== "waiting" && state.name !== "queued") return null;
      return { ...node, state: { name: event.areDependenciesMet ? "queued" : "waiting", reason: event.reason } };
    case "dispatched":
      if (state.name !== "waiting" && state.name !== "queued" && !isAutomaticFixDue(node)) return null;
      return { ...node, runCount: node.runCount + 1, nextRun: "continue", state: { name: "running" } };
    case "needs_user":
      return hasLiveRun
        ? { ...node, state: { name: "waiting_for_user", waitingFor: event.waitingFor, isRunLive: true } }
        : null;
    case "user_answered":
      if (state.name !== "waiting_for_user") return null;
      return { ...node, runCount: node.runCount + (state.isRunLive ? 0 : 1), state: { name: "running" } };
    case "run_ended":
      if (!hasLiveRun) return null;
      if (event.question === null) return { ...node, state: { name: "checking" } };
      return {
        ...node,
        state: {
          name: "waiting_for_user",
          waitingFor: { kind: "question", question: event.question },
          isRunLive: false,
        },
      };
    case "checks_started":
      return (state.name === "checks_failed" && state.isWaitingForUser) || state.name === "ready"
        ? { ...node, state: { name: "checking" } }
        : null;
    case "checks_passed":
      return state.name === "checking" ? { ...node, checkFailures: 0, state: { name: "ready" } } : null;
    case "checks_failed":
      return state.name === "checking" || state.name === "landing"
        ? failChecks(node, node.checkFailures + 1, event.maxAutomaticRetries)
        : null;
    case "retry":
      return retry(node);
    case "land_started":
      return state.name === "ready" ? { ...node, state: { name: "landing" } } : null;
    case "landed":
      return state.name === "landing" ? { ...node, state: { name: "landed", landedAt: event.at } } : null;
    case "land_conflict":
      if (state.name !== "landing") return null;
      return { ...node, state: { name: "stopped", cause: { kind: "conflict", files: event.files }, phase: "landing" } };
    case "failed":
      if (!hasLiveRun && !["waiting", "queued", "checking", "landing"].includes(state.name)) return null;
      return { ...node, state: { name: "failed", message: event.message, phase: phaseOf(state) } };
    case "stop":
      if (["landing", "landed", "failed", "stopped", "skipped"].includes(state.name)) return null;
      return { ...node, state: { name: "stopped", cause: { kind: "user" }, phase: phaseOf(state) } };
    case "skip":
      if (hasLiveRun || ["checking", "landing", "landed", "skipped"].includes(state.name)) return null;
      return { ...node, state: { name: "skipped", phase: phaseOf(state) } };
    case "plan_resumed":
      return state.name === "interrupted" ? resumeAtPhase(node, state.phase) : node;
    case "interrupted_by_restart":
      if (!hasLiveRun && state.name !== "checking" && state.name !== "landing") return null;
      return { ...node, state: { name: "interrupted", phase: phaseOf(state) } };
    case "spec_edited":
      return node.runCount === 0 && state.name !== "landed" ? { ...node, spec: event.spec } : null;
  }
}

/** A node whose checks failed and whose next fix goes to its agent without asking the user. */
export function isAutomaticFixDue(node: PlanRunNode): boolean {
  return node.state.name === "checks_failed" && !node.state.isWaitingForUser;
}

/** Failure number `failures`: a fix goes to the agent while failures ≤ max, then the user decides. */
function failChecks(node: PlanRunNode, failures: number, maxAutomaticRetries: number): PlanRunNode {
  const max = Math.max(0, Math.floor(maxAutomaticRetries));
  const isWaitingForUser = failures > max;
  return {
    ...node,
    checkFailures: failures,
    nextRun: "fix_checks",
    state: { name: "checks_failed", attempt: Math.min(failures, max), maxAttempts: max, isWaitingForUser },
  };
}

function retry(node: PlanRunNode): PlanRunNode | null {
  const state = node.state;
  switch (state.name) {
    case "checks_failed":
      // The user steps in: a fresh round of automatic fixes, counting the failure at hand as the first.
      return state.isWaitingForUser ? failChecks(node, 1, Math.max(1, state.maxAttempts)) : null;
    case "stopped":
      if (state.cause.kind === "conflict") {
        return {
          ...node,
          nextRun: "resolve_conflict",
          state: { name: "waiting", reason: "waiting to resolve its conflict" },
        };
      }
      return resumeAtPhase(node, state.phase);
    case "failed":
    case "skipped":
    case "interrupted":
      return resumeAtPhase(node, state.phase);
    default:
      return null;
  }
}
