import type { Db } from "@/lib/db/client.ts";
import { checkpointRef, keepCheckpointTree } from "@/lib/git/write/checkpoint-refs.ts";
import { writeWorktreeTree } from "@/lib/git/write/write-worktree-tree.ts";
import { publishWorktreeChanged } from "@/lib/realtime/publish-worktree-changed.ts";
import type { RunJob } from "./run-job.ts";
import type { EventHub } from "@/lib/realtime/event-hub.ts";

export type CheckpointPhase = "start" | "end";

/**
 * Records the worktree's files at a run's start or end: a tree written with a temporary index
 * (lib/git/write/write-worktree-tree.ts), kept by `refs/arbor/checkpoints/<run>/<phase>`, its id and
 * HEAD stored with the run. "Changes by this run" is the difference of the two, whatever else
 * happened before or after. Never throws: a checkpoint that cannot be written is logged and the
 * run goes on without it. After the end checkpoint, browsers are told the worktree changed.
 * Resolves with the tree written (null when none could be).
 */
export async function takeRunCheckpoint(
  { db, hub }: { db: Db; hub: EventHub },
  input: { job: RunJob; phase: CheckpointPhase },
): Promise<string | null> {
  const { job, phase } = input;
  try {
    const written = await writeWorktreeTree({ worktreePath: job.worktreePath });
    if (written.warning) console.warn(`[arbor] run ${job.runId} ${phase} checkpoint: ${written.warning}`);
    await Promise.all([
      keepCheckpointTree({ cwd: job.worktreePath, ref: checkpointRef({ id: job.runId, phase }), tree: written.tree }),
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
    return written.tree;
  } catch (error) {
    console.warn(
      `[arbor] run ${job.runId}: the ${phase} checkpoint could not be written (${error instanceof Error ? error.message : String(error)}); the run goes on without it.`,
    );
    return null;
  } finally {
    if (phase === "end") publishWorktreeChanged(hub, { repoId: job.repoId, worktreePath: job.worktreePath });
  }
}
