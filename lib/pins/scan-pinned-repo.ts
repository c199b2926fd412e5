import { existsSync } from "node:fs";
import { providerOf, type Db } from "@/lib/db/client.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { scanRepoWorktrees } from "@/lib/git/read/scan-worktrees.ts";
import type { RepoScan } from "@/lib/git/types.ts";
import { findRepoOwner } from "@/lib/team/ownership.ts";
import { publishWorktreeScan, readPublishedScan } from "@/lib/team/published-scans.ts";

/**
 * Scans the worktrees of a pinned repository, fresh from git (never from the database). Another
 * instance's repository cannot be scanned from here: its last published scan is returned instead
 * (marked with who published it and when). On a shared database each scan of a local repository is
 * published for the others.
 */
export async function scanPinnedRepo(
  db: Db,
  input: { repoId: string },
  /** Told the repository's folder as the scan starts (a caller's own git reads can run beside it). */
  onRepoPath?: (repoPath: string) => void,
): Promise<RepoScan> {
  const owner = await findRepoOwner(db, input.repoId);
  if (owner && !owner.isLocal) return readPublishedScan(db, { repoId: input.repoId, owner });
  const repo = await db.repo.findUnique({ where: { id: input.repoId }, include: { pins: true } });
  if (!repo) throw new AppError("not_found", "That repository is not pinned. Pin it again from the left column.");
  const candidates = [repo.rootPath, ...repo.pins.map((pin) => pin.localPath)];
  const existing = candidates.find((candidate) => existsSync(candidate));
  if (!existing) {
    throw new AppError(
      "not_found",
      `The repository directory ${repo.rootPath} no longer exists. Restore it, or remove the pin and pin its new location.`,
      { details: { isMissing: true, path: repo.rootPath } },
    );
  }
  onRepoPath?.(existing);
  const scan = await scanRepoWorktrees({ repoPath: existing });
  if (providerOf(db) === "postgresql") await publishWorktreeScan(db, { repoId: repo.id, scan });
  return scan;
}
