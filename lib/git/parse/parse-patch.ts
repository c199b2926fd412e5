import type { DiffHunk, DiffLine, FileDiff } from "@/lib/git/change-types.ts";
import { decodeGitPath, unquoteGitPath, type GitPathText } from "@/lib/git/git-path.ts";

/** The arguments that make git print patches parsePatch reads, whatever the user's diff settings (add `-U<n>`). */
export const PATCH_ARGS = ["--no-color", "--full-index", "--src-prefix=a/", "--dst-prefix=b/"];

const HUNK_HEADER = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@ ?(.*)$/;

/**
 * Parses unified diff output (`git diff` with PATCH_ARGS) into files → hunks → lines, numbering
 * every line in the old and the new file. A hunk's lines are read by its counts, so a line that
 * looks like a header inside a hunk is content. After `maxLines` lines in all, further lines are
 * left out and their file is marked truncated (the files themselves are still listed). Pure.
 */
export function parsePatch(text: string, options: { maxLines?: number } = {}): FileDiff[] {
  const maxLines = options.maxLines ?? Number.POSITIVE_INFINITY;
  const lines = text.split("\n");
  if (lines.at(-1) === "") lines.pop();
  const files: FileDiff[] = [];
  let file: (FileDiff & { names: HeaderNames }) | null = null;
  let kept = 0;
  let index = 0;
  const finish = () => {
    if (file) files.push(withNames(file));
  };
  while (index < lines.length) {
    const line = lines[index]!;
    index += 1;
    if (line.startsWith("diff --git ")) {
      finish();
      file = emptyFile(line.slice("diff --git ".length));
      continue;
    }
    if (!file) continue;
    const hunkMatch = HUNK_HEADER.exec(line);
    if (hunkMatch) {
      const hunk: DiffHunk = {
        oldStart: Number(hunkMatch[1]),
        oldLines: hunkMatch[2] === undefined ? 1 : Number(hunkMatch[2]),
        newStart: Number(hunkMatch[3]),
        newLines: hunkMatch[4] === undefined ? 1 : Number(hunkMatch[4]),
        section: hunkMatch[5] ?? "",
        lines: [],
      };
      const read = readHunkLines({ lines, index, hunk, keep: () => kept < maxLines, onKept: () => (kept += 1) });
      index = read.index;
      if (read.isShort) file.isTruncated = true;
      if (hunk.lines.length > 0) file.hunks.push(hunk);
      continue;
    }
    applyHeaderLine(file, line);
  }
  finish();
  return files;
}

interface HeaderNames {
  gitLine: string;
  from: GitPathText | null;
  to: GitPathText | null;
  minus: GitPathText | null;
  plus: GitPathText | null;
}

function emptyFile(gitLine: string): FileDiff & { names: HeaderNames } {
  return {
    path: "",
    display: "",
    oldPath: null,
    oldDisplay: null,
    isNew: false,
    isDeleted: false,
    isBinary: false,
    oldMode: null,
    newMode: null,
    similarity: null,
    oldBlob: null,
    newBlob: null,
    hunks: [],
    isTruncated: false,
    names: { gitLine, from: null, to: null, minus: null, plus: null },
  };
}

const HEADER_KEYS = [
  "old mode",
  "new mode",
  "new file mode",
  "deleted file mode",
  "similarity index",
  "rename from",
  "rename to",
  "copy from",
  "copy to",
  "index",
  "---",
  "+++",
  "Binary files",
];

function applyHeaderLine(file: FileDiff & { names: HeaderNames }, line: string): void {
  const key = HEADER_KEYS.find((candidate) => line.startsWith(`${candidate} `)) ?? "";
  const value = line.slice(key.length + 1);
  switch (key) {
    case "old mode":
      file.oldMode = value;
      return;
    case "new mode":
      file.newMode = value;
      return;
    case "new file mode":
      file.isNew = true;
      file.newMode = value;
      return;
    case "deleted file mode":
      file.isDeleted = true;
      file.oldMode = value;
      return;
    case "similarity index":
      file.similarity = Number.parseInt(value, 10);
      return;
    case "rename from":
    case "copy from":
      file.names.from = headerPath(value);
      return;
    case "rename to":
    case "copy to":
      file.names.to = headerPath(value);
      return;
    case "index":
      applyIndexLine(file, value);
      return;
    case "---":
      file.names.minus = prefixedPath(value, "a/");
      return;
    case "+++":
      file.names.plus = prefixedPath(value, "b/");
      return;
    case "Binary files":
      file.isBinary = true;
      return;
  }
  if (line === "GIT binary patch") file.isBinary = true;
}

