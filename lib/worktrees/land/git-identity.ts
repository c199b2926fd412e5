import { AppError } from "@/lib/errors/app-error.ts";
import { runGitCommand } from "@/lib/git/run/run-git.ts";

/** What git says, somewhere in its output, when it has no user.name / user.email to commit with. */
export const GIT_IDENTITY_MISSING = /identity unknown|tell me who you are|empty ident|unable to auto-detect email/i;

/**
 * Whether a rebase stopped only because git could not write a commit as the user (no conflict to
 * resolve): such a rebase is undone rather than left for the user to finish.
 */
export function isStoppedForIdentity(input: { conflictingFileCount: number; gitOutput: string }): boolean {
  return input.conflictingFileCount === 0 && GIT_IDENTITY_MISSING.test(input.gitOutput);
}

/** The refusal when git cannot commit for want of a name or email: what was (not) done, and the two commands that fix it. */
export function identityMissingError(input: { notDone: string; then?: string; cause?: unknown }): AppError {
  return new AppError(
    "precondition_failed",
    `Git does not know who you are, so ${input.notDone}. Run \`git config --global user.name "Your Name"\` and \`git config --global user.email you@example.com\`, then ${input.then ?? "land again"}.`,
    input.cause === undefined ? undefined : { cause: input.cause },
  );
}

/**
 * Refuses, before anything changes, when git in `cwd` has no committer identity: `git var
 * GIT_COMMITTER_IDENT` is as strict as a commit (an empty user.name fails it too), so a rebase is
 * not started only to stop at its first commit. Any other failure is left to the command that follows.
 */
export async function assertCommitterIdentity(input: { cwd: string; notDone: string; then?: string }): Promise<void> {
  const result = await runGitCommand({
    cwd: input.cwd,
    args: ["var", "GIT_COMMITTER_IDENT"],
    isExitCodeChecked: false,
  });
  if (result.exitCode !== 0 && GIT_IDENTITY_MISSING.test(result.stderr))
    throw identityMissingError({ notDone: input.notDone, ...(input.then ? { then: input.then } : {}) });
}
