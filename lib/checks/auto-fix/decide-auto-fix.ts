import type { CheckStatus } from "@/lib/realtime/check-views.ts";
import type { AutoFixState } from "./auto-fix-view.ts";

/** What to do once the checks that followed a Claude run have ended. */
export type AutoFixDecision =
  | { action: "send" }
  /** The switch is on but every attempt is spent: nothing is sent, the user is asked (What needs you). */
  | { action: "give_up" }
  | { action: "none"; why: "off" | "not_failing" | "superseded" | "untrusted" | "busy" | "closed" };

/**
 * Whether Arbor sends the failing checks back to Claude by itself. Only a batch that ended (none
 * cancelled or still running) with a failure, in a trusted repository, in a worktree where nothing
 * is queued or running and that no land, removal or setup holds; and only while attempts are left.
 * Pure.
 */
export function decideAutoFix(input: {
  state: AutoFixState;
  statuses: readonly CheckStatus[];
  isTrusted: boolean;
  worktreeState: "running" | "queued" | "idle";
  /** Why the worktree is closed to new runs (landing, removal…), or null. */
  closure: string | null;
}): AutoFixDecision {
  if (!input.state.isEnabled) return { action: "none", why: "off" };
  if (input.statuses.some((status) => status === "cancelled" || status === "running"))
    return { action: "none", why: "superseded" };
  if (!input.statuses.some((status) => status === "failed" || status === "timed_out"))
    return { action: "none", why: "not_failing" };
  if (!input.isTrusted) return { action: "none", why: "untrusted" };
  if (input.closure !== null) return { action: "none", why: "closed" };
  if (input.worktreeState !== "idle") return { action: "none", why: "busy" };
  if (input.state.attemptsUsed >= input.state.maxAttempts) return { action: "give_up" };
  return { action: "send" };
}
