import { realpath } from "node:fs/promises";
import path from "node:path";
import type { Db } from "@/lib/db/client.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { scanRepoWorktrees } from "@/lib/git/read/scan-worktrees.ts";
import type { WorktreeScan } from "@/lib/git/types.ts";

/**
 * The only way a path becomes a working directory for Claude: it must be one of the
 * worktrees that a fresh scan of a pinned repository reports. Paths with `..`, symlinks that
 * lead elsewhere, and siblings of the repository are compared by real path and refused. Another
 * instance's repository is refused where the request enters (withLocalRepo), before anything
 * looks at this machine's disk.
 */
export async function resolvePinnedWorktree(
  db: Db,
  input: { repoId: string; worktreePath: string },
): Promise<{ repoId: string; worktree: WorktreeScan }> {
  if (!path.isAbsolute(input.worktreePath)) {
    throw new AppError(
      "invalid_input",
      `"${input.worktreePath}" is not an absolute path. Choose a worktree from the list.`,
    );
  }
  const repo = await db.repo.findUnique({ where: { id: input.repoId }, include: { pins: true } });
  if (!repo || repo.pins.length === 0) {
    throw new AppError("not_found", "That repository is not pinned. Pin it from the left column first.");
  }
  const scan = await scanRepoWorktrees({ repoPath: repo.rootPath });
  const wanted = await realPathOrNull(input.worktreePath);
  for (const worktree of scan.worktrees) {
    if (worktree.isMissing || worktree.isBare) continue;
    const candidate = await realPathOrNull(worktree.path);
    if (candidate !== null && candidate === wanted) return { repoId: repo.id, worktree };
  }
  throw new AppError(
    "invalid_input",
    `"${input.worktreePath}" is not a worktree of ${repo.name}. Only worktrees listed by git for a pinned repository can be opened; rescan and pick one from the list.`,
  );
}

async function realPathOrNull(target: string): Promise<string | null> {
  try {
    return await realpath(target);
  } catch {
    return null;
  }
}