/** `index <old>..<new>[ <mode>]`: the blob ids (all zeros stands for the working file or no file). */
function applyIndexLine(file: FileDiff, value: string): void {
  const match = /^([0-9a-f]+)\.\.([0-9a-f]+)(?: (\d+))?$/.exec(value);
  if (!match) return;
  const blob = (id: string) => (/^0+$/.test(id) ? null : id);
  file.oldBlob = blob(match[1]!);
  file.newBlob = blob(match[2]!);
  if (match[3]) {
    file.oldMode ??= match[3];
    file.newMode ??= match[3];
  }
}

function readHunkLines(input: {
  lines: string[];
  index: number;
  hunk: DiffHunk;
  keep: () => boolean;
  onKept: () => void;
}): { index: number; isShort: boolean } {
  const { lines, hunk } = input;
  let index = input.index;
  let oldNo = hunk.oldStart;
  let newNo = hunk.newStart;
  let oldLeft = hunk.oldLines;
  let newLeft = hunk.newLines;
  let isShort = false;
  while (index < lines.length && (oldLeft > 0 || newLeft > 0 || lines[index]!.startsWith("\\"))) {
    const line = lines[index]!;
    index += 1;
    if (line.startsWith("\\")) {
      const last = hunk.lines.at(-1);
      if (last) last.noNewline = true;
      continue;
    }
    const marker = line.charAt(0);
    let entry: DiffLine;
    if (marker === "+") {
      entry = { kind: "add", text: line.slice(1), oldNo: null, newNo: newNo++ };
      newLeft -= 1;
    } else if (marker === "-") {
      entry = { kind: "del", text: line.slice(1), oldNo: oldNo++, newNo: null };
      oldLeft -= 1;
    } else {
      // " " context; an empty line is context too (diff.suppressBlankEmpty).
      entry = { kind: "context", text: line.slice(1), oldNo: oldNo++, newNo: newNo++ };
      oldLeft -= 1;
      newLeft -= 1;
    }
    if (input.keep()) {
      hunk.lines.push(entry);
      input.onKept();
    } else {
      isShort = true;
    }
  }
  return { index, isShort };
}

function withNames(file: FileDiff & { names: HeaderNames }): FileDiff {
  const { names, ...diff } = file;
  const fromGitLine = splitGitLine(names.gitLine);
  const oldName = names.from ?? names.minus ?? fromGitLine.old;
  const newName = names.to ?? names.plus ?? fromGitLine.new;
  const current = file.isDeleted ? oldName : newName;
  const isMoved = names.from !== null || (oldName !== null && newName !== null && oldName.path !== newName.path);
  return {
    ...diff,
    path: current?.path ?? "",
    display: current?.display ?? "",
    oldPath: isMoved && !file.isDeleted && !file.isNew ? (oldName?.path ?? null) : null,
    oldDisplay: isMoved && !file.isDeleted && !file.isNew ? (oldName?.display ?? null) : null,
  };
}

function headerPath(value: string): GitPathText {
  return decodeGitPath(unquoteGitPath(value));
}

/** `--- a/x` / `+++ b/x` (quoted when needed; a name with a space ends with a tab). */
function prefixedPath(value: string, prefix: string): GitPathText | null {
  if (value === "/dev/null") return null;
  const trimmed = value.endsWith("\t") ? value.slice(0, -1) : value;
  const bytes = unquoteGitPath(trimmed);
  const head = new TextDecoder("latin1").decode(bytes.subarray(0, prefix.length));
  return decodeGitPath(head === prefix ? bytes.subarray(prefix.length) : bytes);
}

/**
 * `a/<old> b/<new>` from the `diff --git` line, for a file with no other name line (a mode
 * change, an empty or binary file). Quoted names are unambiguous; unquoted ones are split in the
 * middle, which is exact when both names are the same (the only case without a rename line).
 */
function splitGitLine(rest: string): { old: GitPathText | null; new: GitPathText | null } {
  if (rest.startsWith('"')) {
    const end = findClosingQuote(rest, 0);
    const oldName = rest.slice(0, end + 1);
    const newName = rest.slice(end + 2);
    return { old: prefixedPath(oldName, "a/"), new: prefixedPath(newName, "b/") };
  }
  if (rest.endsWith('"')) {
    const start = rest.lastIndexOf(' "');
    return { old: prefixedPath(rest.slice(0, start), "a/"), new: prefixedPath(rest.slice(start + 1), "b/") };
  }
  const half = (rest.length - 1) / 2;
  if (Number.isInteger(half)) {
    return { old: prefixedPath(rest.slice(0, half), "a/"), new: prefixedPath(rest.slice(half + 1), "b/") };
  }
  return { old: null, new: null };
}

function findClosingQuote(text: string, open: number): number {
  for (let index = open + 1; index < text.length; index += 1) {
    if (text[index] === "\\") index += 1;
    else if (text[index] === '"') return index;
  }
  return text.length - 1;
}
