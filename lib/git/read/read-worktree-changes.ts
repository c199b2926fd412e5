import { AppError } from "@/lib/errors/app-error.ts";
import type { ChangedFile } from "@/lib/git/change-types.ts";
import { DIFF_RECORD_ARGS, parseDiffRecords, type DiffRecord } from "@/lib/git/parse/parse-diff-records.ts";
import { parseStatusEntries } from "@/lib/git/parse/parse-status-entries.ts";
import { readPathKind } from "./read-path-kind.ts";
import { runGitCommand } from "@/lib/git/run/run-git.ts";
import { statusToChangedFile } from "@/lib/git/parse/to-changed-file.ts";
import { countUntrackedLines } from "./count-untracked-lines.ts";
import { readEmptyTree } from "@/lib/git/run/empty-tree.ts";

/** Every untracked file listed one by one (not folded into its folder), renames found in the index. */
export const CHANGES_STATUS_ARGS = [
  "status",
  "--porcelain=v2",
  "--branch",
  "-z",
  "--untracked-files=all",
  "--find-renames",
];

export interface WorktreeChanges {
  /** HEAD commit, or null on an unborn branch. */
  head: string | null;
  branch: string | null;
  files: ChangedFile[];
  /** More files changed than `maxFiles`; the first ones are listed. */
  totalFiles: number;
}

/**
 * The uncommitted changes of a worktree: staged, unstaged, untracked and conflicted files, each
 * with its line counts from HEAD to the working file. Two git processes run at once (`status`
 * and `diff HEAD --numstat`), the same work as a terminal's; untracked files are counted by
 * reading them (up to a limit). Throws not_found when the folder is gone.
 */
export async function readWorktreeChanges(input: {
  worktreePath: string;
  maxFiles?: number;
}): Promise<WorktreeChanges> {
  const cwd = input.worktreePath;
  const maxFiles = input.maxFiles ?? 20_000;
  // The diff (the longer of the two) starts first; untracked files are read to count their lines
  // while it is still working. A missing folder is looked for only when git fails.
  const diffRun = runGitCommand({ cwd, args: ["diff", ...DIFF_RECORD_ARGS, "-M", "HEAD"], isExitCodeChecked: false });
  const statusRead = runGitCommand({ cwd, args: CHANGES_STATUS_ARGS }).then(async (status) => {
    const parsed = parseStatusEntries(status.stdout);
    const untracked = parsed.entries
      .slice(0, maxFiles)
      .filter((entry) => entry.type === "untracked")
      .map((entry) => statusToChangedFile(entry, undefined));
    await countUntrackedLines({ worktreePath: cwd, files: untracked });
    return { parsed, untracked: new Map(untracked.map((file) => [file.path, file])) };
  });
  const [{ parsed, untracked }, counts] = await Promise.all([statusRead, diffRun]).catch(async (error: unknown) => {
    await Promise.allSettled([statusRead, diffRun]);
    await assertWorktreeFolder(cwd);
    throw error;
  });
  const records =
    counts.exitCode === 0
      ? parseDiffRecords(counts.stdout)
      : parsed.head === null
        ? await readUnbornCounts(cwd)
        : parseDiffRecords((await runGitCommand({ cwd, args: ["diff", ...DIFF_RECORD_ARGS, "-M", "HEAD"] })).stdout);
  const byPath = new Map<string, DiffRecord>(records.map((record) => [record.path.path, record]));
  const files = parsed.entries
    .slice(0, maxFiles)
    .map(
      (entry) =>
        (entry.type === "untracked" ? untracked.get(entry.path.path) : undefined) ??
        statusToChangedFile(entry, byPath.get(entry.path.path)),
    );
  return { head: parsed.head, branch: parsed.branch, files, totalFiles: parsed.entries.length };
}

/** Before the first commit there is no HEAD: the staged files are compared with the empty tree. */
async function readUnbornCounts(cwd: string): Promise<DiffRecord[]> {
  const emptyTree = await readEmptyTree(cwd);
  const result = await runGitCommand({ cwd, args: ["diff", ...DIFF_RECORD_ARGS, "--no-renames", emptyTree] });
  return parseDiffRecords(result.stdout);
}

/** not_found with what to do when the worktree folder no longer exists. */
export async function assertWorktreeFolder(worktreePath: string): Promise<void> {
  const kind = await readPathKind(worktreePath).catch(() => "directory" as const);
  if (kind !== "directory") {
    throw new AppError(
      "not_found",
      `The worktree folder ${worktreePath} no longer exists. Restore it, or run \`git worktree prune\` in the repository and rescan.`,
    );
  }
}
