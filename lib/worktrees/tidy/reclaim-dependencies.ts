import { lstat, realpath, rm } from "node:fs/promises";
import path from "node:path";
import { runGitCommand } from "@/lib/git/run/run-git.ts";
import type { WorktreeScan } from "@/lib/git/types.ts";
import {
  explainNotDependencyFolder,
  explainUnreachable,
  findRepositoryInside,
} from "@/lib/worktrees/dependency-folder-check.ts";
import { measureDiskUsage } from "./disk-usage.ts";
import { worktreesInside } from "@/lib/worktrees/remove/removal-blockers.ts";
import { readLastTerminalActivity, RECENT_SESSION_MS } from "@/lib/worktrees/remove/terminal-sessions.ts";
import { liveRunState, type WorktreeContext } from "@/lib/worktrees/worktree-facts.ts";
import { whileHolding } from "@/lib/worktrees/worktree-holds.ts";

/** What deleting a worktree's dependency folders did: the folders deleted and their bytes, or why none was. */
export interface DependencyReclaim {
  deleted: string[];
  bytes: number;
  reasons: string[];
}

/**
 * Deletes a worktree's named dependency folders under its hold, after a last look: a run, a recent
 * Claude session or an uncommitted change since the preview keeps them all. A folder is deleted only
 * if it is top-most by name, reached without a link, outside (and holding) no other worktree,
 * untracked by git, and holds no repository at any depth; otherwise, or if rm fails, it is kept with
 * the reason. Sizes are measured before the hold, for the report.
 */
export async function reclaimDependencies(
  ctx: WorktreeContext,
  input: { repoId: string; worktree: WorktreeScan; worktrees: readonly WorktreeScan[]; folders: readonly string[] },
): Promise<DependencyReclaim> {
  const { worktree } = input;
  const root = await realpath(worktree.path).catch(() => null);
  if (!root) return { deleted: [], bytes: 0, reasons: ["Its folder is gone."] };
  const folders = [...new Set(input.folders)];
  const sizes = new Map<string, number>();
  for (const folder of folders) {
    if (explainNotDependencyFolder(folder) === null && (await explainUnreachable(root, folder)) === null)
      sizes.set(folder, await measureFolder(path.join(root, ...folder.split("/"))).catch(() => 0));
  }
  return whileHolding(ctx, [worktree.path], { kind: "reclaim", doing: "deleting its dependency folders" }, async () => {
    const busy = await explainInUse(ctx, { repoId: input.repoId, worktreePath: worktree.path });
    if (busy) return { deleted: [], bytes: 0, reasons: [`${busy} Its dependency folders were kept.`] };
    const nested = worktreesInside(worktree.path, input.worktrees);
    const result: DependencyReclaim = { deleted: [], bytes: 0, reasons: [] };
    for (const folder of folders) {
      const absolute = path.join(root, ...folder.split("/"));
      const problem =
        explainNotDependencyFolder(folder) ??
        (await checkFolder({ root, worktreePath: worktree.path, folder, nested })) ??
        (await remove({ root, absolute }));
      if (problem) {
        result.reasons.push(`${folder} ${problem}.`);
        continue;
      }
      result.deleted.push(folder);
      result.bytes += sizes.get(folder) ?? 0;
    }
    return result;
  });
}

/** Why the worktree is in use right now (a run, a recent terminal session, an uncommitted change), or null. */
async function explainInUse(
  ctx: WorktreeContext,
  input: { repoId: string; worktreePath: string },
): Promise<string | null> {
  const { db } = ctx;
  if (liveRunState(ctx, input) !== "idle") return "A run of Arbor's started in it since the preview.";
  const now = new Date();
  const session = await readLastTerminalActivity(db, {
    worktreePath: input.worktreePath,
    now,
    windowMs: RECENT_SESSION_MS,
  });
  if (session) return "A Claude Code session is working in it.";
  const status = await runGitCommand({
    cwd: input.worktreePath,
    args: ["status", "--porcelain", "-z"],
    maxStdoutBytes: 4096,
    timeoutMs: 60_000,
  });
  return status.stdout.byteLength > 0 ? "It has uncommitted changes made since the preview." : null;
}

/** Why a folder named as a dependency folder may not be deleted now (a suffix to its name), or null. */
async function checkFolder(input: {
  root: string;
  worktreePath: string;
  folder: string;
  nested: readonly WorktreeScan[];
}): Promise<string | null> {
  const { folder } = input;
  const listed = path.join(input.worktreePath, ...folder.split("/"));
  const owner = input.nested.find(
    (inner) => inner.path === listed || worktreesInside(inner.path, [{ path: listed }]).length > 0,
  );
  if (owner) return `belongs to another worktree (${owner.path}), which lives inside this one; it was kept`;
  const inside = worktreesInside(listed, input.nested);
  if (inside.length > 0) return `holds another worktree (${inside[0]!.path}); it was kept`;
  const unreachable = await explainUnreachable(input.root, folder);
  if (unreachable) return unreachable;
  const absolute = path.join(input.root, ...folder.split("/"));
  const found = await findRepositoryInside({ absolute, relative: folder });
  if (found.repository !== null)
    return `holds a git repository of its own (${found.repository}); it was kept: delete it by hand if that work may go`;
  if (found.unreadable !== null)
    return `could not be searched for a git repository of its own (${found.unreadable} cannot be read); it was kept`;
  const tracked = await runGitCommand({
    cwd: input.worktreePath,
    args: ["ls-files", "-z", "--", `:(literal)${folder}`],
    maxStdoutBytes: 4096,
  });
  if (tracked.stdout.byteLength > 0) return "holds files git tracks; it was kept";
  if ((await realpath(absolute).catch(() => null)) !== absolute)
    return "is reached through a symbolic link now; nothing is deleted through a link";
  return null;
}

/** The bytes a folder takes on disk, itself included (as the preview counts it). */
async function measureFolder(absolute: string): Promise<number> {
  const [own, inside] = await Promise.all([lstat(absolute), measureDiskUsage(absolute)]);
  return own.blocks * 512 + inside.bytes;
}

/** Deletes the folder, or says why rm could not (some of what is in it may be gone by then). */
async function remove(input: { root: string; absolute: string }): Promise<string | null> {
  try {
    await rm(input.absolute, { recursive: true, force: true, maxRetries: 3 });
    return null;
  } catch (error) {
    const { code, path: where, message } = error as NodeJS.ErrnoException;
    const stopped = where && code ? `rm stopped at ${path.relative(input.root, where)} with ${code}` : message;
    return `could not be deleted (${stopped}); what rm deleted before that is gone, the rest was kept: check that you may change what is left (its permissions, an immutable attribute), then delete it by hand`;
  }
}
