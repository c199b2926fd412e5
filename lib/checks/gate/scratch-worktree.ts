import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { runGit } from "@/lib/git/run/run-git.ts";

/** A scratch worktree made on first use: `checkout` puts exactly a tree there and answers its folder. */
export interface ScratchWorktree {
  checkout(input: { commit: string; tree: string }): Promise<string>;
}

/**
 * Readies a tree just checked out in the scratch for its checks, as the layer above knows how (the
 * worktrees' dependencies and setup files: lib/worktrees/gate-setup); answers lines to show before
 * each check's output, or "". It may leave symbolic links into the user's worktrees there: what
 * cleans and removes the scratch never follows one (git clean and rm unlink a link).
 */
export type PrepareScratch = (input: {
  scratchPath: string;
  tree: string;
  /** The branch's worktree: the one the tree is closest to. */
  worktreePath: string;
  signal: AbortSignal;
}) => Promise<string>;

/**
 * Hands `use` a scratch worktree of the repository, made only when first checked out (`git
 * worktree add --detach --no-checkout` at `commit` in a temporary folder, then `read-tree -u
 * --reset` of `tree`); a later checkout first removes what the previous check and its preparation
 * left (`clean -ffdx`: a link is unlinked, never followed), then moves its HEAD and files to the
 * next commit and tree, so each tree is tested as a fresh checkout would be. It is always removed
 * again, folder and git's record of it, however `use` ends. No hook runs (Arbor's git overrides
 * switch them off); the user's worktrees, branches and index are not touched.
 */
export async function withScratchWorktree<T>(
  input: { repoCwd: string },
  use: (scratch: ScratchWorktree) => Promise<T>,
): Promise<T> {
  let folder: string | null = null;
  let scratchPath: string | null = null;
  const scratch: ScratchWorktree = {
    async checkout({ commit, tree }) {
      if (scratchPath === null) {
        folder = await mkdtemp(path.join(tmpdir(), "arbor-gate-"));
        const added = path.join(folder, "merge");
        await runGit({ cwd: input.repoCwd, args: ["worktree", "add", "--detach", "--no-checkout", added, commit] });
        scratchPath = added;
        await runGit({ cwd: added, args: ["read-tree", "-u", "--reset", tree] });
        return added;
      }
      // Cleaned first, so no link the last step made stands where the next tree writes its files.
      await runGit({ cwd: scratchPath, args: ["clean", "-ffdxq"] });
      await runGit({ cwd: scratchPath, args: ["update-ref", "--no-deref", "HEAD", commit] });
      await runGit({ cwd: scratchPath, args: ["read-tree", "-u", "--reset", tree] });
      return scratchPath;
    },
  };
  try {
    return await use(scratch);
  } finally {
    if (folder !== null) await removeScratch({ repoCwd: input.repoCwd, folder, scratchPath });
  }
}

async function removeScratch(input: { repoCwd: string; folder: string; scratchPath: string | null }) {
  const isRemoved =
    input.scratchPath !== null &&
    (await runGit({ cwd: input.repoCwd, args: ["worktree", "remove", "--force", input.scratchPath] }).then(
      () => true,
      () => false,
    ));
  // rm unlinks a symbolic link it meets (the dependencies linked in): it never deletes what one leads to.
  await rm(input.folder, { recursive: true, force: true, maxRetries: 3 });
  // A removal that failed (or an add that failed half way) leaves git's record of a folder that is gone: pruned here.
  if (!isRemoved) await runGit({ cwd: input.repoCwd, args: ["worktree", "prune"] }).catch(() => undefined);
}
