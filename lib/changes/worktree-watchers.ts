import type { Db } from "@/lib/db/client.ts";
import { readGitDir } from "@/lib/git/read/read-operation-in-progress.ts";
import { runGit } from "@/lib/git/run/run-git.ts";
import { publishWorktreeChanged } from "@/lib/realtime/publish-worktree-changed.ts";
import { defineProcessState } from "@/lib/runtime/process-state.ts";
import { findPinnedWorktree } from "./find-pinned-worktree.ts";
import { watchWorktreeFolders, type FolderWatch } from "./watch-worktree-folders.ts";

interface Watched {
  viewers: number;
  /** Resolves to the watch once it is set up (its folders walked). */
  started: Promise<FolderWatch | null>;
}

/** Worktrees watched at once, whoever looks; more watch requests are refused (the views still update after runs). */
export const MAX_WATCHED_WORKTREES = 32;

const watchedState = defineProcessState("worktreeWatchers", () => new Map<string, Watched>());

/**
 * Watches a pinned worktree's files and git dirs while at least one browser looks at it: the
 * first viewer starts the watch, each one gets a release, the last release stops it. Each burst
 * of changes (a save in an editor, a `git commit` in a terminal) becomes one "worktree changed"
 * message to the repository's browsers, who scan it again; nothing is stored.
 */
export async function watchWorktree(db: Db, input: { repoId: string; worktreePath: string }): Promise<() => void> {
  const { repoId, worktreePath } = await findPinnedWorktree(db, input);
  const watched = watchedState.get();
  const key = `${repoId}\0${worktreePath}`;
  let entry = watched.get(key);
  if (!entry) {
    if (watched.size >= MAX_WATCHED_WORKTREES) {
      throw new Error(
        `Arbor already watches ${MAX_WATCHED_WORKTREES} worktrees; this one updates after runs and on rescan.`,
      );
    }
    entry = { viewers: 0, started: startWatch({ repoId, worktreePath }) };
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
export async function describeWatches(): Promise<{ worktrees: number; folders: number }> {
  const watches = await Promise.all([...watchedState.get().values()].map((entry) => entry.started));
  return { worktrees: watches.length, folders: watches.reduce((sum, watch) => sum + (watch?.count() ?? 0), 0) };
}

async function startWatch(input: { repoId: string; worktreePath: string }): Promise<FolderWatch | null> {
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
      onChange: () => publishWorktreeChanged(input),
    });
    // A change made while the folders were being walked has no event: one rescan covers that gap.
    publishWorktreeChanged(input);
    return watch;
  } catch (error) {
    console.warn(
      `[arbor] cannot watch ${input.worktreePath}: ${error instanceof Error ? error.message : String(error)}`,
    );
    return null;
  }
}
