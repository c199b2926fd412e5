import { statSync } from "node:fs";
import { getConfig } from "@/lib/config/current-config.ts";
import path from "node:path";
import { defineProcessState } from "@/lib/runtime/process-state.ts";

const MAX_ENTRIES = 5000;

const resultsState = defineProcessState("mergeTreeResults", () => new Map<string, unknown>());

/**
 * What `git merge-tree` said about two commits, kept: the merge order and the worktree list's
 * merged badge are read again on every rescan, while most branches have not moved. `answer` names
 * what the caller keeps of the output (its conflicting files, its tree), so two readers of the
 * same pair do not take each other's answers. The answer depends only on the two commits (ids name
 * their content), whether repository code may run, the drivers switched off, and the settings a
 * merge reads outside the commits: the repository's `config` and `info/attributes` and the user's
 * git config files. Those files' inode, size and times are part of the key, so a change to any of
 * them misses (an attributes file named by core.attributesFile elsewhere is not watched: changing
 * that file alone keeps old answers until the process restarts). Repositories whose git dir is not
 * a plain `.git` folder (a linked worktree as root, gitfile setups) are not cached.
 */
export async function cachedMergeTree<T>(
  input: {
    repoRoot: string;
    left: string;
    right: string;
    isTrusted: boolean;
    extraConfig: readonly string[];
    answer: "conflicts" | "clean tree";
  },
  merge: () => Promise<T>,
): Promise<T> {
  const stamp = settingsStamp(input.repoRoot);
  if (stamp === null) return merge();
  const key = [
    input.answer,
    input.repoRoot,
    input.left,
    input.right,
    input.isTrusted,
    input.extraConfig.join("\n"),
    stamp,
  ].join("\0");
  const results = resultsState.get();
  if (results.has(key)) return results.get(key) as T;
  const answer = await merge();
  if (results.size >= MAX_ENTRIES) results.clear();
  results.set(key, answer);
  return answer;
}

function settingsStamp(repoRoot: string): string | null {
  const gitDir = path.join(repoRoot, ".git");
  const found = statSync(gitDir, { throwIfNoEntry: false });
  if (!found?.isDirectory()) return null;
  const files = [
    path.join(gitDir, "config"),
    path.join(gitDir, "info", "attributes"),
    ...getConfig().userGitConfigFiles,
  ];
  return files
    .map((file) => {
      if (file === "") return "";
      const stats = statSync(file, { bigint: true, throwIfNoEntry: false });
      return stats ? `${stats.ino}:${stats.size}:${stats.mtimeNs}:${stats.ctimeNs}` : "-";
    })
    .join("|");
}

/** Forgets every kept answer (the benchmark times a first read with it). */
export function clearMergeTreeCache(): void {
  resultsState.get().clear();
}
