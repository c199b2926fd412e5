import type { Db } from "@/lib/db/client.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { isObjectId } from "@/lib/git/write/checkpoint-refs.ts";
import { readEmptyTree } from "@/lib/git/run/empty-tree.ts";
import { readHeadRef, resolveCommit } from "@/lib/git/read/read-head-ref.ts";
import type { ChangesScope } from "./changes-view.ts";

/** What a scope compares: `from` → `to` (commits or trees; `to` null means the working files). */
export interface ScopeRange {
  from: string;
  to: string | null;
}

/**
 * The two sides of a scope in a worktree. Uncommitted: HEAD (the empty tree before the first
 * commit) → working files. Branch: the merge base → HEAD. Commit: its first parent (the empty
 * tree for a root commit) → it. Run: the run's start checkpoint → its end checkpoint (the run
 * must be one of this worktree's, and have both). Object ids are checked before git sees them.
 */
export async function resolveScope(db: Db, input: { cwd: string; scope: ChangesScope }): Promise<ScopeRange> {
  const { cwd, scope } = input;
  switch (scope.kind) {
    case "uncommitted": {
      const { head } = await readHeadRef(cwd);
      return { from: head ?? (await readEmptyTree(cwd)), to: null };
    }
    case "branch": {
      const [from, head] = await Promise.all([requireCommit(cwd, scope.mergeBase), readHeadRef(cwd)]);
      if (!head.head) throw new AppError("conflict", "This branch has no commit yet. Look at its uncommitted changes.");
      return { from, to: head.head };
    }
    case "commit": {
      const commit = await requireCommit(cwd, scope.sha);
      const parent = await resolveCommit({ cwd, revision: `${commit}^` });
      return { from: parent ?? (await readEmptyTree(cwd)), to: commit };
    }
    case "run": {
      const checkpoints = await readRunCheckpoints(db, { runId: scope.runId, worktreePath: cwd });
      if (!checkpoints.start || !checkpoints.end) {
        throw new AppError(
          "conflict",
          "This run has no checkpoints (it is still going, or it started before Arbor kept them).",
        );
      }
      return { from: checkpoints.start.treeSha, to: checkpoints.end.treeSha };
    }
    case "before-run": {
      const { run, start } = await readRunCheckpoints(db, { runId: scope.runId, worktreePath: cwd });
      const previous = start ? await findPreviousEndCheckpoint(db, { worktreePath: cwd, runId: run.id, start }) : null;
      if (!start || !previous) {
        throw new AppError("conflict", "There is no earlier run in this worktree to compare this run's start with.");
      }
      return { from: previous.treeSha, to: start.treeSha };
    }
  }
}

/** The end checkpoint of the run before this one in the worktree (what the files were when Claude last stopped). */
export function findPreviousEndCheckpoint(
  db: Db,
  input: { worktreePath: string; runId: string; start: { createdAt: Date } },
) {
  return db.runCheckpoint.findFirst({
    where: {
      worktreePath: input.worktreePath,
      phase: "end",
      createdAt: { lte: input.start.createdAt },
      runId: { not: input.runId },
    },
    orderBy: { createdAt: "desc" },
  });
}

/** The start and end checkpoints of a run of this worktree; not_found for another worktree's run or an unknown one. */
export async function readRunCheckpoints(db: Db, input: { runId: string; worktreePath: string }) {
  const run = await db.agentRun.findUnique({ where: { id: input.runId }, include: { checkpoints: true } });
  if (!run || run.worktreePath !== input.worktreePath) {
    throw new AppError("not_found", "That run does not exist in this worktree. Reload the conversation.");
  }
  return {
    run,
    start: run.checkpoints.find((checkpoint) => checkpoint.phase === "start") ?? null,
    end: run.checkpoints.find((checkpoint) => checkpoint.phase === "end") ?? null,
  };
}

async function requireCommit(cwd: string, sha: string): Promise<string> {
  const commit = isObjectId(sha) ? await resolveCommit({ cwd, revision: sha }) : null;
  if (!commit)
    throw new AppError("not_found", `${sha.slice(0, 12)} is not a commit of this repository. Reload the changes.`);
  return commit;
}
