import path from "node:path";
import { getConfig } from "@/lib/config/current-config.ts";
import type { Db } from "@/lib/db/client.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { resolvePinnedWorktree } from "@/lib/pins/resolve-pinned-worktree.ts";
import { scanPinnedRepo } from "@/lib/pins/scan-pinned-repo.ts";

export type HookScope = "worktree" | "repo" | "user";

export interface HookTarget {
  /** The Claude Code settings file to change. */
  file: string;
  /** The git common dir, for keeping a local settings file out of `git status`. */
  commonDir: string | null;
}

/** The Claude Code user settings file (honours CLAUDE_CONFIG_DIR like the CLI). */
export function userSettingsFile(claudeConfigDir = getConfig().claudeConfigDir): string {
  return path.join(claudeConfigDir, "settings.json");
}

/**
 * Which settings files an install touches: a worktree's `.claude/settings.local.json` (local
 * settings: never committed, so the hook path stays private), every worktree of a repository,
 * or the user-level settings.
 */
export async function listHookTargets(
  db: Db,
  input: { scope: HookScope; repoId?: string; worktreePath?: string },
): Promise<HookTarget[]> {
  if (input.scope === "user") return [{ file: userSettingsFile(), commonDir: null }];
  if (!input.repoId) throw new AppError("invalid_input", "Choose a repository (repoId) to install hooks for.");
  if (input.scope === "worktree") {
    if (!input.worktreePath)
      throw new AppError("invalid_input", "Choose a worktree (worktreePath) to install hooks for.");
    const { worktree } = await resolvePinnedWorktree(db, { repoId: input.repoId, worktreePath: input.worktreePath });
    const repo = await db.repo.findUniqueOrThrow({ where: { id: input.repoId } });
    return [{ file: localSettingsFile(worktree.path), commonDir: repo.commonDir }];
  }
  const scan = await scanPinnedRepo(db, { repoId: input.repoId });
  return scan.worktrees
    .filter((worktree) => !worktree.isMissing && !worktree.isBare)
    .map((worktree) => ({ file: localSettingsFile(worktree.path), commonDir: scan.commonDir }));
}

export function localSettingsFile(worktreePath: string): string {
  return path.join(worktreePath, ".claude", "settings.local.json");
}
