import type { Db } from "@/lib/db/client.ts";
import { isAppError } from "@/lib/errors/app-error.ts";
import { defineProcessState } from "@/lib/runtime/process-state.ts";
import { runWorktreeChecks } from "./worktree-checks.ts";

/** How long a worktree must stay quiet before its checks run by themselves (a run's last write, an editor's save). */
export const CHECK_DEBOUNCE_MS = 750;

const debouncesState = defineProcessState("checkDebounces", () => new Map<string, NodeJS.Timeout>());

/**
 * Runs the worktree's checks once it has been quiet for CHECK_DEBOUNCE_MS: another change meanwhile
 * starts the wait again. A repository that is untrusted or has no check is skipped without a
 * word here (the worktree's checks say why); anything else that goes wrong is logged.
 */
export function scheduleWorktreeChecks(db: Db, input: { repoId: string; worktreePath: string }): void {
  const debounces = debouncesState.get();
  const key = `${input.repoId}\0${input.worktreePath}`;
  clearTimeout(debounces.get(key));
  const timer = setTimeout(() => {
    debounces.delete(key);
    runWorktreeChecks(db, input).catch((error: unknown) => {
      if (isAppError(error) && error.code === "precondition_failed") return;
      console.warn(`[arbor] the checks of ${input.worktreePath} did not start: ${String(error)}`);
    });
  }, CHECK_DEBOUNCE_MS);
  timer.unref();
  debounces.set(key, timer);
}
