import type { Db } from "@/lib/db/client.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { runGitCommand } from "@/lib/git/run/run-git.ts";
import type { CheckRunView, MergeGateResult } from "@/lib/realtime/check-views.ts";
import { readCheckReadiness } from "@/lib/checks/check-readiness.ts";
import { findPassingRun } from "@/lib/checks/check-run-store.ts";
import { startCheckBatch } from "@/lib/checks/run/run-check-batch.ts";
import { withScratchWorktree } from "./scratch-worktree.ts";

/**
 * Runs the repository's checks on what landing `branchRef` into `baseCommit` would give, before
 * the base moves: the merge is made in git's object store (`merge-tree --write-tree`, the
 * repository's merge drivers allowed: the gate runs only in a trusted repository), and unless
 * every check already passed on exactly that tree, it is checked out in a scratch worktree and
 * the checks run there. Throws conflict (409) with the failing output when one does not pass;
 * the scratch worktree is gone either way. Not run when no check is configured or the repository
 * is not trusted (the land goes ahead, and says so).
 */
export async function runMergeGate(
  db: Db,
  input: { repoId: string; worktreePath: string; baseCwd: string; baseCommit: string; branch: string; base: string },
): Promise<MergeGateResult> {
  const { checks, reason } = await readCheckReadiness(db, input.repoId);
  if (reason) return { status: "not_run", reason, tree: null, checks: [] };
  const tree = await mergeTree(input);
  const cached = await Promise.all(
    checks.map((check) => findPassingRun(db, { repoId: input.repoId, tree, command: check.command })),
  );
  const tested = { tree, head: input.baseCommit, isDirty: false };
  const batchInput = {
    repoId: input.repoId,
    worktreePath: input.worktreePath,
    purpose: "land" as const,
    checks,
    tested,
  };
  const signal = new AbortController().signal;
  const runs = cached.every((row) => row !== null)
    ? await (
        await startCheckBatch(db, { ...batchInput, cwd: input.baseCwd, signal })
      ).done
    : await withScratchWorktree(
        { repoCwd: input.baseCwd, commit: input.baseCommit, tree },
        async (scratchPath) => (await startCheckBatch(db, { ...batchInput, cwd: scratchPath, signal })).done,
      );
  const failing = runs.filter((run) => run.status !== "passed");
  if (failing.length > 0) throw gateRefusal({ ...input, failing, runs, tree });
  return { status: "passed", reason: null, tree, checks: runs };
}

async function mergeTree(input: { baseCwd: string; baseCommit: string; branch: string }): Promise<string> {
  const result = await runGitCommand({
    cwd: input.baseCwd,
    args: ["merge-tree", "--write-tree", input.baseCommit, `refs/heads/${input.branch}`],
    allowRepositoryCode: true,
    okExitCodes: [0],
  });
  return result.stdout.toString("utf8").split("\n")[0]!.trim();
}

function gateRefusal(input: {
  branch: string;
  base: string;
  tree: string;
  failing: CheckRunView[];
  runs: CheckRunView[];
}): AppError {
  const first = input.failing[0]!;
  const names = input.failing.map((run) => `"${run.name}" (${run.status.replace("_", " ")})`).join(", ");
  return new AppError(
    "conflict",
    `${input.branch} was not landed: on the merge of ${input.branch} into ${input.base}, ${names} did not pass, so ${input.base} did not move. ${first.message ?? ""} Fix it on ${input.branch} (merge ${input.base} into it to see the failure there), then land again.`,
    { details: { gate: { status: "failed", tree: input.tree, checks: input.runs } } },
  );
}
