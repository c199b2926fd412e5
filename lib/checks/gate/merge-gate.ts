import type { ChecksContext } from "@/lib/checks/run/checks-state.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { runGitCommand } from "@/lib/git/run/run-git.ts";
import type { CheckRunView, MergeGateResult } from "@/lib/realtime/check-views.ts";
import { readCheckReadiness } from "@/lib/checks/check-readiness.ts";
import { runChecksOnTree } from "./check-tree.ts";
import { whileCancellable } from "./landing-gates.ts";
import { withScratchWorktree, type PrepareScratch } from "./scratch-worktree.ts";

/**
 * Runs the repository's checks on what landing `branchRef` into `baseCommit` would give, before
 * the base moves: the merge is made in git's object store (`merge-tree --write-tree`, the
 * repository's merge drivers allowed: the gate runs only in a trusted repository), and unless
 * every check already passed on exactly that tree, it is checked out in a scratch worktree,
 * readied by `prepare` (the worktrees' dependencies), and the checks run there. Throws conflict
 * (409) with the failing output when one does not pass, or when the user cancelled it
 * (cancelLanding); the scratch worktree is gone either way. Not run when no check is configured
 * or the repository is not trusted (the land goes ahead, and says so).
 */
export async function runMergeGate(
  ctx: ChecksContext,
  input: {
    repoId: string;
    worktreePath: string;
    baseCwd: string;
    baseCommit: string;
    branch: string;
    base: string;
    /** The merge's tree when the land check already wrote it with the repository's drivers (saves a merge). */
    knownTree?: string;
    prepare?: PrepareScratch;
  },
): Promise<MergeGateResult> {
  const { checks, reason } = await readCheckReadiness(ctx.db, input.repoId);
  if (reason) return { status: "not_run", reason, tree: null, checks: [] };
  const tree = input.knownTree ?? (await mergeTree(input));
  const runs = await whileCancellable(ctx.checks.gates, input.repoId, (signal) =>
    withScratchWorktree({ repoCwd: input.baseCwd }, (scratch) =>
      runChecksOnTree(ctx, {
        repoId: input.repoId,
        worktreePath: input.worktreePath,
        checks,
        tree,
        // The checks see HEAD at the base, with the merge's files.
        commit: input.baseCommit,
        repoCwd: input.baseCwd,
        scratch,
        ...(input.prepare ? { prepare: input.prepare } : {}),
        signal,
      }),
    ),
  );
  if (runs.some((run) => run.status === "cancelled"))
    throw new AppError(
      "conflict",
      `${input.branch} was not landed: its checks were cancelled before they finished, so ${input.base} did not move. Land it again when you want it.`,
      { details: { gate: { status: "cancelled", tree, checks: runs } } },
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
