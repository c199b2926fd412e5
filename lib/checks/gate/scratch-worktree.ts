import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { runGit } from "@/lib/git/run/run-git.ts";

/**
 * Checks out exactly `tree` in a scratch worktree of the repository (`git worktree add --detach
 * --no-checkout` at `commit` in a temporary folder, then `read-tree -u --reset`), hands its path
 * to `use`, and always removes it again, folder and git's record of it. No hook runs (Arbor's
 * git overrides switch them off); the user's worktrees, branches and index are not touched.
 */
export async function withScratchWorktree<T>(
  input: { repoCwd: string; commit: string; tree: string },
  use: (scratchPath: string) => Promise<T>,
): Promise<T> {
  const folder = await mkdtemp(path.join(tmpdir(), "arbor-gate-"));
  const scratchPath = path.join(folder, "merge");
  try {
    await runGit({
      cwd: input.repoCwd,
      args: ["worktree", "add", "--detach", "--no-checkout", scratchPath, input.commit],
    });
    await runGit({ cwd: scratchPath, args: ["read-tree", "-u", "--reset", input.tree] });
    return await use(scratchPath);
  } finally {
    await runGit({ cwd: input.repoCwd, args: ["worktree", "remove", "--force", scratchPath] }).catch(() => undefined);
    await rm(folder, { recursive: true, force: true, maxRetries: 3 });
    // A removal that failed half way leaves git's record of a folder that is gone: pruned here.
    await runGit({ cwd: input.repoCwd, args: ["worktree", "prune"] }).catch(() => undefined);
  }
}
