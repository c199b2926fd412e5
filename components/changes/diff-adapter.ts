import type { FileDiff } from "@/lib/git/change-types.ts";
import { toDiffHunks, type DiffHunk, type DiffLine, type TextDiff } from "@/components/ui/diff-hunks.ts";

const SIGN = { context: " ", add: "+", del: "-" } as const;

/**
 * A git file diff (lib/git parse-patch) as DiffView draws it: the same hunks, numbered lines,
 * removed lines paired with the added ones that replace them for word highlights. Pure.
 */
export function toTextDiff(diff: FileDiff): TextDiff {
  const hunks = toDiffHunks(
    diff.hunks.map((hunk) => ({
      oldStart: hunk.oldStart,
      oldLines: hunk.oldLines,
      newStart: hunk.newStart,
      newLines: hunk.newLines,
      lines: hunk.lines.flatMap((line) => [
        `${SIGN[line.kind]}${line.text}`,
        ...(line.noNewline ? ["\\ No newline at end of file"] : []),
      ]),
    })),
  );
  const lines = hunks.flatMap((hunk) => hunk.lines);
  return {
    hunks,
    added: lines.filter((line) => line.kind === "added").length,
    removed: lines.filter((line) => line.kind === "removed").length,
    hiddenAfter: null,
  };
}

/** A row of the side-by-side view: the unchanged lines skipped before a hunk, or a pair of lines. */
export type SplitViewRow = ({ kind: "pair" } & SplitRow) | { kind: "gap"; count: number };

/** A whole diff side by side as the flat list of rows a virtual list draws (toSplitRows of each hunk). Pure. */
export function toSplitViewRows(diff: TextDiff): SplitViewRow[] {
  const rows: SplitViewRow[] = [];
  for (const hunk of diff.hunks) {
    if (hunk.hiddenBefore > 0) rows.push({ kind: "gap", count: hunk.hiddenBefore });
    for (const row of toSplitRows(hunk)) rows.push({ kind: "pair", ...row });
  }
  return rows;
}

/** One row of a side-by-side diff: the old line on the left, the new one on the right (either may be missing). */
export interface SplitRow {
  left: DiffLine | null;
  right: DiffLine | null;
}

/**
 * A hunk's lines side by side: unchanged lines on both sides, each run of removed lines next to
 * the added lines that follow it (the longer side leaves blanks on the other). Pure.
 */
export function toSplitRows(hunk: DiffHunk): SplitRow[] {
  const rows: SplitRow[] = [];
  const lines = hunk.lines;
  let index = 0;
  while (index < lines.length) {
    const line = lines[index]!;
    if (line.kind === "context") {
      rows.push({ left: line, right: line });
      index += 1;
      continue;
    }
    const removed: DiffLine[] = [];
    const added: DiffLine[] = [];
    while (index < lines.length && lines[index]!.kind === "removed") removed.push(lines[index++]!);
    while (index < lines.length && lines[index]!.kind === "added") added.push(lines[index++]!);
    for (let row = 0; row < Math.max(removed.length, added.length); row += 1) {
      rows.push({ left: removed[row] ?? null, right: added[row] ?? null });
    }
  }
  return rows;
}
