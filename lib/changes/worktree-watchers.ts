import type { RunManager } from "@/lib/chat/runs/run-manager.ts";
import type { ChecksContext } from "@/lib/checks/run/checks-state.ts";
import { scheduleChecksAfterEdit } from "@/lib/checks/run/schedule-checks.ts";
import { readGitDir } from "@/lib/git/read/read-operation-in-progress.ts";
import { runGit } from "@/lib/git/run/run-git.ts";
import { publishWorktreeChanged } from "@/lib/realtime/publish-worktree-changed.ts";
import { findPinnedWorktree } from "./find-pinned-worktree.ts";
import { watchWorktreeFolders, type FolderWatch } from "./watch-worktree-folders.ts";

interface Watched {
  viewers: number;
  /** Resolves to the watch once it is set up (its folders walked). */
  started: Promise<FolderWatch | null>;
}

/** Worktrees watched at once, whoever looks; more watch requests are refused (the views still update after runs). */
export const MAX_WATCHED_WORKTREES = 32;

/** One watch per worktree a browser is looking at (by repository and path), on the runtime context. */
export type WorktreeWatchers = Map<string, Watched>;

export function createWorktreeWatchers(): WorktreeWatchers {
  return new Map();
}

/**
 * What a watch touches: the watches, the hub its "worktree changed" goes to, the checks it asks
 * for, and the run manager (checks wait while Claude works there).
 */
export interface WatchContext extends ChecksContext {
  runs: RunManager;
  worktreeWatchers: WorktreeWatchers;
}

/**
 * Watches a pinned worktree's files and git dirs while at least one browser looks at it: the
 * first viewer starts the watch, each one gets a release, the last release stops it. Each burst
 * of changes (a save in an editor, a `git commit` in a terminal) becomes one "worktree changed"
 * message to the repository's browsers, who scan it again, and asks for the repository's checks
 * once the worktree is quiet (they run only if its files changed); nothing is stored.
 */
export async function watchWorktree(
  ctx: WatchContext,
  input: { repoId: string; worktreePath: string },
): Promise<() => void> {
  const { repoId, worktreePath } = await findPinnedWorktree(ctx.db, input);
  const watched = ctx.worktreeWatchers;
  const key = `${repoId}\0${worktreePath}`;
  let entry = watched.get(key);
  if (!entry) {
    if (watched.size >= MAX_WATCHED_WORKTREES) {
      throw new Error(
        `Arbor already watches ${MAX_WATCHED_WORKTREES} worktrees; this one updates after runs and on rescan.`,
      );
    }
    entry = { viewers: 0, started: startWatch(ctx, { repoId, worktreePath }) };
    watched.set(key, entry);
  }
  entry.viewers += 1;
  const current = entry;
  let isReleased = false;
  return () => {
    if (isReleased) return;
    isReleased = true;
    current.viewers -= 1;
    if (current.viewers > 0) return;
    if (watched.get(key) === current) watched.delete(key);
    void current.started.then((watch) => watch?.close());
  };
}

/** How many worktrees are watched and how many folders that takes (for tests and metrics). */
export async function describeWatches(watched: WorktreeWatchers): Promise<{ worktrees: number; folders: number }> {
  const watches = await Promise.all([...watched.values()].map((entry) => entry.started));
  return { worktrees: watches.length, folders: watches.reduce((sum, watch) => sum + (watch?.count() ?? 0), 0) };
}

/** Stops watching a worktree whoever looks (it was removed); later releases find nothing to stop. */
export function stopWatchingWorktree(watched: WorktreeWatchers, input: { repoId: string; worktreePath: string }): void {
  const key = `${input.repoId}\0${input.worktreePath}`;
  const entry = watched.get(key);
  if (!entry) return;
  watched.delete(key);
  void entry.started.then((watch) => watch?.close());
}

/** Stops every watch (the server is shutting down). */
export async function stopAllWatches(watched: WorktreeWatchers): Promise<void> {
  const entries = [...watched.values()];
  watched.clear();
  for (const watch of await Promise.all(entries.map((entry) => entry.started))) watch?.close();
}

async function startWatch(
  ctx: WatchContext,
  input: { repoId: string; worktreePath: string },
): Promise<FolderWatch | null> {
  try {
    const [gitDir, commonDir] = await Promise.all([
      readGitDir(input.worktreePath),
      runGit({ cwd: input.worktreePath, args: ["rev-parse", "--path-format=absolute", "--git-common-dir"] }).then(
        (output) => output.trim(),
      ),
    ]);
    const watch = await watchWorktreeFolders({
      worktreePath: input.worktreePath,
      gitDirs: [...new Set([gitDir, commonDir])],
      onChange: () => {
        publishWorktreeChanged(ctx.hub, input);
        scheduleChecksAfterEdit(ctx, {
          ...input,
          isBusy: () =>
            ctx.runs.stateOf(input.worktreePath) !== "idle" || ctx.runs.closureOf(input.worktreePath) !== null,
        });
      },
    });
    // A change made while the folders were being walked has no event: one rescan covers that gap.
    publishWorktreeChanged(ctx.hub, input);
    return watch;
  } catch (error) {
    console.warn(
      `[arbor] cannot watch ${input.worktreePath}: ${error instanceof Error ? error.message : String(error)}`,
    );
    return null;
  }
}
