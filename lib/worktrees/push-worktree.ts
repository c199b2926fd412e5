import type { Db } from "@/lib/db/client.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { readRepositoryConfigNames } from "@/lib/git/local-git-config.ts";
import { redactCredentialsInText } from "@/lib/git/redact-url.ts";
import { runGit, runGitCommand } from "@/lib/git/run-git.ts";
import type { WorktreeScan } from "@/lib/git/types.ts";
import { resolvePinnedWorktree } from "@/lib/pins/resolve-pinned-worktree.ts";
import { isRepositoryTrusted } from "@/lib/trust/repo-trust.ts";
import { buildPushArgs, chooseRemote, explainPushFailure } from "./push-remote.ts";
import { planUntrustedPush } from "./push-safety.ts";
import type { PushResult } from "./ship-types.ts";
import { publishWorktreeListChange } from "./worktree-facts.ts";

const PUSH_TIMEOUT_MS = 120_000;

/**
 * Pushes a worktree's branch to its remote and sets the upstream (`git push -u <remote>
 * refs/heads/<b>:refs/heads/<b>`). The remote is the branch's own, else origin, else the only one.
 * In a repository the user has not trusted no program of the repository runs (no pre-push hook,
 * no helper, ssh command or credential helper of its config, no hook of a local remote: see push-safety.ts);
 * git never prompts (GIT_TERMINAL_PROMPT=0, and ssh has no terminal: the process host starts it in a
 * session of its own): a remote that wants a password fails with git's message.
 * Failures are explained (see explainPushFailure): not a fast-forward, refused by the remote,
 * unreachable.
 */
export async function pushWorktree(db: Db, input: { repoId: string; worktreePath: string }): Promise<PushResult> {
  const { worktree } = await resolvePinnedWorktree(db, input);
  const branch = requireBranch(worktree);
  const remote = await readPushRemote({ cwd: worktree.path, branch });
  if (!remote) chooseRemote({ configured: null, remotes: [] });
  const remoteName = remote?.name ?? "";
  const isTrusted = await isRepositoryTrusted(db, input.repoId);
  const plan = isTrusted
    ? { config: [], pushOptions: [] }
    : await planPushFromUntrusted({ cwd: worktree.path, remote: remoteName });
  const result = await runGitCommand({
    cwd: worktree.path,
    args: buildPushArgs({ remote: remoteName, branch, options: plan.pushOptions }),
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
    throw explainPushFailure({ remote: remoteName, branch, stderr: result.stderr, stdout: result.stdout.toString() });
  publishWorktreeListChange(input.repoId);
  const stdout = result.stdout.toString();
  return {
    branch,
    remote: remoteName,
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

/** The remote the branch goes to (see chooseRemote) with its URL, or null when the repository has no remote. */
export async function readPushRemote(input: {
  cwd: string;
  branch: string;
}): Promise<{ name: string; url: string } | null> {
  const config = await runGitCommand({
    cwd: input.cwd,
    args: ["config", "-z", "--get-regexp", "^(remote\\..*\\.url|branch\\..*\\.remote)$"],
    okExitCodes: [1],
  });
  const urls = new Map<string, string>();
  let configured: string | null = null;
  for (const record of config.stdout.toString("utf8").split("\0")) {
    const newline = record.indexOf("\n");
    if (newline < 0) continue;
    const key = record.slice(0, newline);
    const value = record.slice(newline + 1);
    if (key.startsWith("remote.") && key.endsWith(".url")) urls.set(key.slice("remote.".length, -".url".length), value);
    else if (key === `branch.${input.branch}.remote`) configured = value;
  }
  const remotes = [...urls.keys()].filter((name) => !name.startsWith("-"));
  if (remotes.length === 0) return null;
  const name = chooseRemote({ configured, remotes });
  return { name, url: urls.get(name) ?? "" };
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
