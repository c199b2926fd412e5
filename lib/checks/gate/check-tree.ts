import type { CheckRunView } from "@/lib/realtime/check-views.ts";
import type { CheckSpec } from "@/lib/checks/check-setting.ts";
import { findPassingRun } from "@/lib/checks/check-run-store.ts";
import { startCheckBatch, type CheckRunContext } from "@/lib/checks/run/run-check-batch.ts";
import type { PrepareScratch, ScratchWorktree } from "./scratch-worktree.ts";

/**
 * Runs the checks on a tree a land would give (`commit` is the HEAD its checks see), with the
 * rows in the branch's worktree (purpose "land"): unless every check already passed on exactly
 * that tree, the tree is checked out in the scratch worktree, readied by `prepare` (whose lines
 * open each check's output) and the checks run there; a cache answer costs no checkout.
 * Resolves with every result, whatever it is.
 */
export async function runChecksOnTree(
  ctx: CheckRunContext,
  input: {
    repoId: string;
    worktreePath: string;
    checks: readonly CheckSpec[];
    tree: string;
    commit: string;
    /** Where the batch is said to run when everything is cached (nothing runs there). */
    repoCwd: string;
    scratch: ScratchWorktree;
    prepare?: PrepareScratch;
    signal: AbortSignal;
  },
): Promise<CheckRunView[]> {
  const { repoId, tree } = input;
  const cached = await Promise.all(
    input.checks.map((check) => findPassingRun(ctx.db, { repoId, tree, command: check.command })),
  );
  const isCached = cached.every((row) => row !== null);
  const cwd = isCached ? input.repoCwd : await input.scratch.checkout({ commit: input.commit, tree });
  const preamble =
    isCached || !input.prepare
      ? ""
      : await input.prepare({ scratchPath: cwd, tree, worktreePath: input.worktreePath, signal: input.signal });
  const batch = await startCheckBatch(ctx, {
    repoId,
    worktreePath: input.worktreePath,
    cwd,
    preamble,
    purpose: "land",
    checks: input.checks,
    tested: { tree, head: input.commit, isDirty: false },
    signal: input.signal,
  });
  return batch.done;
}
