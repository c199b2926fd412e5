import type { WorktreeListEntry } from "@/lib/git/parse/parse-worktree-list.ts";
import { readGitDirFromFiles, readOperationSummary } from "@/lib/git/read/read-operation-in-progress.ts";
import type { WorktreeScan } from "@/lib/git/types.ts";
import { describeOperation, readOperationState } from "./operation-state.ts";

/**
 * The rebase or merge stopped in a scanned worktree, as a refusal's sentence (describeOperation), or
 * null. The scan already read whether one is under way from the git dir's files, so the common
 * case costs nothing; only a stopped one is read in full (its commits and conflicted files).
 */
export async function describeStoppedIn(scan: WorktreeScan): Promise<string | null> {
  if (!scan.operation || scan.isMissing) return null;
  const state = await readOperationState(scan.path);
  return state ? describeOperation(state) : null;
}

/**
 * The worktree where `branch` is being rebased, stopped half way (HEAD detached there, so git lists
 * no worktree on the branch), with its sentence; null when none is. Only detached worktrees are
 * looked at, from the git dir's files.
 */
export async function findStoppedRebaseOf(input: {
  entries: WorktreeListEntry[];
  branch: string;
}): Promise<{ worktreePath: string; description: string } | null> {
  for (const entry of input.entries) {
    if (entry.isBare || !entry.isDetached) continue;
    const gitDir = await readGitDirFromFiles(entry.path);
    if (!gitDir || (await readOperationSummary(gitDir)).rebasingBranch !== input.branch) continue;
    const state = await readOperationState(entry.path);
    if (state) return { worktreePath: entry.path, description: describeOperation(state) };
  }
  return null;
}
