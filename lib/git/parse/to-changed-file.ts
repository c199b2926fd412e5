import type { ChangedFile, ChangeKind } from "@/lib/git/change-types.ts";
import type { DiffRecord } from "./parse-diff-records.ts";
import type { StatusEntry } from "./parse-status-entries.ts";

const ABSENT_MODE = "000000";
const SYMLINK_MODE = "120000";
const SUBMODULE_MODE = "160000";

/** Names whose diffs nobody reads line by line: lock files, minified and generated output. */
const GENERATED_NAMES = [
  /(^|\/)(package-lock\.json|npm-shrinkwrap\.json|yarn\.lock|pnpm-lock\.yaml|bun\.lockb?|Cargo\.lock|Gemfile\.lock|composer\.lock|poetry\.lock|uv\.lock|go\.sum|Podfile\.lock|flake\.lock)$/,
  /\.min\.(js|css|mjs)$/,
  /\.(map|snap)$/,
  /(^|\/)(dist|build|out|\.next|coverage|__generated__|generated)\//,
  /\.(pb|generated|g)\.(go|ts|js|cs|dart)$/,
];

/** True for a lock file, minified or build output, by its name. Pure. */
export function isGeneratedPath(path: string): boolean {
  return GENERATED_NAMES.some((pattern) => pattern.test(path));
}

/**
 * A file of a tree-to-tree (or tree-to-working-files) diff as the changes list shows it. Pure.
 */
export function recordToChangedFile(record: DiffRecord): ChangedFile {
  const oldMode = record.oldMode === ABSENT_MODE ? null : record.oldMode;
  const newMode = record.newMode === ABSENT_MODE ? null : record.newMode;
  return {
    path: record.path.path,
    display: record.path.display,
    oldPath: record.oldPath?.path ?? null,
    oldDisplay: record.oldPath?.display ?? null,
    kind: kindOfStatusLetter(record.status),
    isStaged: false,
    isUnstaged: false,
    isBinary: record.isBinary,
    additions: record.additions,
    deletions: record.deletions,
    oldMode,
    newMode,
    isSubmodule: oldMode === SUBMODULE_MODE || newMode === SUBMODULE_MODE,
    isSymlink: oldMode === SYMLINK_MODE || newMode === SYMLINK_MODE,
    isGenerated: isGeneratedPath(record.path.path),
  };
}

/**
 * An uncommitted change from `git status` (which says what is staged and what is not), with the
 * line counts of HEAD → working file when `counts` has them (`git diff HEAD --numstat`). Pure.
 */
export function statusToChangedFile(entry: StatusEntry, counts: DiffRecord | undefined): ChangedFile {
  const [x = ".", y = "."] = entry.xy;
  const headMode = entry.headMode === ABSENT_MODE ? null : entry.headMode;
  const worktreeMode =
    entry.worktreeMode === ABSENT_MODE ? null : (entry.worktreeMode ?? (entry.type === "untracked" ? "100644" : null));
  const isSubmodule = entry.submodule.startsWith("S") || headMode === SUBMODULE_MODE || worktreeMode === SUBMODULE_MODE;
  return {
    path: entry.path.path,
    display: entry.path.display,
    oldPath: entry.origPath?.path ?? null,
    oldDisplay: entry.origPath?.display ?? null,
    kind: kindOfStatusEntry(entry, x, y),
    isStaged: entry.type !== "untracked" && entry.type !== "unmerged" && x !== ".",
    isUnstaged: entry.type === "untracked" || entry.type === "unmerged" || y !== ".",
    isBinary: counts?.isBinary ?? false,
    additions: counts?.additions ?? null,
    deletions: counts?.deletions ?? null,
    oldMode: entry.type === "untracked" ? null : headMode,
    newMode: worktreeMode,
    isSubmodule,
    isSymlink: headMode === SYMLINK_MODE || worktreeMode === SYMLINK_MODE,
    isGenerated: isGeneratedPath(entry.path.path),
  };
}

function kindOfStatusEntry(entry: StatusEntry, x: string, y: string): ChangeKind {
  if (entry.type === "untracked") return "untracked";
  if (entry.type === "unmerged") return "conflicted";
  if (entry.type === "renamed") return x === "C" ? "copied" : "renamed";
  if (y === "D" || (x === "D" && y === ".")) return "deleted";
  if (x === "A") return "added";
  if (x === "T" || y === "T") return "type_changed";
  return "modified";
}

function kindOfStatusLetter(status: string): ChangeKind {
  switch (status) {
    case "A":
      return "added";
    case "D":
      return "deleted";
    case "R":
      return "renamed";
    case "C":
      return "copied";
    case "T":
      return "type_changed";
    case "U":
      return "conflicted";
    default:
      return "modified";
  }
}
