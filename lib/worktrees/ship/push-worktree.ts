import type { Db } from "@/lib/db/client.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { readRepositoryConfigNames } from "@/lib/git/safety/local-git-config.ts";
import { redactCredentialsInText } from "@/lib/git/safety/redact-url.ts";
import { runGit, runGitCommand } from "@/lib/git/run/run-git.ts";
import type { WorktreeScan } from "@/lib/git/types.ts";
import { resolvePinnedWorktree } from "@/lib/pins/resolve-pinned-worktree.ts";
import { isRepositoryTrusted } from "@/lib/trust/repo-trust.ts";
import { explainPushFailure } from "./explain-push-failure.ts";
import { PUSH_CONFIG_ARGS, parsePushConfig } from "./push-config.ts";
import { buildPushArgs, noRemoteToPushTo } from "./push-remote.ts";
import { planUntrustedPush } from "./push-safety.ts";
import { explainUpstreamMismatch, planPushTarget, type PushTarget } from "./push-target.ts";
import type { PushResult } from "@/lib/worktrees/ship-types.ts";
import { publishWorktreeListChange } from "@/lib/worktrees/worktree-facts.ts";
import type { EventHub } from "@/lib/realtime/event-hub.ts";

const PUSH_TIMEOUT_MS = 120_000;

/**
 * Pushes a worktree's branch where `git push` would (planPushTarget) as a full refspec, setting the
 * upstream only when there is none; a branch tracking another name is not pushed (explained).
 * Untrusted: no program of the repository runs (push-safety.ts). git never prompts
 * (GIT_TERMINAL_PROMPT=0, ssh has no terminal), so a password-wanting remote fails with git's
 * message. Failures are explained by explainPushFailure.
 */
export async function pushWorktree(
  { db, hub }: { db: Db; hub: EventHub },
  input: { repoId: string; worktreePath: string },
): Promise<PushResult> {
  const { worktree } = await resolvePinnedWorktree(db, input);
  const branch = requireBranch(worktree);
  const destination = await readPushRemote({ cwd: worktree.path, branch });
  if (!destination) throw noRemoteToPushTo();
  if (destination.mismatch) throw explainUpstreamMismatch(destination.mismatch);
  const { remote: remoteName, remoteBranch, setsUpstream } = destination;
  const isTrusted = await isRepositoryTrusted(db, input.repoId);
  const plan = isTrusted
    ? { config: [], pushOptions: [] }
    : await planPushFromUntrusted({ cwd: worktree.path, remote: remoteName });
  const result = await runGitCommand({
    cwd: worktree.path,
    args: buildPushArgs({ remote: remoteName, branch, remoteBranch, setsUpstream, options: plan.pushOptions }),
    allowRepositoryCode: isTrusted,
    extraConfig: plan.config,
    timeoutMs: PUSH_TIMEOUT_MS,
    isExitCodeChecked: false,
  });
  if (result.isTimedOut)
    throw new AppError(
      "unavailable",
      `git push to ${remoteName} did not finish within ${PUSH_TIMEOUT_MS / 1000} s and was stopped. Check that the remote is reachable (\`git remote -v\`), then push again.`,
    );
  if (result.exitCode !== 0)
    throw explainPushFailure({
      remote: remoteName,
      branch,
      remoteBranch,
      stderr: result.stderr,
      stdout: result.stdout.toString(),
    });
  publishWorktreeListChange(hub, input.repoId);
  const stdout = result.stdout.toString();
  return {
    branch,
    remote: remoteName,
    remoteBranch,
    isUpstreamSet: setsUpstream,
    // git prints the URL it pushed to ("To https://…"); a token in it stays out of the answer.
    output: redactCredentialsInText(`${stdout}${result.stderr}`.trim()),
    isUpToDate: /^=\t/m.test(stdout),
  };
}

/** planUntrustedPush with the push URL as git resolves it and the repository's own config entries. */
async function planPushFromUntrusted(input: { cwd: string; remote: string }) {
  const [url, facts] = await Promise.all([
    runGit({ cwd: input.cwd, args: ["remote", "get-url", "--push", "--end-of-options", input.remote] }),
    readRepositoryConfigNames(input.cwd),
  ]);
  return planUntrustedPush({ remote: input.remote, url: url.trim(), repositoryEntries: facts.repositoryEntries });
}

export function requireBranch(worktree: WorktreeScan): string {
  if (!worktree.branch || worktree.isDetached)
    throw new AppError(
      "invalid_input",
      "This worktree is on a detached HEAD; create a branch in it (`git switch -c <name>`) before pushing.",
    );
  return worktree.branch;
}

/** Where the branch is pushed (see planPushTarget), with the remote's URL as configured. */
export interface PushDestination extends PushTarget {
  /** The remote's URL as configured (credentials and all: never shown as it is). */
  url: string;
}

/** Where the branch would be pushed (see planPushTarget), or null when the repository has no remote. */
export async function readPushRemote(input: { cwd: string; branch: string }): Promise<PushDestination | null> {
  const output = await runGitCommand({ cwd: input.cwd, args: PUSH_CONFIG_ARGS, okExitCodes: [1] });
  const config = parsePushConfig(output.stdout.toString("utf8"), input.branch);
  if (config.remoteUrls.size === 0) return null;
  const target = planPushTarget({ branch: input.branch, config });
  return { ...target, url: config.remoteUrls.get(target.remote) ?? "" };
}

/** Whether this clone has seen the branch on the remote (its remote-tracking ref exists). */
export async function isBranchOnRemote(input: { cwd: string; remote: string; branch: string }): Promise<boolean> {
  const result = await runGitCommand({
    cwd: input.cwd,
    args: ["rev-parse", "--verify", "-q", `refs/remotes/${input.remote}/${input.branch}`],
    isExitCodeChecked: false,
  });
  return result.exitCode === 0;
}
