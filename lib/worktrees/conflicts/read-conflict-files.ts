import { isRawPathToken } from "@/lib/git/git-path.ts";
import { runGitCommand } from "@/lib/git/run/run-git.ts";
import { HUNK_LIMITS, NO_MARKERS_NOTE, parseConflictHunks, type ConflictLabels } from "./conflict-hunks.ts";
import {
  BINARY_CONFLICT,
  BINARY_NOTE,
  describeConflict,
  describeUnmarkedFile,
  type NamedConflict,
} from "./conflict-notes.ts";
import { formatBytes } from "@/lib/worktrees/format-bytes.ts";
import type { ConflictFile } from "@/lib/worktrees/worktree-types.ts";

/**
 * A conflicted file larger than this is named without hunks. Big enough for the lock files that
 * conflict most often (`package-lock.json`, a few MB); a preview reads at most 20 files (land-preview.ts).
 */
export const MAX_CONFLICT_FILE_BYTES = 4 * 1024 * 1024;

/**
 * Each conflict's hunks (bounded) and note, read from git's object store in the repository: the
 * merged file with its conflict markers from the tree merge-tree wrote, a symbolic link's two
 * targets, or nothing when what each side has says enough (describeConflict). A file git could not
 * merge yet left without markers is explained by its `merge` attribute (one `git check-attr` for
 * all of them), as merge-tree read it, in the repository's folder.
 */
export async function readConflictFiles(input: {
  repoRoot: string;
  tree: string;
  conflicts: NamedConflict[];
  names: { base: string; branch: string };
  /** The commits merged: the labels of the conflict markers. */
  labels: ConflictLabels;
  isTrusted: boolean;
}): Promise<ConflictFile[]> {
  const files = await Promise.all(input.conflicts.map((conflict) => readOne({ ...input, conflict })));
  const unmarked = files.flatMap((file, index) =>
    file.note === NO_MARKERS_NOTE && input.conflicts[index] ? [input.conflicts[index].path] : [],
  );
  // (A name that is not UTF-8 has its own note, never NO_MARKERS_NOTE: it cannot be given to check-attr.)
  if (unmarked.length === 0) return files;
  const drivers = await readMergeAttributes({ cwd: input.repoRoot, paths: unmarked });
  return files.map((file, index) => {
    const conflict = input.conflicts[index];
    if (file.note !== NO_MARKERS_NOTE || conflict === undefined) return file;
    const note = describeUnmarkedFile({
      mergeAttribute: drivers.get(conflict.path) ?? null,
      isTrusted: input.isTrusted,
      base: input.names.base,
      isBinary: conflict.messages.some((message) => message.type === BINARY_CONFLICT),
    });
    return { ...file, note };
  });
}

async function readOne(input: {
  repoRoot: string;
  tree: string;
  conflict: NamedConflict;
  names: { base: string; branch: string };
  labels: ConflictLabels;
}): Promise<ConflictFile> {
  const { conflict, names } = input;
  const path = conflict.shownPath;
  const { note, read } = describeConflict(conflict, names);
  const noHunks = (why: string | null): ConflictFile => ({ path, hunks: [], moreHunks: 0, note: why });
  if (read === "none") return noHunks(note);
  if (read === "link") {
    const [base, branch] = await Promise.all([
      readBlob({ cwd: input.repoRoot, object: conflict.base?.oid ?? "" }),
      readBlob({ cwd: input.repoRoot, object: conflict.branch?.oid ?? "" }),
    ]);
    const target = (blob: Buffer | null) => (blob ? [blob.toString("utf8").slice(0, HUNK_LIMITS.charsPerLine)] : []);
    return {
      path,
      hunks: [{ line: 1, base: target(base), branch: target(branch), isTruncated: false }],
      moreHunks: 0,
      note,
    };
  }
  // git reads `<tree>:<path>` from its command line, which carries only UTF-8.
  if (isRawPathToken(conflict.path))
    return noHunks(
      "Its name is not valid UTF-8, so its hunks cannot be shown here; compare the two versions in a terminal (`git diff` after the merge).",
    );
  const blob = await readBlob({ cwd: input.repoRoot, object: `${input.tree}:${conflict.path}` });
  if (!blob) return noHunks("Not in the merged tree: no text hunks to show.");
  if (blob.length > MAX_CONFLICT_FILE_BYTES)
    return noHunks(
      `Too large to show its hunks here (over ${formatBytes(MAX_CONFLICT_FILE_BYTES)} with its conflict markers); compare the two versions in a terminal, or ask Claude to resolve it.`,
    );
  if (blob.includes(0)) return noHunks(BINARY_NOTE);
  return { ...parseConflictHunks(path, blob.toString("utf8"), input.labels), ...(note ? { note } : {}) };
}

/** A blob's bytes (one past the size limit at most), or null when git cannot read it. */
async function readBlob(input: { cwd: string; object: string }): Promise<Buffer | null> {
  if (input.object === "") return null;
  const blob = await runGitCommand({
    cwd: input.cwd,
    args: ["cat-file", "blob", input.object],
    isExitCodeChecked: false,
    maxStdoutBytes: MAX_CONFLICT_FILE_BYTES + 1,
  }).catch(() => null);
  return blob && blob.exitCode === 0 ? blob.stdout : null;
}

/** Each path's `merge` attribute (`unspecified`, `set`, `unset` or a driver's name), from `git check-attr -z`. */
async function readMergeAttributes(input: { cwd: string; paths: string[] }): Promise<Map<string, string>> {
  const result = await runGitCommand({
    cwd: input.cwd,
    args: ["check-attr", "-z", "merge", "--", ...input.paths],
    isExitCodeChecked: false,
  }).catch(() => null);
  const values = new Map<string, string>();
  if (!result || result.exitCode !== 0) return values;
  // `<path>\0merge\0<value>\0` for each path.
  const fields = result.stdout.toString("utf8").split("\0");
  for (let index = 0; index + 2 < fields.length; index += 3) {
    const [path, , value] = fields.slice(index, index + 3);
    if (path !== undefined && value !== undefined) values.set(path, value);
  }
  return values;
}
