import { AppError } from "@/lib/errors/app-error.ts";
import { readGitMessage, readGitOutput, runGit, runGitCommand, type GitCommandResult } from "@/lib/git/run/run-git.ts";
import { GIT_IDENTITY_MISSING, identityMissingError } from "./git-identity.ts";
import { liveRunState, type WorktreeContext } from "@/lib/worktrees/worktree-facts.ts";

const LAND_TIMEOUT_MS = 120_000;

/** git in the base's worktree as a land runs it: hooks and drivers only when trusted, a time limit. */
export type BaseGit = (args: string[]) => Promise<GitCommandResult>;

/**
 * Once the worktrees are held: refuses, saying what happened, when a run started in one of them
 * or the base moved since the check saw it at `baseCommit` (another program committed on it).
 */
export async function assertUnchangedSinceCheck(
  ctx: WorktreeContext,
  input: { repoId: string; baseCwd: string; worktreePaths: string[]; baseCommit: string; base: string; what: string },
): Promise<void> {
  for (const worktreePath of [input.baseCwd, ...input.worktreePaths])
    if (liveRunState(ctx, { repoId: input.repoId, worktreePath }) !== "idle")
      throw new AppError("conflict", `${input.what} was not landed: a run started just now; try again after it.`);
  const baseNow = (await runGit({ cwd: input.baseCwd, args: ["rev-parse", "--verify", "HEAD"] })).trim();
  if (baseNow !== input.baseCommit)
    throw new AppError(
      "conflict",
      `${input.base} moved while ${input.what} was being checked (it is now at ${baseNow.slice(0, 7)}), so nothing was landed. Check again, then land.`,
      { details: { isBaseMoved: true, baseCommit: baseNow } },
    );
}

/**
 * Moves the base in its worktree with `move` (merge, squash, fast-forward…) and answers its new
 * head. When git fails half way the worktree is put back (`merge --abort` after a merge, else
 * `reset --merge`), `afterUndo` may say more, and the refusal names git's complaint (or the
 * missing identity) with what to do.
 */
export async function moveBase(input: {
  cwd: string;
  isTrusted: boolean;
  mergeDrivers: string[];
  /** The branch (or branches) landing, for messages. */
  what: string;
  base: string;
  isMergeCommit: boolean;
  move: (git: BaseGit) => Promise<void>;
  afterUndo?: () => Promise<void>;
}): Promise<string> {
  const { cwd, what, base } = input;
  const git: BaseGit = (args) =>
    runGitCommand({
      cwd,
      args,
      allowRepositoryCode: input.isTrusted,
      extraConfig: input.mergeDrivers,
      timeoutMs: LAND_TIMEOUT_MS,
    });
  try {
    await input.move(git);
  } catch (error) {
    await runGit({ cwd, args: input.isMergeCommit ? ["merge", "--abort"] : ["reset", "--merge"] }).catch(
      () => undefined,
    );
    await input.afterUndo?.();
    if (GIT_IDENTITY_MISSING.test(readGitOutput(error)))
      throw identityMissingError({
        notDone: `${what} was not landed (the ${base} worktree is as it was)`,
        cause: error,
      });
    throw new AppError(
      "conflict",
      `git could not land ${what} into ${base} (${readGitMessage(error)}); the ${base} worktree was put back as it was. Fix what git reports (a hook? who you are in git config?), then try again.`,
      { cause: error },
    );
  }
  return (await runGit({ cwd, args: ["rev-parse", "HEAD"] })).trim();
}
