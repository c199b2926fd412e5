import { existsSync } from "node:fs";
import type { Db } from "@/lib/db/client.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { scanRepoWorktrees } from "@/lib/git/scan-worktrees.ts";
import type { RepoScan } from "@/lib/git/types.ts";

/** Scans the worktrees of a pinned repository, fresh from git (never from the database). */
export async function scanPinnedRepo(db: Db, input: { repoId: string }): Promise<RepoScan> {
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
  return scanRepoWorktrees({ repoPath: existing });
}
