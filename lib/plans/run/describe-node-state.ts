import { revealInvisible } from "@/lib/git/parse/reveal-invisible.ts";
import { listInWords } from "./dependency-status.ts";
import type { PlanRunNode } from "./plan-run.ts";

/** Files named in a conflict before "and n more". */
const CONFLICT_FILES_NAMED = 3;

/**
 * A node's state in the words the board and the tree show: "checks failed (trying again 1 of 2)".
 * What git, a repository or an agent wrote into it (a branch in a failure, a conflicting file, a
 * question) has its invisible characters written out, so a name cannot read as another.
 */
export function describeNodeState(node: PlanRunNode): string {
  return revealInvisible(describeInWords(node));
}

function describeInWords(node: PlanRunNode): string {
  const state = node.state;
  switch (state.name) {
    case "waiting":
    case "queued":
      return state.reason;
    case "running":
      return node.checkFailures > 0 ? "running: fixing its failed checks" : "running";
    case "waiting_for_user":
      return state.waitingFor.kind === "tool"
        ? `waiting for you: allow ${state.waitingFor.toolName}?`
        : `waiting for you: ${state.waitingFor.question}`;
    case "checking":
      return "checking";
    case "checks_failed":
      return state.isWaitingForUser
        ? `checks failed${state.maxAttempts > 0 ? ` after ${state.maxAttempts} automatic ${state.maxAttempts === 1 ? "fix" : "fixes"}` : ""}; waiting for you`
        : `checks failed (trying again ${state.attempt} of ${state.maxAttempts})`;
    case "ready":
      return "ready to land";
    case "landing":
      return "landing";
    case "landed":
      return "landed";
    case "failed":
      return `failed: ${state.message}`;
    case "stopped":
      return state.cause.kind === "user" ? "stopped" : `stopped: merge conflict in ${namedFiles(state.cause.files)}`;
    case "skipped":
      return "skipped";
    case "interrupted":
      return "interrupted by a restart; retry it";
  }
}

/** Whether the node waits on the user ("What needs you" lists these first). */
export function needsUser(node: PlanRunNode): boolean {
  const state = node.state;
  switch (state.name) {
    case "waiting_for_user":
    case "failed":
    case "stopped":
    case "interrupted":
      return true;
    case "checks_failed":
      return state.isWaitingForUser;
    default:
      return false;
  }
}

/** Whether "What needs you" lists the node as needing the user: also a ready node that lands only on a click. */
export function waitsForUser(node: PlanRunNode, options: { autoLand: boolean }): boolean {
  return needsUser(node) || (node.state.name === "ready" && !options.autoLand);
}

function namedFiles(files: readonly string[]): string {
  if (files.length === 0) return "its branch";
  if (files.length <= CONFLICT_FILES_NAMED) return listInWords(files);
  return `${files.slice(0, CONFLICT_FILES_NAMED).join(", ")} and ${files.length - CONFLICT_FILES_NAMED} more`;
}
