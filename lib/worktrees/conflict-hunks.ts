import type { ConflictFile, ConflictHunk } from "./worktree-types.ts";

/** Bounds that keep a preview (and the prompt built from it) small whatever the files are. */
export const HUNK_LIMITS = { hunksPerFile: 8, linesPerSide: 40, charsPerLine: 400 } as const;

/**
 * The conflict hunks of a file git wrote with conflict markers (`git merge-tree --write-tree`
 * writes conflicted files that way): the base's side between `<<<<<<<` and `=======` (or the
 * `|||||||` of the diff3 styles, whose common ancestor part is skipped), the branch's side up to
 * `>>>>>>>`. Pure; bounded by HUNK_LIMITS.
 */
export function parseConflictHunks(
  path: string,
  text: string,
  limits: { hunksPerFile: number; linesPerSide: number; charsPerLine: number } = HUNK_LIMITS,
): ConflictFile {
  const lines = text.split("\n");
  const hunks: ConflictHunk[] = [];
  let count = 0;
  let current: { line: number; base: string[]; branch: string[]; isTruncated: boolean } | null = null;
  let side: "base" | "ancestor" | "branch" = "base";
  lines.forEach((raw, index) => {
    const line = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
    if (current === null) {
      if (line.startsWith("<<<<<<<")) {
        current = { line: index + 1, base: [], branch: [], isTruncated: false };
        side = "base";
      }
      return;
    }
    if (line.startsWith("|||||||") && side === "base") side = "ancestor";
    else if (line === "=======" && side !== "branch") side = "branch";
    else if (line.startsWith(">>>>>>>") && side === "branch") {
      count += 1;
      if (hunks.length < limits.hunksPerFile) hunks.push(current);
      current = null;
    } else if (side !== "ancestor") {
      const kept = current[side];
      if (kept.length < limits.linesPerSide)
        kept.push(line.length > limits.charsPerLine ? `${line.slice(0, limits.charsPerLine)}…` : line);
      else current.isTruncated = true;
    }
  });
  return {
    path,
    hunks,
    moreHunks: count - hunks.length,
    note: count === 0 ? "No text hunks: the file is binary, or one side deleted or renamed it." : null,
  };
}

/**
 * The paths in `git merge-tree --write-tree -z` output (without --name-only): `<tree>\0<mode> <oid>
 * <stage>\t<path>\0…`, each path once, in git's order. A path comes once per stage (up to three
 * times); a Set keeps the first in linear time, as a branch and its base may both change thousands
 * of the same files (12,000 took seconds of the event loop with a list's `includes`).
 */
export function parseMergeTreeOutput(output: string): { tree: string; conflictingFiles: string[] } {
  const [tree = "", ...entries] = output.split("\0");
  const files = new Set<string>();
  for (const entry of entries) {
    if (entry === "") break;
    const tab = entry.indexOf("\t");
    files.add(tab >= 0 ? entry.slice(tab + 1) : entry);
  }
  return { tree, conflictingFiles: [...files] };
}
