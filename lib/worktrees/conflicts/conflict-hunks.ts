import { decodeGitPath } from "@/lib/git/git-path.ts";
import type { ConflictFile, ConflictHunk } from "@/lib/worktrees/worktree-types.ts";

/** A file git could not merge yet wrote without conflict markers, when nothing more precise is known (conflict-notes.ts). */
export const NO_MARKERS_NOTE =
  "No conflict markers: git could not merge it line by line (one side may have renamed it); compare the two versions by hand.";

/** Bounds that keep a preview (and the prompt built from it) small whatever the files are. */
export const HUNK_LIMITS = { hunksPerFile: 8, linesPerSide: 40, charsPerLine: 400 } as const;

/** The labels merge-tree writes after the markers: the ids of the two commits it merged (the land check gives ids, not names). */
export interface ConflictLabels {
  base: string;
  branch: string;
}

/**
 * The conflict hunks of a file git wrote with conflict markers (`git merge-tree --write-tree`
 * writes conflicted files that way): the base's side between `<<<<<<< <base commit>` and `=======`
 * (or the `|||||||` of the diff3 styles, whose common ancestor part is skipped), the branch's side
 * up to `>>>>>>> <branch commit>`. Only markers with merge-tree's labels (the commit, or
 * `<commit>:<path>` after a rename) open and close a hunk, so a line of the file that merely looks
 * like one (a document about conflicts, a test fixture) is read as text; their length is the
 * opening marker's (a `conflict-marker-size` attribute makes them longer). Pure; bounded by HUNK_LIMITS.
 */
