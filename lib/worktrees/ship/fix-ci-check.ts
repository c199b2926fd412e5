import { AppError } from "@/lib/errors/app-error.ts";
import { resolvePinnedWorktree } from "@/lib/pins/resolve-pinned-worktree.ts";
import { openChatSession } from "@/lib/chat/sessions/open-session.ts";
import { acceptChatMessage, type AcceptedSend, type SendContext } from "@/lib/chat/send/send-message.ts";
import type { PinsPort } from "@/lib/pins/pins-port.ts";
import { buildRunLogArgs, formatCiFixMessage } from "./ci/ci-fix-message.ts";
import { parseGithubRemote } from "./github-remote.ts";
import { readGhStatus } from "./pull-request.ts";
import {
  buildPrViewArgs,
  describeUnreadableView,
  isNoPullRequest,
  parsePullRequestView,
} from "./pull-request-draft.ts";
import { readPushRemote, requireBranch } from "./push-worktree.ts";
import { runGh } from "./run-gh.ts";

/** The end of a job's log that gh is read for (a log of gigabytes costs no more). */
const LOG_TAIL_BYTES = 1024 * 1024;

/**
 * "Fix with Claude" on a failed CI check of the worktree's pull request: reads the check afresh
 * from gh (never the browser's copy: its run and job ids pick what gh fetches), its failed steps'
 * log (`gh run view --log-failed`), and sends the failing tests and the log's end into the
 * worktree's conversation as the user's next message. Refused saying what to do when gh is
 * missing or logged out, there is no pull request, the check is unknown, not failed, or not an
 * Actions job (whose log gh cannot fetch).
 */
export async function fixCiCheck(
  ctx: SendContext & { pins: PinsPort },
  input: { repoId: string; worktreePath: string; check: string },
): Promise<AcceptedSend> {
  const { worktree } = await resolvePinnedWorktree(ctx.db, input);
  const branch = requireBranch(worktree);
  const gh = await readGhStatus({ cwd: worktree.path });
  if (gh.state !== "ready")
    throw new AppError(gh.state === "failing" ? "unavailable" : "precondition_failed", gh.message);
  const remote = await readPushRemote({ cwd: worktree.path, branch });
  if (!remote) throw new AppError("precondition_failed", `${branch} has no remote, so it has no pull request.`);
  const repository = parseGithubRemote(remote.url);
  const view = await runGh(buildPrViewArgs({ head: remote.remoteBranch, repository }), {
    cwd: worktree.path,
    timeoutMs: 30_000,
  });
  if (!view.ok) {
    if (isNoPullRequest(view.stderr))
      throw new AppError("precondition_failed", `${branch} has no pull request, so it has no CI checks.`);
    throw new AppError("unavailable", `gh pr view failed: ${view.stderr}`);
  }
  const parsed = parsePullRequestView(view.stdout);
  if ("problem" in parsed) throw new AppError("unavailable", describeUnreadableView(parsed.problem));
  const pullRequest = parsed.view;
  const check = pullRequest.ci.checks.find((candidate) => candidate.name === input.check);
  if (!check) {
    const names = pullRequest.ci.checks.map((candidate) => `"${candidate.name}"`).join(", ") || "none";
    throw new AppError(
      "not_found",
      `Pull request #${pullRequest.number} has no CI check named "${input.check}" (its checks: ${names}). Refresh the checks and try again.`,
    );
  }
  if (check.state !== "failed")
    throw new AppError(
      "conflict",
      `The CI check "${check.name}" is ${check.state}, not failed, so there is nothing to fix. Refresh the checks.`,
    );
  if (!check.runId && !check.jobId)
    throw new AppError(
      "precondition_failed",
      `The CI check "${check.name}" is not a GitHub Actions job, so gh cannot fetch its log. Open it on its own page${check.url ? ` (${check.url})` : ""} and paste what failed into the chat.`,
    );
  const log = await runGh(buildRunLogArgs({ runId: check.runId, jobId: check.jobId, repository }), {
    cwd: worktree.path,
    timeoutMs: 60_000,
    tailBytes: LOG_TAIL_BYTES,
  });
  if (!log.ok)
    throw new AppError("unavailable", `gh run view could not fetch the log of "${check.name}": ${log.stderr}`);
  const session = await openChatSession(ctx, input);
  return acceptChatMessage(ctx, {
    sessionId: session.id,
    userMessage: formatCiFixMessage({ pullRequest, check, log: log.stdout, isLogTruncated: log.isTruncated }),
  });
}
