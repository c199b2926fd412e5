import type { Db } from "@/lib/db/client.ts";
import { isSamePath } from "@/lib/git/git-path.ts";
import { HEAD_COMMIT_FORMAT, parseHeadCommits } from "@/lib/git/parse/parse-head-commits.ts";
import { readTreeChanges } from "@/lib/git/read/read-tree-changes.ts";
import { runGit } from "@/lib/git/run/run-git.ts";
import type { HeadCommit } from "@/lib/git/types.ts";
import type { RunChangesView } from "./changes-view.ts";
import { findIndexedWorktree } from "./find-pinned-worktree.ts";
import { findPreviousEndCheckpoint, readRunCheckpoints } from "./resolve-scope.ts";
import type { WorktreeIndex } from "@/lib/pins/worktree-index.ts";

/**
 * "Changes by this run": the run's start checkpoint compared with its end checkpoint, so exactly
 * what changed while it ran, committed or not, whatever was there before. Files this run changed
 * that had also been changed between the previous run's end and this run's start (the user
 * editing in between) are listed again under `editedBefore`, so both changes can be shown.
 */
export async function readRunChanges(
  { db, worktreeIndex }: { db: Db; worktreeIndex: WorktreeIndex },
  input: { repoId: string; worktreePath: string; runId: string },
): Promise<RunChangesView> {
  const { worktreePath: cwd } = await findIndexedWorktree({ db, worktreeIndex }, input);
  const { run, start, end } = await readRunCheckpoints(db, { runId: input.runId, worktreePath: cwd });
  const empty: RunChangesView = {
    runId: run.id,
    state: run.status === "running" || run.status === "queued" ? "running" : "missing",
    files: [],
    totalFiles: 0,
    editedBefore: [],
    commits: [],
    startTree: start?.treeSha ?? null,
    endTree: end?.treeSha ?? null,
    previousEndTree: null,
  };
  if (!start || !end) return empty;
  const previous = await findPreviousEndCheckpoint(db, { worktreePath: cwd, runId: run.id, start });
  const previousEndTree = previous && previous.treeSha !== start.treeSha ? previous.treeSha : null;
  const [changes, before, commits] = await Promise.all([
    readTreeChanges({ cwd, from: start.treeSha, to: end.treeSha }),
    previousEndTree ? readTreeChanges({ cwd, from: previousEndTree, to: start.treeSha }) : null,
    readRunCommits({ cwd, from: start.headSha, to: end.headSha }),
  ]);
  const touched = changes.files.flatMap((file) => (file.oldPath ? [file.path, file.oldPath] : [file.path]));
  const editedBefore = (before?.files ?? []).filter((file) => touched.some((path) => isSamePath(path, file.path)));
  return {
    ...empty,
    state: "ready",
    files: changes.files,
    totalFiles: changes.totalFiles,
    editedBefore,
    commits,
    previousEndTree,
  };
}

async function readRunCommits(input: { cwd: string; from: string | null; to: string | null }): Promise<HeadCommit[]> {
  if (!input.to || input.from === input.to) return [];
  const range = input.from ? [`${input.from}..${input.to}`] : [input.to];
  try {
    const output = await runGit({
      cwd: input.cwd,
      args: ["log", "-z", "--max-count=50", HEAD_COMMIT_FORMAT, "--end-of-options", ...range, "--"],
    });
    return parseHeadCommits(output);
  } catch {
    // HEAD moved somewhere unrelated (a reset, another branch): no commits to list.
    return [];
  }
}
