import { statSync } from "node:fs";
import path from "node:path";
import { getConfig } from "@/lib/config/current-config.ts";
import { getProcessHost } from "@/lib/process-host/current-process-host.ts";
import { defineAttachedState } from "@/lib/runtime/attached-state.ts";

const MAX_ENTRIES = 5000;

/** Kept on the process host whose git merged (ctx.processHost), shared by both copies of lib/. */
const resultsState = defineAttachedState("processHost.mergeTreeResults", () => new Map<string, unknown>());
const results = () => resultsState.get(getProcessHost());

/** What a kept verdict is for: two commits merged with these settings, and what the caller keeps of the output. */
export interface MergeTreeQuestion {
  repoRoot: string;
  left: string;
  right: string;
  isTrusted: boolean;
  extraConfig: readonly string[];
  answer: "conflicts" | "clean tree";
}

/**
 * Keeps `git merge-tree` answers, since rescans ask again while most branches have not moved.
 * `answer` names what the caller keeps, so readers do not share answers. Keyed by the two commits,
 * repository-code and driver settings, and inode/size/times of the repository's `config`,
 * `info/attributes` and the user's git config (a core.attributesFile elsewhere is not watched until
 * restart). Git dirs that are not a plain `.git` folder are not cached.
 */
export async function cachedMergeTree<T>(question: MergeTreeQuestion, merge: () => Promise<T>): Promise<T> {
  const key = mergeTreeKey(question);
  if (key === null) return merge();
  const kept = readKeptMergeTree<T>(key);
  if (kept.isKept) return kept.value;
  const answer = await merge();
  keepMergeTree(key, answer);
  return answer;
}

/** The key a verdict is kept under (see cachedMergeTree), or null when this repository's verdicts are not kept. */
export function mergeTreeKey(question: MergeTreeQuestion): string | null {
  const stamp = settingsStamp(question.repoRoot);
  if (stamp === null) return null;
  return [
    question.answer,
    question.repoRoot,
    question.left,
    question.right,
    question.isTrusted,
    question.extraConfig.join("\n"),
    stamp,
  ].join("\0");
}

/** A kept verdict, for callers that merge many pairs at once (the merge order's batches). */
export function readKeptMergeTree<T>(key: string): { isKept: true; value: T } | { isKept: false } {
  const kept = results();
  return kept.has(key) ? { isKept: true, value: kept.get(key) as T } : { isKept: false };
}

export function keepMergeTree(key: string, value: unknown): void {
  const kept = results();
  if (kept.size >= MAX_ENTRIES) kept.clear();
  kept.set(key, value);
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
  results().clear();
}

/** How many answers are kept (the benchmark counts the pairs a first read merged). */
export function keptMergeTreeCount(): number {
  return results().size;
}
