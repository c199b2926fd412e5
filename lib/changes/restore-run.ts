import { randomUUID } from "node:crypto";
import type { Db } from "@/lib/db/client.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { checkpointRef, keepCheckpointTree } from "@/lib/git/write/checkpoint-refs.ts";
import { readTreeChanges } from "@/lib/git/read/read-tree-changes.ts";
import { restoreWorktreeFiles } from "@/lib/git/write/restore-worktree-files.ts";
import { writeWorktreeTree } from "@/lib/git/write/write-worktree-tree.ts";
import type { RunManager } from "@/lib/chat/runs/run-manager.ts";
import { publishWorktreeChanged } from "@/lib/realtime/publish-worktree-changed.ts";
import { isRepositoryTrusted } from "@/lib/trust/repo-trust.ts";
import type { RestoreFile, RestorePreview, RestoreResult } from "./changes-view.ts";
import { findIndexedWorktree } from "./find-pinned-worktree.ts";
import { readRunCheckpoints } from "./resolve-scope.ts";
import type { EventHub } from "@/lib/realtime/event-hub.ts";
import type { WorktreeIndex } from "@/lib/pins/worktree-index.ts";

/**
 * What "Restore to before this run" would do now: the working files compared with the run's
 * start checkpoint (each file written back or deleted; submodules are left alone), and which of
 * them changed since the run ended (by the user or a later run), since restoring loses that too.
 */
export async function previewRestore(
  ctx: { db: Db; runs: RunManager; worktreeIndex: WorktreeIndex },
  input: { repoId: string; worktreePath: string; runId: string },
): Promise<RestorePreview> {
  const { worktreePath: cwd } = await findIndexedWorktree(ctx, input);
  return (await buildPreview(ctx, { cwd, runId: input.runId })).preview;
}

/**
 * Restores the worktree's files to the run's start checkpoint. Refused while a run is active in
 * the worktree, when the files changed since `expectedTree` was previewed, and when files changed
 * since the run ended unless `isConfirmed`. The files as they were just before are kept under
 * `refs/arbor/checkpoints/restore-<id>/before` first. The index, HEAD, branches and ignored files
 * are not touched.
 */
export async function restoreBeforeRun(
  ctx: { db: Db; hub: EventHub; runs: RunManager; worktreeIndex: WorktreeIndex },
  input: { repoId: string; worktreePath: string; runId: string; expectedTree: string; isConfirmed: boolean },
): Promise<RestoreResult> {
  const { db } = ctx;
  const { worktreePath: cwd } = await findIndexedWorktree(ctx, input);
  assertNoRun(ctx.runs, cwd);
  const { preview, startTree } = await buildPreview(ctx, { cwd, runId: input.runId });
  if (preview.currentTree !== input.expectedTree) {
    throw new AppError("conflict", "The files changed since you looked. Check what the restore would do again.", {
      details: { preview },
    });
  }
  const losing = preview.files.filter((entry) => entry.isChangedSince && entry.action !== "skip");
  if (losing.length > 0 && !input.isConfirmed) {
    throw new AppError(
      "conflict",
      `${losing.length} file(s) changed after this run ended; restoring overwrites those changes too. Confirm to go ahead.`,
      { details: { preview } },
    );
  }
  assertNoRun(ctx.runs, cwd);
  const savedRef = checkpointRef({ id: `restore-${randomUUID()}`, phase: "before" });
  await keepCheckpointTree({ cwd, ref: savedRef, tree: preview.currentTree });
  const paths = (action: RestoreFile["action"]) =>
    preview.files.filter((entry) => entry.action === action).map((entry) => entry.file.path);
  await restoreWorktreeFiles({
    worktreePath: cwd,
    tree: startTree,
    write: paths("write"),
    remove: paths("delete"),
    allowRepositoryCode: await isRepositoryTrusted(db, input.repoId),
  });
  publishWorktreeChanged(ctx.hub, { repoId: input.repoId, worktreePath: cwd });
  return {
    restored: paths("write").length,
    deleted: paths("delete").length,
    savedRef,
    savedTree: preview.currentTree,
  };
}

async function buildPreview(ctx: { db: Db; runs: RunManager }, input: { cwd: string; runId: string }) {
  const { db } = ctx;
  const { cwd, runId } = input;
  const { start, end } = await readRunCheckpoints(db, { runId, worktreePath: cwd });
  if (!start) {
    throw new AppError(
      "conflict",
      "This run has no start checkpoint (it began before Arbor kept them), so it cannot be undone here.",
    );
  }
  const current = await writeWorktreeTree({ worktreePath: cwd });
  const [toStart, sinceEnd, later] = await Promise.all([
    readTreeChanges({ cwd, from: current.tree, to: start.treeSha, findRenames: false }),
    end ? readTreeChanges({ cwd, from: end.treeSha, to: current.tree, findRenames: false }) : null,
    db.runCheckpoint.findMany({
      where: { worktreePath: cwd, phase: "start", createdAt: { gt: (end ?? start).createdAt } },
      orderBy: { createdAt: "asc" },
    }),
  ]);
  const changedSince = sinceEnd ? new Set(sinceEnd.files.map((file) => file.path)) : null;
  const files: RestoreFile[] = toStart.files.map((file) => ({
    file,
    action: file.isSubmodule ? "skip" : file.kind === "deleted" ? "delete" : "write",
    isChangedSince: changedSince ? changedSince.has(file.path) : true,
  }));
  const preview: RestorePreview = {
    runId,
    currentTree: current.tree,
    files,
    laterRuns: later.map((checkpoint) => ({ runId: checkpoint.runId, startedAt: checkpoint.createdAt.toISOString() })),
    isHeadMoved: current.head !== start.headSha,
    isRunActive: ctx.runs.stateOf(cwd) !== "idle",
  };
  return { preview, startTree: start.treeSha };
}

function assertNoRun(runs: RunManager, cwd: string): void {
  if (runs.stateOf(cwd) !== "idle") {
    throw new AppError(
      "conflict",
      "Claude is working in this worktree right now. Wait for the run to end (or stop it), then restore.",
    );
  }
}
