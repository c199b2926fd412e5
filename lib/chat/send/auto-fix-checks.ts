import { publishAutoFix, readAutoFixState, takeAutoFixAttempt } from "@/lib/checks/auto-fix/auto-fix-store.ts";
import { decideAutoFix, type AutoFixDecision } from "@/lib/checks/auto-fix/decide-auto-fix.ts";
import type { CheckRunView } from "@/lib/realtime/check-views.ts";
import { isRepositoryTrusted } from "@/lib/trust/repo-trust.ts";
import type { SendContext } from "@/lib/chat/runs/chat-runtime.ts";
import { acceptCheckFix } from "./send-check-fix.ts";

/**
 * Once the checks that followed a Claude run have ended: when the worktree's auto-fix is on and
 * they failed, sends the failure to Claude as "Fix with Claude" would (the same message, the same
 * path), counting the attempt first so two batches cannot both send. With no attempt left it sends
 * nothing and says so to the browsers: the worktree then waits for the user in "What needs you".
 */
export async function autoFixFailedChecks(
  ctx: SendContext,
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
  await acceptCheckFix(ctx, { sessionId: input.sessionId, isAutomatic: true });
  return decision;
}
