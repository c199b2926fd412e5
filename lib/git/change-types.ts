/**
 * What changed in a worktree or between two trees: files → hunks → lines. Git facts, read on
 * demand and never stored; shared by the API and the UI. Paths are tokens (see git-path.ts):
 * `path` is exact, `display` is for people.
 */

export type ChangeKind =
  "added" | "modified" | "deleted" | "renamed" | "copied" | "type_changed" | "untracked" | "conflicted";

export interface ChangedFile {
  path: string;
  display: string;
  /** The path before a rename or copy. */
  oldPath: string | null;
  oldDisplay: string | null;
  kind: ChangeKind;
  /** Uncommitted changes only: part of the change is in the index / in the working file only. */
  isStaged: boolean;
  isUnstaged: boolean;
  isBinary: boolean;
  /** Lines added and removed; null when unknown (binary, too large, not counted). */
  additions: number | null;
  deletions: number | null;
  /** git modes (`100644`, `100755`, `120000` symlink, `160000` submodule); null where the file does not exist. */
  oldMode: string | null;
  newMode: string | null;
  isSubmodule: boolean;
  isSymlink: boolean;
  /** A lock file, minified or build output (by name): collapsed until asked for. */
  isGenerated: boolean;
}

export type DiffLineKind = "context" | "add" | "del";

export interface DiffLine {
  kind: DiffLineKind;
  text: string;
  /** Line number in the old file (context and removed lines). */
  oldNo: number | null;
  /** Line number in the new file (context and added lines). */
  newNo: number | null;
  /** The line is the last of its file and has no newline at the end. */
  noNewline?: boolean;
}

export interface DiffHunk {
  oldStart: number;
  oldLines: number;
  newStart: number;
  newLines: number;
  /** The text after the second `@@` (the enclosing function, when git finds one). */
  section: string;
  lines: DiffLine[];
}

export interface FileDiff {
  path: string;
  display: string;
  oldPath: string | null;
  oldDisplay: string | null;
  isNew: boolean;
  isDeleted: boolean;
  isBinary: boolean;
  oldMode: string | null;
  newMode: string | null;
  /** Rename or copy similarity, percent. */
  similarity: number | null;
  /** Full blob ids from the `index` line (null for the working file, or when git printed none). */
  oldBlob: string | null;
  newBlob: string | null;
  hunks: DiffHunk[];
  /** Only the first lines were kept (see the caller's limit). */
  isTruncated: boolean;
}
