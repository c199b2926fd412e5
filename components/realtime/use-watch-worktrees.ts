"use client";

import { useEffect } from "react";
import { useRealtime } from "./RealtimeProvider.tsx";

/**
 * While a repository's worktree list is shown, the server watches each of those worktrees (files
 * and git dirs, no polling): an edit, `git add` or commit made in a terminal in any of them
 * rescans the list within a couple of seconds. Watches are counted per tab, so a worktree also
 * open in the chat is watched once.
 */
export function useWatchWorktrees(input: { repoId: string; paths: string[] }): void {
  const realtime = useRealtime();
  // The list as one value: a rescan that finds the same worktrees keeps the same watches.
  const key = JSON.stringify([...input.paths].sort());
  const { repoId } = input;
  useEffect(() => {
    const releases = (JSON.parse(key) as string[]).map((worktreePath) =>
      realtime.watchWorktree({ repoId, worktreePath }),
    );
    return () => releases.forEach((release) => release());
  }, [realtime, repoId, key]);
}
