import { existsSync } from "node:fs";
import path from "node:path";
import { AppError } from "@/lib/errors/app-error.ts";
import { gitComplaint, runGitCommand } from "@/lib/git/run/run-git.ts";

/**
 * The git a plan spread over runners needs, all through the shared remote (origin): the owner
 * pushes the base before each node goes to a runner; the runner fetches it, makes the node's
 * worktree from it, and pushes the node's work to a ref of its attempt (never a branch: a runner
 * whose lease ran out cannot overwrite what the next attempt pushed); the owner fetches that ref
 * into the node's branch and lands it as it lands any node.
 */
const GIT_TIMEOUT_MS = 120_000;

/** Where a runner pushes one attempt's work on the remote. */
export const attemptRef = (input: { planId: string; slug: string; attempt: string }): string =>
  `refs/arbor/plans/${input.planId}/${input.slug}/${input.attempt}`;

/** The owner: origin's base becomes this clone's base (a fast-forward; anything else is refused, saying what to do). */
export async function pushBase(input: { repoRoot: string; base: string; isTrusted: boolean }): Promise<void> {
  // Pushed already (git moves origin's tracking ref on a push): one rev-parse instead of a push per node.
  const heads = await runGitCommand({
    cwd: input.repoRoot,
    args: ["rev-parse", `refs/heads/${input.base}`, `refs/remotes/origin/${input.base}`],
    isExitCodeChecked: false,
  });
  const [local, tracked] = heads.stdout.toString().trim().split("\n");
  if (heads.exitCode === 0 && local && local === tracked) return;
  await git(
    { cwd: input.repoRoot, isTrusted: input.isTrusted },
    ["push", "--quiet", "origin", `refs/heads/${input.base}:refs/heads/${input.base}`],
    `Arbor could not push ${input.base} to origin, where the runners take each node's base from`,
    `Bring ${input.base} and origin's ${input.base} together (pull, or push by hand), then Retry the node`,
  );
}

/** The runner: origin's base, fetched into refs/remotes/origin/<base>; returns that ref. */
export async function fetchBase(input: { repoRoot: string; base: string; isTrusted: boolean }): Promise<string> {
  const ref = `refs/remotes/origin/${input.base}`;
  await git(
    { cwd: input.repoRoot, isTrusted: input.isTrusted },
    ["fetch", "--quiet", "origin", `+refs/heads/${input.base}:${ref}`],
    `The runner could not fetch ${input.base} from origin`,
    "Check that this clone reaches origin (git fetch origin), then Retry the node",
  );
  return ref;
}

/** The runner: the node's worktree's HEAD, pushed to its attempt's ref. */
export async function pushNodeWork(input: { worktreePath: string; ref: string; isTrusted: boolean }): Promise<void> {
  await git(
    { cwd: input.worktreePath, isTrusted: input.isTrusted },
    ["push", "--quiet", "--force", "origin", `HEAD:${input.ref}`],
    "The runner could not push the node's work to origin",
    "Check that this clone may push to origin, then Retry the node",
  );
}

/**
 * The owner: a runner's pushed work becomes the node's branch in a worktree of this clone (the
 * folder a node's worktree has here), so checks and the land run here as for any node.
 */
export async function takeOverPushedWork(input: {
  repoRoot: string;
  ref: string;
  branch: string;
  slug: string;
  isTrusted: boolean;
}): Promise<string> {
  const worktreePath = path.join(path.dirname(input.repoRoot), `${path.basename(input.repoRoot)}-${input.slug}`);
  if (existsSync(worktreePath)) {
    throw new AppError(
      "conflict",
      `${worktreePath} already exists, so the runner's work could not be checked out there. Move or remove that folder, then Retry the node.`,
    );
  }
  const local = `refs/arbor/taken/${input.slug}`;
  const at = { cwd: input.repoRoot, isTrusted: input.isTrusted };
  await git(
    at,
    ["fetch", "--quiet", "origin", `+${input.ref}:${local}`],
    "Arbor could not fetch the runner's work",
    "Check that origin has it (git ls-remote origin), then Retry the node",
  );
  await git(
    at,
    ["worktree", "add", "-b", input.branch, "--", worktreePath, local],
    `Arbor could not check out the runner's work as ${input.branch}`,
    `If a branch ${input.branch} is left from an earlier run, delete it, then Retry the node`,
  );
  return worktreePath;
}

async function git(at: { cwd: string; isTrusted: boolean }, args: string[], what: string, then: string): Promise<void> {
  const result = await runGitCommand({
    cwd: at.cwd,
    args,
    allowRepositoryCode: at.isTrusted,
    timeoutMs: GIT_TIMEOUT_MS,
    isExitCodeChecked: false,
  });
  if (result.exitCode === 0 && !result.isTimedOut) return;
  const why = result.isTimedOut
    ? `it did not finish within ${GIT_TIMEOUT_MS / 1000} s`
    : gitComplaint(result.stderr) || `exit status ${result.exitCode}`;
  throw new AppError("git_failed", `${what}: ${why}. ${then}.`, { details: { gitMessage: why } });
}
