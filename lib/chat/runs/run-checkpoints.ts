import type { Db } from "@/lib/db/client.ts";
import { checkpointRef, keepCheckpointTree } from "@/lib/git/write/checkpoint-refs.ts";
import { writeWorktreeTree } from "@/lib/git/write/write-worktree-tree.ts";
import { publishWorktreeChanged } from "@/lib/realtime/publish-worktree-changed.ts";
import type { RunJob } from "./run-job.ts";
import type { EventHub } from "@/lib/realtime/event-hub.ts";

export type CheckpointPhase = "start" | "end";

/** The worktree's files (a tree id) and HEAD (null on an unborn branch) at one moment of a run. */
export interface RunCheckpoint {
  tree: string;
  head: string | null;
}

/**
 * What a run changed, from its two checkpoints: `files` when the worktree's files differ (the
 * repository's checks are due), `worktree` when its files or HEAD do (a commit that kept the files
 * as they were still changed the branch). Null when either checkpoint is missing: nothing is known.
 */
export function compareRunCheckpoints(
  start: RunCheckpoint | null,
  end: RunCheckpoint | null,
): { files: boolean; worktree: boolean } | null {
  if (!start || !end) return null;
  const files = start.tree !== end.tree;
  return { files, worktree: files || start.head !== end.head };
}

/**
 * Records the worktree's files at a run's start or end: a tree written with a temporary index
 * (lib/git/write/write-worktree-tree.ts), kept by `refs/arbor/checkpoints/<run>/<phase>`, its id and
 * HEAD stored with the run. "Changes by this run" is the difference of the two, whatever else
 * happened before or after. An end whose tree is the run's start (`start`, when given) needs no ref
 * of its own: the start's keeps it, and a git process per unchanged run is saved. Never throws: a
 * checkpoint that cannot be written is logged and the run goes on without it. After the end
 * checkpoint, browsers are told the worktree changed. Resolves with the tree written and HEAD (null
 * when none could be written).
 */
export async function takeRunCheckpoint(
  { db, hub }: { db: Db; hub: EventHub },
  input: { job: RunJob; phase: CheckpointPhase; start?: RunCheckpoint | null },
): Promise<RunCheckpoint | null> {
  const { job, phase } = input;
  try {
    const written = await writeWorktreeTree({ worktreePath: job.worktreePath });
    if (written.warning) console.warn(`[arbor] run ${job.runId} ${phase} checkpoint: ${written.warning}`);
    const isKept = phase === "end" && input.start?.tree === written.tree;
    await Promise.all([
      isKept
        ? null
        : keepCheckpointTree({
            cwd: job.worktreePath,
            ref: checkpointRef({ id: job.runId, phase }),
            tree: written.tree,
          }),
      db.runCheckpoint.create({
        data: {
          runId: job.runId,
          repoId: job.repoId,
          worktreePath: job.worktreePath,
          phase,
          treeSha: written.tree,
          headSha: written.head,
        },
      }),
    ]);
    return { tree: written.tree, head: written.head };
  } catch (error) {
    console.warn(
      `[arbor] run ${job.runId}: the ${phase} checkpoint could not be written (${error instanceof Error ? error.message : String(error)}); the run goes on without it.`,
    );
    return null;
  } finally {
    if (phase === "end") publishWorktreeChanged(hub, { repoId: job.repoId, worktreePath: job.worktreePath });
  }
}
