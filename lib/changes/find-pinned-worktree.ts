import { realpath } from "node:fs/promises";
import path from "node:path";
import type { Db } from "@/lib/db/client.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { assertWorktreeFolder } from "@/lib/git/read/read-worktree-changes.ts";
import { createWorktreeIndex, listIndexedWorktrees, type WorktreeIndex } from "@/lib/pins/worktree-index.ts";

/**
 * The worktree a changes request names, as git lists it, when it is a worktree of the pinned
 * repository `repoId` (compared by real path, so `..` and symlinks cannot lead elsewhere). Uses
 * the pinned-worktree index (one `git worktree list` per repository, kept 15 s) instead of a full
 * scan; a worktree it does not know yet makes it list again once. Throws not_found when the folder
 * is gone, invalid_input when it is not a worktree of that repository. Another instance's repository
 * (its files are on that machine) is refused before this runs, where the request enters (withLocalRepo).
 */
export async function findIndexedWorktree(
  parts: { db: Db; worktreeIndex: WorktreeIndex },
  input: { repoId: string; worktreePath: string },
): Promise<{ repoId: string; worktreePath: string }> {
  if (!path.isAbsolute(input.worktreePath)) {
    throw new AppError(
      "invalid_input",
      `"${input.worktreePath}" is not an absolute path. Choose a worktree from the list.`,
    );
  }
  await assertWorktreeFolder(input.worktreePath);
  const wanted = await realpath(input.worktreePath);
  for (const isFreshNeeded of [false, true]) {
    const found = (await listIndexedWorktrees(parts, { isFreshNeeded })).find(
      (worktree) => worktree.repoId === input.repoId && worktree.path === wanted,
    );
    if (found) return { repoId: found.repoId, worktreePath: found.listedPath };
  }
  throw new AppError(
    "invalid_input",
    `"${input.worktreePath}" is not a worktree of a pinned repository. Pin the repository, rescan, and pick the worktree from the list.`,
  );
}

/** The same with an index of its own: only lib/changes/worktree-watchers.ts, until it is handed the context's. */
export function findPinnedWorktree(
  db: Db,
  input: { repoId: string; worktreePath: string },
): Promise<{ repoId: string; worktreePath: string }> {
  return findIndexedWorktree({ db, worktreeIndex: createWorktreeIndex() }, input);
}
