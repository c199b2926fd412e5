import { existsSync } from "node:fs";
import type { Db } from "@/lib/db/client.ts";
import { chooseDefaultBranch } from "@/lib/design/choose-default-branch.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { readBranchNames } from "@/lib/git/read/read-branch-names.ts";
import { readBranchProgress } from "@/lib/git/read/read-branch-progress.ts";
import type { RepoProgress } from "./worktree-types.ts";
import { listWorktreeEntries } from "@/lib/git/read/list-worktree-entries.ts";
import { runWithConcurrency } from "@/lib/git/run-with-concurrency.ts";

/** Worktrees read at once (each is three short git processes). */
const CONCURRENCY = 4;

/**
 * Each linked worktree on a branch other than the default one, against the default branch: commits
 * ahead and behind, lines added and removed since the branch left it. Read from git each time (its
 * own request, so the worktree list stays as fast as it is); a worktree git cannot compare is left out.
 */
export async function readRepoProgress(db: Db, input: { repoId: string }): Promise<RepoProgress> {
  const repo = await db.repo.findUnique({ where: { id: input.repoId }, select: { rootPath: true } });
  if (!repo) throw new AppError("not_found", "That repository is not pinned. Pin it again from the left column.");
  if (!existsSync(repo.rootPath)) {
    throw new AppError(
      "not_found",
      `The repository directory ${repo.rootPath} no longer exists. Restore it, or remove the pin and pin its new location.`,
    );
  }
  const [entries, names] = await Promise.all([
    listWorktreeEntries({ cwd: repo.rootPath }),
    readBranchNames(repo.rootPath),
  ]);
  const base = chooseDefaultBranch({
    branchNames: new Set(names.local.keys()),
    originHead: names.originHead,
    mainWorktreeBranch: entries[0]?.branch ?? null,
  });
  if (!base) return { base: null, worktrees: [] };
  const linked = entries
    .slice(1)
    .filter((entry) => entry.head && !entry.isBare && entry.branch !== base && existsSync(entry.path));
  const read = await runWithConcurrency({
    items: linked,
    limit: CONCURRENCY,
    task: (entry) => readBranchProgress({ worktreePath: entry.path, base }).catch(() => null),
  });
  return {
    base,
    worktrees: linked.flatMap((entry, index) => {
      const progress = read[index];
      return progress ? [{ worktreePath: entry.path, ...progress }] : [];
    }),
  };
}
