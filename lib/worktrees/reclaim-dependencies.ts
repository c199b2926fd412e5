import { lstat, realpath, rm } from "node:fs/promises";
import path from "node:path";
import type { Db } from "@/lib/db/client.ts";
import { runGitCommand } from "@/lib/git/run-git.ts";
import type { WorktreeScan } from "@/lib/git/types.ts";
import { measureDiskUsage } from "./disk-usage.ts";
import { worktreesInside } from "./removal-blockers.ts";
import type { DependencyFolder } from "./ship-types.ts";
import { readLastTerminalActivity, RECENT_SESSION_MS } from "./terminal-sessions.ts";
import { liveRunState } from "./worktree-facts.ts";
import { whileHolding } from "./worktree-holds.ts";

/** What deleting a worktree's dependency folders did: the folders deleted and their bytes, or why none was. */
export interface DependencyReclaim {
  deleted: string[];
  bytes: number;
  reasons: string[];
}

/**
 * Deletes the named dependency folders of a worktree, under its hold (no run starts there, no land
 * or removal takes it meanwhile), after a last look taken under that hold: a run, a recent Claude
 * Code session or an uncommitted change that appeared since the preview (another worktree's
 * reclaim may have taken minutes) keeps every folder. A folder is deleted only when a walk made
 * under the hold finds it as a dependency folder (so a request cannot name another path), no other
 * worktree lives in it, it holds no git repository of its own, its real path is where the walk found it (no folder on its way became a
 * link) and git tracks nothing in it.
 */
export async function reclaimDependencies(
  db: Db,
  input: { repoId: string; worktree: WorktreeScan; worktrees: readonly WorktreeScan[]; folders: readonly string[] },
): Promise<DependencyReclaim> {
  const { worktree } = input;
  return whileHolding([worktree.path], { kind: "reclaim", doing: "deleting its dependency folders" }, async () => {
    const busy = await explainInUse(db, { repoId: input.repoId, worktreePath: worktree.path });
    if (busy) return { deleted: [], bytes: 0, reasons: [`${busy} Its dependency folders were kept.`] };
    const nested = worktreesInside(worktree.path, input.worktrees);
    const usage = await measureDiskUsage(worktree.path, { skip: nested.map((inner) => inner.path) });
    const holdsWorktree = (folder: string) =>
      worktreesInside(path.join(worktree.path, ...folder.split("/")), nested).length > 0;
    const known = new Map(
      usage.dependencies.filter((folder) => !holdsWorktree(folder.path)).map((folder) => [folder.path, folder]),
    );
    const root = await realpath(worktree.path);
    const result: DependencyReclaim = { deleted: [], bytes: 0, reasons: [] };
    for (const folder of input.folders) {
      const found = known.get(folder);
      const problem = found
        ? await checkFolder({ root, worktreePath: worktree.path, found })
        : "is not a dependency folder of this worktree now";
      if (problem || !found) {
        result.reasons.push(`${folder} ${problem}.`);
        continue;
      }
      await rm(path.join(root, ...folder.split("/")), { recursive: true, force: true, maxRetries: 3 });
      result.deleted.push(folder);
      result.bytes += found.bytes;
    }
    return result;
  });
}

/** Why the worktree is in use right now (a run, a recent terminal session, an uncommitted change), or null. */
async function explainInUse(db: Db, input: { repoId: string; worktreePath: string }): Promise<string | null> {
  if (liveRunState(input) !== "idle") return "A run of Arbor's started in it since the preview.";
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

/** Why a dependency folder the walk found may not be deleted now (a suffix to its name), or null. */
async function checkFolder(input: {
  root: string;
  worktreePath: string;
  found: DependencyFolder;
}): Promise<string | null> {
  const { found } = input;
  if (found.repository !== null)
    return `holds a git repository of its own (${found.repository}); it was kept: delete it by hand if that work may go`;
  const absolute = path.join(input.root, ...found.path.split("/"));
  const stats = await lstat(absolute).catch(() => null);
  if (!stats) return "is gone";
  if (!stats.isDirectory()) return "is no longer a folder (it is a link or a file now); it was kept";
  if ((await realpath(absolute).catch(() => null)) !== absolute)
    return "is reached through a symbolic link now; nothing is deleted through a link";
  const tracked = await runGitCommand({
    cwd: input.worktreePath,
    args: ["ls-files", "-z", "--", `:(literal)${found.path}`],
    maxStdoutBytes: 4096,
  });
  return tracked.stdout.byteLength > 0 ? "holds files git tracks; it was kept" : null;
}
