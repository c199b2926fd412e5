import type { Db } from "@/lib/db/client.ts";
import { readTreeChanges } from "@/lib/git/read/read-tree-changes.ts";
import { readWorktreeChanges } from "@/lib/git/read/read-worktree-changes.ts";
import type { ChangesFiles, ChangesScope } from "./changes-view.ts";
import { findIndexedWorktree } from "./find-pinned-worktree.ts";
import { resolveScope } from "./resolve-scope.ts";
import type { WorktreeIndex } from "@/lib/pins/worktree-index.ts";

/**
 * The changed files of one scope of a pinned worktree, with line counts and statuses. The
 * uncommitted scope is `git status` plus `git diff HEAD --numstat` (staged, unstaged, untracked
 * and conflicted files); the others are one tree-to-tree diff.
 */
export async function readScopeFiles(
  { db, worktreeIndex }: { db: Db; worktreeIndex: WorktreeIndex },
  input: { repoId: string; worktreePath: string; scope: ChangesScope },
): Promise<ChangesFiles> {
  const { worktreePath: cwd } = await findIndexedWorktree({ db, worktreeIndex }, input);
  if (input.scope.kind === "uncommitted") {
    const changes = await readWorktreeChanges({ worktreePath: cwd });
    return { scope: input.scope, files: changes.files, totalFiles: changes.totalFiles, from: changes.head, to: null };
  }
  const range = await resolveScope(db, { cwd, scope: input.scope });
  const changes = await readTreeChanges({ cwd, from: range.from, to: range.to ?? "HEAD" });
  return { scope: input.scope, files: changes.files, totalFiles: changes.totalFiles, ...range };
}
