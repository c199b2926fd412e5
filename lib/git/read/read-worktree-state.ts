import type { WorktreeState } from "@/lib/git/parse/build-worktree-scan.ts";
import { parseStatus } from "@/lib/git/parse/parse-status.ts";
import type { WorktreeListEntry } from "@/lib/git/parse/parse-worktree-list.ts";
import { readGitDirFromFiles, readOperationSummary } from "./read-operation-in-progress.ts";
import { readPathKind } from "./read-path-kind.ts";
import { readGitMessage, runGit } from "@/lib/git/run/run-git.ts";

/**
 * The status command a scan runs in each worktree. Untracked files are pinned to `normal` (a new
 * folder counts once) so a user's status.showUntrackedFiles setting cannot change the counts.
 */
export const STATUS_ARGS = ["status", "--porcelain=v2", "--branch", "-z", "--untracked-files=normal"];

/**
 * Reads one listed worktree: bare entries have no status, a vanished folder is `missing`, and a
 * git failure becomes `failed` with git's message instead of failing the whole repository scan.
 */
export async function readWorktreeState(entry: WorktreeListEntry): Promise<WorktreeState> {
  if (entry.isBare) return { kind: "bare" };
  // A folder that cannot even be stat-ed is left to git, whose message then explains why.
  const kind = await readPathKind(entry.path).catch(() => null);
  if (kind === "missing") return { kind: "missing" };
  return readStatusState({ worktreePath: entry.path });
}

/** Runs the status command in `worktreePath`; never throws, a failure is returned as state. */
export async function readStatusState({ worktreePath }: { worktreePath: string }): Promise<WorktreeState> {
  try {
    const [output, summary] = await Promise.all([
      runGit({ cwd: worktreePath, args: STATUS_ARGS }),
      readGitDirFromFiles(worktreePath).then((gitDir) => (gitDir ? readOperationSummary(gitDir) : null)),
    ]);
    return {
      kind: "scanned",
      status: parseStatus(output),
      operation: summary?.operation ?? null,
      rebasingBranch: summary?.rebasingBranch ?? null,
    };
  } catch (error) {
    return { kind: "failed", error: readGitMessage(error) };
  }
}
