import type { Db } from "@/lib/db/client.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { readGitMessage, runGit, runGitCommand } from "@/lib/git/run-git.ts";
import { isRepositoryTrusted } from "@/lib/trust/repo-trust.ts";
import { checkLanding, neutralMergeDrivers } from "./land-check.ts";
import { liveRunState, publishWorktreeListChange } from "./worktree-facts.ts";
import type { LandMethod, LandResult } from "./worktree-types.ts";

const LAND_TIMEOUT_MS = 120_000;

/**
 * Lands a worktree's branch into its base, in the worktree that has the base checked out: a merge
 * commit, one squashed commit, or a fast-forward (only when the base has nothing the branch lacks).
 * Refused, with checkLanding's reasons, unless the check is clean with nothing in the way, and once
 * more right before git starts if a run began meanwhile. Hooks and merge drivers run only in a
 * trusted repository. A merge git gives up on half way is undone (`merge --abort`, `reset --merge`)
 * so the base worktree is left as it was.
 */
export async function landWorktree(
  db: Db,
  input: { repoId: string; worktreePath: string; base?: string; method: LandMethod },
): Promise<LandResult> {
  const check = await checkLanding(db, input);
  const { branch, base } = check;
  if (check.blockers.length > 0)
    throw new AppError("conflict", `${branch} was not landed: ${check.blockers.join(" ")}`, {
      details: { blockers: check.blockers },
    });
  if (check.status === "nothing_to_land")
    throw new AppError("conflict", `${base} already has every commit of ${branch}; there is nothing to land.`);
  if (check.status === "conflicts")
    throw new AppError(
      "conflict",
      `${branch} was not landed: merging it into ${base} would conflict in ${check.conflictingFiles.join(", ")}. Merge ${base} into the branch in its worktree and resolve the conflicts there first.`,
      { details: { conflictingFiles: check.conflictingFiles } },
    );
  if (input.method === "fast-forward" && check.baseAhead > 0)
    throw new AppError(
      "precondition_failed",
      `${base} has ${check.baseAhead} ${check.baseAhead === 1 ? "commit" : "commits"} that ${branch} lacks, so it cannot fast-forward. Rebase the branch onto ${base} in its worktree first, or land it with a merge commit.`,
    );
  const cwd = check.baseWorktreePath!;
  if (
    liveRunState({ repoId: input.repoId, worktreePath: cwd }) !== "idle" ||
    liveRunState({ repoId: input.repoId, worktreePath: check.worktreePath }) !== "idle"
  )
    throw new AppError("conflict", `${branch} was not landed: a run started just now; try again after it.`);
  const isTrusted = await isRepositoryTrusted(db, input.repoId);
  const mergeDrivers = isTrusted ? [] : await neutralMergeDrivers(cwd);
  const git = (args: string[]) =>
    runGitCommand({
      cwd,
      args,
      allowRepositoryCode: isTrusted,
      extraConfig: mergeDrivers,
      timeoutMs: LAND_TIMEOUT_MS,
    });
  const ref = `refs/heads/${branch}`;
  try {
    if (input.method === "merge") await git(["merge", "--no-ff", "-m", `Merge branch '${branch}' into ${base}`, ref]);
    else if (input.method === "fast-forward") await git(["merge", "--ff-only", ref]);
    else {
      await git(["merge", "--squash", ref]);
      await git(["commit", "--no-edit"]);
    }
  } catch (error) {
    await runGit({ cwd, args: input.method === "squash" ? ["reset", "--merge"] : ["merge", "--abort"] }).catch(
      () => undefined,
    );
    if (/identity unknown|tell me who you are|empty ident/i.test(readGitMessage(error) + String(error)))
      throw new AppError(
        "precondition_failed",
        `Git does not know who you are, so ${branch} was not landed (the ${base} worktree is as it was). Run \`git config --global user.name "Your Name"\` and \`git config --global user.email you@example.com\`, then land again.`,
        { cause: error },
      );
    throw new AppError(
      "conflict",
      `git could not land ${branch} into ${base} (${readGitMessage(error)}); the ${base} worktree was put back as it was. Fix what git reports (a hook? who you are in git config?), then try again.`,
      { cause: error },
    );
  }
  const commit = (await runGit({ cwd, args: ["rev-parse", "HEAD"] })).trim();
  publishWorktreeListChange(input.repoId);
  return { branch, base, baseWorktreePath: cwd, method: input.method, commit };
}
