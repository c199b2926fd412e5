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
  /**
   * The worktree the file lives in: the repository controls everything below it, so no link there
   * is followed (see guarded-files.ts). Null for the user's own settings file.
   */
  root: string | null;
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
  if (input.scope === "user") return [userHookTarget()];
  if (!input.repoId) throw new AppError("invalid_input", "Choose a repository (repoId) to install hooks for.");
  if (input.scope === "worktree") {
    if (!input.worktreePath)
      throw new AppError("invalid_input", "Choose a worktree (worktreePath) to install hooks for.");
    const { worktree } = await resolvePinnedWorktree(db, { repoId: input.repoId, worktreePath: input.worktreePath });
    const repo = await db.repo.findUniqueOrThrow({ where: { id: input.repoId } });
    return [worktreeHookTarget({ worktreePath: worktree.path, commonDir: repo.commonDir })];
  }
  const scan = await scanPinnedRepo(db, { repoId: input.repoId });
  return scan.worktrees
    .filter((worktree) => !worktree.isMissing && !worktree.isBare)
    .map((worktree) => worktreeHookTarget({ worktreePath: worktree.path, commonDir: scan.commonDir }));
}

/** A worktree's `.claude/settings.local.json` (local settings: never committed). */
export function worktreeHookTarget(input: { worktreePath: string; commonDir: string | null }): HookTarget {
  return {
    file: path.join(input.worktreePath, ".claude", "settings.local.json"),
    commonDir: input.commonDir,
    root: input.worktreePath,
  };
}

/** The user's Claude Code settings (their own file: links there are theirs, e.g. a dotfiles manager's). */
export function userHookTarget(): HookTarget {
  return { file: userSettingsFile(), commonDir: null, root: null };
}
