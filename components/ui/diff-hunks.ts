import { diffWordsWithSpace, structuredPatch, type StructuredPatchHunk } from "diff";

/** A piece of a changed line: `isChanged` pieces are what differs from the paired line. */
export interface DiffSegment {
  text: string;
  isChanged: boolean;
}

export interface DiffLine {
  kind: "context" | "added" | "removed";
  /** 1-based line number in the old text (null for an added line). */
  oldNumber: number | null;
  /** 1-based line number in the new text (null for a removed line). */
  newNumber: number | null;
  text: string;
  /** Word-level pieces when the line was paired with its changed counterpart; null: the whole line changed. */
  segments: DiffSegment[] | null;
  /** The text has no newline after this line ("\ No newline at end of file"). */
  hasNoNewline: boolean;
}

export interface DiffHunk {
  oldStart: number;
  oldLines: number;
  newStart: number;
  newLines: number;
  /** Unchanged lines between the previous hunk (or the start of the file) and this one. */
  hiddenBefore: number;
  lines: DiffLine[];
}

/** A unified diff as hunks: what DiffView draws, from two texts here or from a parsed patch (git) later. */
export interface TextDiff {
  hunks: DiffHunk[];
  added: number;
  removed: number;
  /** Unchanged lines after the last hunk (null when unknown, as for a parsed patch). */
  hiddenAfter: number | null;
}

/** Lines longer than this are highlighted whole: a word diff of them costs more than it shows. */
const MAX_WORD_DIFF_CHARS = 2000;
/** Below this share of unchanged text a paired line reads better highlighted whole. */
const MIN_COMMON_SHARE = 0.4;

/** The unified diff of two texts, in hunks with `context` unchanged lines around each change. */
export function diffTexts(input: { before: string; after: string; context?: number }): TextDiff {
  const patch = structuredPatch("before", "after", input.before, input.after, undefined, undefined, {
    context: input.context ?? 3,
  });
  const hunks = toDiffHunks(patch.hunks);
  const last = patch.hunks.at(-1);
  const oldCount = countLines(input.before);
  const hiddenAfter = last ? oldCount - (last.oldStart + last.oldLines - 1) : oldCount;
  return { ...countChanges(hunks), hunks, hiddenAfter: Math.max(0, hiddenAfter) };
}

/**
 * Numbers the lines of unified-diff hunks (jsdiff's structured patch: `structuredPatch`, or
 * `parsePatch` of a git diff) and pairs each run of removed lines with the added lines that follow
 * it, for word-level highlights.
 */
export function toDiffHunks(hunks: StructuredPatchHunk[]): DiffHunk[] {
  let previousEnd = 1;
  return hunks.map((hunk) => {
    // jsdiff's oldStart is the first line at or after the change, even when it removes none.
    const hiddenBefore = Math.max(0, hunk.oldStart - previousEnd);
    previousEnd = hunk.oldStart + hunk.oldLines;
    return {
      oldStart: hunk.oldStart,
      oldLines: hunk.oldLines,
      newStart: hunk.newStart,
      newLines: hunk.newLines,
      hiddenBefore,
      lines: pairChangedLines(numberLines(hunk)),
    };
  });
}

/** A key naming one drawn line of a diff (for selecting lines to comment on). */
export function diffLineKey(line: DiffLine): string {
  return `${line.kind}:${line.oldNumber ?? ""}:${line.newNumber ?? ""}`;
}

function numberLines(hunk: StructuredPatchHunk): DiffLine[] {
  let oldNumber = hunk.oldStart;
  let newNumber = hunk.newStart;
  const lines: DiffLine[] = [];
  for (const raw of hunk.lines) {
    const sign = raw[0];
    const text = raw.slice(1);
    if (sign === "\\") {
      const previous = lines.at(-1);
      if (previous) previous.hasNoNewline = true;
      continue;
    }
    const base = { text, segments: null, hasNoNewline: false };
    if (sign === "+") lines.push({ ...base, kind: "added", oldNumber: null, newNumber: newNumber++ });
    else if (sign === "-") lines.push({ ...base, kind: "removed", oldNumber: oldNumber++, newNumber: null });
    else lines.push({ ...base, kind: "context", oldNumber: oldNumber++, newNumber: newNumber++ });
  }
  return lines;
}

/** Each removed line is paired with the added line at the same place in the block that replaces it. */
function pairChangedLines(lines: DiffLine[]): DiffLine[] {
  const out = [...lines];
  let index = 0;
  while (index < out.length) {
    if (out[index]!.kind !== "removed") {
      index += 1;
      continue;
    }
    const removedStart = index;
    while (index < out.length && out[index]!.kind === "removed") index += 1;
    const addedStart = index;
    while (index < out.length && out[index]!.kind === "added") index += 1;
    const pairs = Math.min(addedStart - removedStart, index - addedStart);
    for (let offset = 0; offset < pairs; offset += 1) {
      const removed = out[removedStart + offset]!;
      const added = out[addedStart + offset]!;
      const words = diffWords(removed.text, added.text);
      if (!words) continue;
      out[removedStart + offset] = { ...removed, segments: words.removed };
      out[addedStart + offset] = { ...added, segments: words.added };
    }
  }
  return out;
}

function diffWords(before: string, after: string): { removed: DiffSegment[]; added: DiffSegment[] } | null {
  if (before.length > MAX_WORD_DIFF_CHARS || after.length > MAX_WORD_DIFF_CHARS) return null;
  const parts = diffWordsWithSpace(before, after);
  const common = parts.filter((part) => !part.added && !part.removed).reduce((sum, part) => sum + part.value.length, 0);
  if (common < MIN_COMMON_SHARE * Math.max(before.length, after.length)) return null;
  return {
    removed: parts.filter((part) => !part.added).map((part) => ({ text: part.value, isChanged: part.removed })),
    added: parts.filter((part) => !part.removed).map((part) => ({ text: part.value, isChanged: part.added })),
  };
}

function countChanges(hunks: DiffHunk[]): { added: number; removed: number } {
  const lines = hunks.flatMap((hunk) => hunk.lines);
  return {
    added: lines.filter((line) => line.kind === "added").length,
    removed: lines.filter((line) => line.kind === "removed").length,
  };
}

function countLines(text: string): number {
  if (text === "") return 0;
  return text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
}

/** One row of a drawn unified diff: unchanged lines skipped, a line, or the missing-newline note under one. */
export type UnifiedRow =
  { kind: "gap"; count: number } | { kind: "line"; line: DiffLine } | { kind: "no-newline"; line: DiffLine };

/**
 * A unified diff as the flat list of rows a virtual list draws: before each hunk the unchanged
 * lines between it and the previous one, its lines (each missing final newline said under its
 * line), and the unchanged lines after the last hunk when known. Pure.
 */
export function toUnifiedRows(diff: TextDiff): UnifiedRow[] {
  const rows: UnifiedRow[] = [];
  for (const hunk of diff.hunks) {
    if (hunk.hiddenBefore > 0) rows.push({ kind: "gap", count: hunk.hiddenBefore });
    for (const line of hunk.lines) {
      rows.push({ kind: "line", line });
      if (line.hasNoNewline) rows.push({ kind: "no-newline", line });
    }
  }
  if (diff.hiddenAfter) rows.push({ kind: "gap", count: diff.hiddenAfter });
  return rows;
}

/** The largest line number of a diff (old or new): how wide its number columns must be. */
export function maxLineNumber(diff: TextDiff): number {
  const last = diff.hunks.at(-1);
  if (!last) return 0;
  return Math.max(last.oldStart + last.oldLines, last.newStart + last.newLines);
}