export function parseConflictHunks(
  path: string,
  text: string,
  labels: ConflictLabels,
  limits: { hunksPerFile: number; linesPerSide: number; charsPerLine: number } = HUNK_LIMITS,
): ConflictFile {
  const lines = text.split("\n");
  const hunks: ConflictHunk[] = [];
  let count = 0;
  let current: { line: number; base: string[]; branch: string[]; isTruncated: boolean } | null = null;
  let side: "base" | "ancestor" | "branch" = "base";
  let size = 0;
  lines.forEach((raw, index) => {
    const line = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
    if (current === null) {
      size = markerSize(line, "<", labels.base);
      if (size > 0) {
        current = { line: index + 1, base: [], branch: [], isTruncated: false };
        side = "base";
      }
      return;
    }
    if (side === "base" && isAncestorMarker(line, size)) side = "ancestor";
    else if (side !== "branch" && line === "=".repeat(size)) side = "branch";
    else if (side === "branch" && markerSize(line, ">", labels.branch) === size) {
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
    note: count === 0 ? NO_MARKERS_NOTE : null,
  };
}

/** The length of a `<<<<<<<` or `>>>>>>>` marker labelled `label` (or `label:<path>`), or 0 when the line is not one. */
function markerSize(line: string, mark: "<" | ">", label: string): number {
  let size = 0;
  while (line[size] === mark) size += 1;
  if (size < 7 || line[size] !== " ") return 0;
  const rest = line.slice(size + 1);
  return rest === label || rest.startsWith(`${label}:`) ? size : 0;
}

/** `|||||||` (and its label, the merge base) of the diff3 styles, as long as the opening marker. */
function isAncestorMarker(line: string, size: number): boolean {
  const marks = "|".repeat(size);
  return line === marks || line.startsWith(`${marks} `);
}

/** One side of a conflicted path in merge-tree's output: its mode (`100644`, `120000` a link, `160000` a submodule) and object. */
export interface ConflictStage {
  mode: string;
  oid: string;
}

/** A conflicted path and what each side has there (null: not there, as when deleted). */
export interface MergeTreeConflict {
  /** The path as a token (git-path.ts): itself, or its bytes when they are not UTF-8. */
  path: string;
  /** The path for people: control characters (a newline, an escape) and bytes that are not UTF-8 written as escapes. */
  display: string;
  /** Stage 1, the merge base's version. */
  ancestor: ConflictStage | null;
  /** Stage 2: the first commit merged, the base. */
  base: ConflictStage | null;
  /** Stage 3: the second, the branch. */
  branch: ConflictStage | null;
  /** What git said about this path (renamed on both sides, renamed and deleted…), in its order. */
  messages: MergeTreeMessage[];
}

/**
 * One of merge-tree's informational messages: its type (`CONFLICT (rename/rename)`), the paths it
 * is about and its text, both for people (control characters escaped as in `display`). git names
 * the two sides by the commit ids it was given.
 */
export interface MergeTreeMessage {
  type: string;
  paths: string[];
  text: string;
}

/**
 * The conflicted paths in `git merge-tree --write-tree -z` output (without --name-only), as git
 * wrote it (bytes: a path need not be UTF-8): `<tree>\0<mode> <oid> <stage>\t<path>\0…\0`, each
 * path once, in git's order, with its stages; then its messages, `<count>\0<path>\0…<type>\0<text>\0`,
 * each given to the conflicted paths it names. A path comes once per stage (up to three times); a
 * Map keeps them in linear time, as a branch and its base may both change thousands of the same
 * files (12,000 took seconds of the event loop with a list's `includes`).
 */
export function parseMergeTreeOutput(output: Uint8Array): { tree: string; conflicts: MergeTreeConflict[] } {
  const fields = splitOnNul(output);
  const tree = ascii.decode(fields[0] ?? new Uint8Array());
  const byPath = new Map<string, MergeTreeConflict>();
  let index = 1;
  for (; index < fields.length; index += 1) {
    const entry = fields[index]!;
    if (entry.length === 0) break;
    const tab = entry.indexOf(TAB);
    const { path, display } = decodeGitPath(tab >= 0 ? entry.subarray(tab + 1) : entry);
    let conflict = byPath.get(path);
    if (!conflict) {
      conflict = { path, display, ancestor: null, base: null, branch: null, messages: [] };
      byPath.set(path, conflict);
    }
    const [mode = "", oid = "", stage = ""] = (tab >= 0 ? ascii.decode(entry.subarray(0, tab)) : "").split(" ");
    const side = stage === "1" ? "ancestor" : stage === "2" ? "base" : stage === "3" ? "branch" : null;
    if (side) conflict[side] = { mode, oid };
  }
  // The messages, after the empty field that ends the paths.
  for (index += 1; index < fields.length;) {
    const count = Number(ascii.decode(fields[index]));
    if (!Number.isInteger(count) || count < 1 || index + count + 2 >= fields.length) break;
    const named = fields.slice(index + 1, index + 1 + count).map((bytes) => decodeGitPath(bytes));
    const message: MergeTreeMessage = {
      type: ascii.decode(fields[index + 1 + count]),
      paths: named.map((name) => name.display),
      text: decodeGitPath(withoutFinalNewline(fields[index + 2 + count]!)).display,
    };
    for (const name of named) byPath.get(name.path)?.messages.push(message);
    index += count + 3;
  }
  return { tree, conflicts: [...byPath.values()] };
}

const TAB = 9;
const NEWLINE = 10;

/** A message's text without the line end git puts after it. */
function withoutFinalNewline(bytes: Uint8Array): Uint8Array {
  return bytes[bytes.length - 1] === NEWLINE ? bytes.subarray(0, -1) : bytes;
}
/** The tree id, modes, ids and stages are ASCII. */
const ascii = new TextDecoder("utf-8");

function splitOnNul(bytes: Uint8Array): Uint8Array[] {
  const fields: Uint8Array[] = [];
  let start = 0;
  for (let end = bytes.indexOf(0); end >= 0; end = bytes.indexOf(0, start)) {
    fields.push(bytes.subarray(start, end));
    start = end + 1;
  }
  fields.push(bytes.subarray(start));
  return fields;
}
