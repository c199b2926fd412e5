import { readCheckReadiness } from "@/lib/checks/check-readiness.ts";
import { cancelScheduledChecks } from "@/lib/checks/run/schedule-checks.ts";
import { startWorktreeBatch } from "@/lib/checks/run/worktree-checks.ts";
import { summarizeCheckStatus } from "@/lib/checks/summarize-check-status.ts";
import { commitSelection } from "@/lib/git/write/commit-selection.ts";
import type { NodeEvent } from "@/lib/plans/run/node-events.ts";
import type { NodeChecks } from "@/lib/plans/run/plan-run-record.ts";
import type { CheckRunView } from "@/lib/realtime/check-views.ts";
import { readSettings } from "@/lib/settings/settings-store.ts";
import { isRepositoryTrusted } from "@/lib/trust/repo-trust.ts";
import { assertCommitterIdentity } from "@/lib/worktrees/land/git-identity.ts";
import type { PlanRunsContext } from "./plan-runs-context.ts";

/** Automatic fixes of failed checks before a node waits for the user. */
export const MAX_AUTOMATIC_FIXES = 2;

/** Check batches cancelled by another one before the node's checks are given up on. */
const MAX_CANCELLED_BATCHES = 3;

/** A commit message for what a node's agent left uncommitted: the node's title, then where it came from. */
export const autoCommitMessage = (title: string) =>
  `${title.trim()}\n\nCommitted by Arbor's plan run: what the agent left uncommitted when its run ended.`;

/** What checking a node found: the event for the node, the checks' outcome, and Arbor's commit if it made one. */
export interface NodeCheckOutcome {
  event: NodeEvent;
  checks: NodeChecks;
  autoCommit: string | null;
}

/**
 * "Finished means checked": commits what the agent left uncommitted (as the user, the repository's
 * hooks only when trusted), then runs the repository's checks on the worktree and waits for them.
 * A repository without checks, or one not trusted (its checks are its own code), has nothing run:
 * the node is ready, and its checks say why none ran. A commit a hook refused fails the node.
 */
export async function checkNode(
  ctx: PlanRunsContext,
  input: { repoId: string; worktreePath: string; title: string },
): Promise<NodeCheckOutcome> {
  const at = () => new Date().toISOString();
  const [settings, isTrusted] = await Promise.all([readSettings(ctx.db), isRepositoryTrusted(ctx.db, input.repoId)]);
  await assertCommitterIdentity({
    cwd: input.worktreePath,
    notDone: "Arbor could not commit what the agent left",
    then: "retry the node",
  });
  const committed = await commitSelection({
    worktreePath: input.worktreePath,
    message: autoCommitMessage(input.title),
    paths: ["."],
    patches: [],
    runHooks: isTrusted,
    timeoutMs: settings.commitTimeoutSeconds * 1000,
  });
  if (committed.outcome === "hook_failed" || committed.outcome === "timed_out") {
    const why = committed.outcome === "timed_out" ? "timed out" : "was refused by the repository's hook";
    return {
      event: { type: "failed", message: `committing what its agent left ${why}: ${committed.output.slice(0, 500)}` },
      checks: { status: "not_run", at: at(), note: "the commit of the agent's work failed" },
      autoCommit: null,
    };
  }
  const autoCommit = committed.outcome === "committed" ? committed.commit : null;
  const { checks, reason } = await readCheckReadiness(ctx.db, input.repoId);
  if (reason) {
    return {
      event: { type: "checks_passed" },
      checks: { status: "not_run", at: at(), note: reason.message },
      autoCommit,
    };
  }
  const ref = { repoId: input.repoId, worktreePath: input.worktreePath };
  let results: CheckRunView[] = [];
  let status: ReturnType<typeof summarizeCheckStatus> = "cancelled";
  // The checks a run's changes scheduled would test the same tree: these replace them. A batch
  // cancelled by another one (an edit, a click on Run checks) is run again.
  for (let attempt = 0; attempt < MAX_CANCELLED_BATCHES && status === "cancelled"; attempt += 1) {
    cancelScheduledChecks(ctx.checks, ref);
    results = await new Promise<CheckRunView[]>((resolve, reject) => {
      startWorktreeBatch(ctx, { ...ref, checks, onFinished: resolve }).catch(reject);
    });
    status = summarizeCheckStatus(results.map((run) => run.status));
  }
  if (status === "passed")
    return { event: { type: "checks_passed" }, checks: { status: "passed", at: at(), note: null }, autoCommit };
  const failing = results.filter((run) => run.status !== "passed").map((run) => run.name);
  return {
    event: { type: "checks_failed", maxAutomaticRetries: MAX_AUTOMATIC_FIXES },
    checks: { status: "failed", at: at(), note: `${failing.join(", ")} did not pass` },
    autoCommit,
  };
}
