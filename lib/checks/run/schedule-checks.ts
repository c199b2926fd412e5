import type { ChecksContext, ChecksFinished, ChecksState } from "@/lib/checks/run/checks-state.ts";
import { isAppError } from "@/lib/errors/app-error.ts";
import { runChecksIfTreeChanged } from "./checks-after-edit.ts";
import { cancelCheckRun, debounceCheckRun, type CheckRequest } from "./check-debouncer.ts";
import { runWorktreeChecks } from "./worktree-checks.ts";

/** How long a worktree must stay quiet after a Claude run changed files before its checks run. */
export const CHECK_DEBOUNCE_MS = 750;
/** How long a worktree must stay quiet after an edit outside Claude (an editor saves, a script writes in bursts). */
export const EDIT_DEBOUNCE_MS = 2000;

type WorktreeRef = { repoId: string; worktreePath: string };

/**
 * Runs the worktree's checks once it has been quiet for CHECK_DEBOUNCE_MS after a Claude run that
 * changed files; `onFinished` is told the results. Another change meanwhile starts the wait again.
 * A repository that is untrusted or has no check is skipped without a word here (the worktree's
 * checks say why); anything else that goes wrong is logged.
 */
export function scheduleWorktreeChecks(ctx: ChecksContext, input: WorktreeRef & { onFinished?: ChecksFinished }): void {
  const request = { isEditOnly: false, isBusy: () => false, onFinished: input.onFinished };
  schedule(ctx, input, request, CHECK_DEBOUNCE_MS);
}

/**
 * The file watcher saw the worktree's files change: its checks run after EDIT_DEBOUNCE_MS of quiet
 * if the files then differ from what was tested (checks-after-edit.ts). Skipped while `isBusy`
 * (Claude is running or queued there, and its end schedules the checks with its auto-fix; or a
 * land or removal holds the worktree while git changes it).
 */
export function scheduleChecksAfterEdit(ctx: ChecksContext, input: WorktreeRef & { isBusy: () => boolean }): void {
  schedule(ctx, input, { isEditOnly: true, isBusy: input.isBusy, onFinished: undefined }, EDIT_DEBOUNCE_MS);
}

/** Drops the worktree's pending automatic run, if any (the worktree is gone). */
export function cancelScheduledChecks(checks: ChecksState, input: WorktreeRef): void {
  cancelCheckRun(checks.debounces, keyOf(input));
}

const keyOf = (input: WorktreeRef) => `${input.repoId}\0${input.worktreePath}`;

function schedule(
  ctx: ChecksContext,
  input: WorktreeRef,
  request: CheckRequest<ChecksFinished>,
  delayMs: number,
): void {
  const ref = { repoId: input.repoId, worktreePath: input.worktreePath };
  debounceCheckRun({
    pending: ctx.checks.debounces,
    key: keyOf(ref),
    request,
    delayMs,
    fire: (merged) => void fire(ctx, ref, merged),
  });
}

async function fire(ctx: ChecksContext, input: WorktreeRef, request: CheckRequest<ChecksFinished>): Promise<void> {
  try {
    if (!request.isEditOnly) {
      await runWorktreeChecks(ctx, { ...input, onFinished: request.onFinished });
      return;
    }
    if (request.isBusy()) return;
    await runChecksIfTreeChanged(ctx, input);
  } catch (error) {
    if (isAppError(error) && error.code === "precondition_failed") return;
    console.warn(`[arbor] the checks of ${input.worktreePath} did not start: ${String(error)}`);
  }
}
