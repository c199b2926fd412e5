import type { Db } from "@/lib/db/client.ts";
import type { CheckRunView } from "@/lib/realtime/check-views.ts";
import type { EventHub } from "@/lib/realtime/event-hub.ts";
import { isRepositoryTrusted } from "@/lib/trust/repo-trust.ts";
import { publishAutoFix, readAutoFixState, takeAutoFixAttempt } from "./auto-fix-store.ts";
import { decideAutoFix, type AutoFixDecision } from "./decide-auto-fix.ts";

/** What the auto-fix touches: the rows, the browsers, the worktrees' runs, and the send of the fix (lib/context wires lib/chat's). */
export interface AutoFixContext {
  db: Db;
  hub: EventHub;
  /** Whether Claude is running or queued in a worktree, and what closes it to new runs (the run manager). */
  runs: {
    stateOf(worktreePath: string): "running" | "queued" | "idle";
    closureOf(worktreePath: string): string | null;
  };
  /** Sends the failing checks as the conversation's next message, as "Fix with Claude" does. */
  sendFix(input: { sessionId: string; isAutomatic: true }): Promise<unknown>;
}

/**
 * Once the checks that followed a Claude run have ended: when the worktree's auto-fix is on and
 * they failed, sends the failure to Claude as "Fix with Claude" would (the same message, the same
 * path), counting the attempt first so two batches cannot both send. With no attempt left it sends
 * nothing and says so to the browsers: the worktree then waits for the user in "What needs you".
 */
export async function autoFixFailedChecks(
  ctx: AutoFixContext,
  input: { sessionId: string; repoId: string; worktreePath: string; results: readonly CheckRunView[] },
): Promise<AutoFixDecision> {
  const ref = { repoId: input.repoId, worktreePath: input.worktreePath };
  const [state, isTrusted] = await Promise.all([
    readAutoFixState(ctx.db, ref),
    isRepositoryTrusted(ctx.db, input.repoId),
  ]);
  const decision = decideAutoFix({
    state,
    statuses: input.results.map((run) => run.status),
    isTrusted,
    worktreeState: ctx.runs.stateOf(input.worktreePath),
    closure: ctx.runs.closureOf(input.worktreePath),
  });
  if (decision.action === "give_up") publishAutoFix(ctx.hub, ref, state);
  if (decision.action !== "send") return decision;
  if (!(await takeAutoFixAttempt(ctx, { ...ref, seen: state }))) return { action: "none", why: "superseded" };
  await ctx.sendFix({ sessionId: input.sessionId, isAutomatic: true });
  return decision;
}
