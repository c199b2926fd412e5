import type { PromptCheck } from "@/lib/prompt/types.ts";
import type { FailingChecksSummary } from "@/lib/realtime/check-views.ts";
import { resetAutoFixAttempts } from "@/lib/checks/auto-fix/auto-fix-store.ts";
import { readPromptChecks } from "@/lib/checks/prompt-checks.ts";
import { readFailingChecks, worktreeKey } from "@/lib/checks/read-failing-checks.ts";
import { readFixMessage } from "@/lib/checks/read-fix-message.ts";
import type { ChecksContext, ChecksFinished } from "./checks-state.ts";
import { scheduleWorktreeChecks } from "./schedule-checks.ts";

type WorktreeRef = { repoId: string; worktreePath: string };

/**
 * What a conversation asks of the repository's checks, on the runtime context as `repoChecks`
 * (`checks` is their state): lib/chat reaches the checks only through it. In run/, which may
 * import the checks' other rooms (they do not import run/).
 */
export interface ChecksPort {
  /** A Claude run changed the worktree's files: its checks run once it is quiet; `onFinished` hears the results. */
  afterRun(input: WorktreeRef & { onFinished?: ChecksFinished }): void;
  /** The latest result of each configured check, as the prompt's scan section states it. */
  forPrompt(ref: WorktreeRef): Promise<PromptCheck[]>;
  /** The worktrees' failing checks, read at once; the lookup answers null where none fails. */
  failingIn(worktrees: readonly WorktreeRef[]): Promise<(ref: WorktreeRef) => FailingChecksSummary | null>;
  /** "Fix with Claude"'s message: the failing checks, or null when none is failing. */
  fixMessage(ref: WorktreeRef): Promise<string | null>;
  /** The user spoke in the worktree: its automatic fixes count from zero again. */
  restartAutoFix(ref: WorktreeRef): Promise<void>;
}

export function createChecksPort(ctx: ChecksContext): ChecksPort {
  return {
    afterRun: (input) => scheduleWorktreeChecks(ctx, input),
    forPrompt: (ref) => readPromptChecks(ctx.db, ref),
    failingIn: async (worktrees) => {
      const failing = await readFailingChecks(ctx.db, worktrees);
      return (ref) => failing.get(worktreeKey(ref)) ?? null;
    },
    fixMessage: (ref) => readFixMessage(ctx.db, ref),
    restartAutoFix: (ref) => resetAutoFixAttempts(ctx, ref),
  };
}
