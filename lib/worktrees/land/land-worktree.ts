import { AppError } from "@/lib/errors/app-error.ts";
import { runGit, runGitCommand } from "@/lib/git/run/run-git.ts";
import { isRepositoryTrusted } from "@/lib/trust/repo-trust.ts";
import type { ChecksContext } from "@/lib/checks/run/checks-state.ts";
import { runMergeGate } from "@/lib/checks/gate/merge-gate.ts";
import { resolvePinnedWorktree } from "@/lib/pins/resolve-pinned-worktree.ts";
import { createGateScratchPreparer } from "@/lib/worktrees/gate-setup/prepare-gate-scratch.ts";
import { checkLanding, neutralMergeDrivers } from "./land-check.ts";
import {
  assertCommitterIdentity,
  GIT_IDENTITY_MISSING,
  identityMissingError,
  isStoppedForIdentity,
} from "./git-identity.ts";
import { assertLandable } from "./land-refusals.ts";
import { markLandedNodesDone } from "./mark-node-done.ts";
import { assertUnchangedSinceCheck, moveBase } from "./move-base.ts";
import { describeOperation, readOperationState, whyRebaseStopped } from "./operation-state.ts";
import { publishWorktreeListChange, type WorktreeContext } from "@/lib/worktrees/worktree-facts.ts";
import { parseCommitSubjects, squashMessage } from "./squash-message.ts";
import { whileHolding } from "@/lib/worktrees/worktree-holds.ts";
import type { LandCheck, LandMethod, LandResult } from "@/lib/worktrees/worktree-types.ts";

const LAND_TIMEOUT_MS = 120_000;

/** The message of a land's merge commit (a queue's are the same). */
export const mergeMessage = (input: { branch: string; base: string }) =>
  `Merge branch '${input.branch}' into ${input.base}`;

/**
 * Lands a branch into its base, in the worktree holding the base: merge, squash, fast-forward (base
 * has nothing extra) or rebase-then-fast-forward. Refused if the base moved since the preview, a
 * merge or rebase is stopped, checkLanding is not clean, or the checks fail on the would-be merge
 * (runMergeGate). Both worktrees are held until git is done (worktree-holds.ts: no run, land, abort
 * or removal races it); hooks and drivers run only when trusted; a half-done merge is undone
 * (`merge --abort`, `reset --merge`). The branch's design nodes move to done.
 */
export async function landWorktree(ctx: WorktreeContext & ChecksContext, input: LandInput): Promise<LandResult> {
  const { db } = ctx;
  const { worktree } = await resolvePinnedWorktree(db, input);
  const own = await readOperationState(worktree.path);
  if (own)
    throw new AppError("conflict", `Nothing was landed. ${describeOperation(own)}`, { details: { operation: own } });
  const check = await checkLanding(ctx, input);
  assertLandable(check, input);
  const { branch, base } = check;
  const cwd = check.baseWorktreePath!;
  // From here until git is done no run starts in either worktree, and no other land, abort or removal takes them.
  return whileHolding(
    ctx,
    [check.worktreePath, cwd],
    { kind: "landing", doing: `landing ${branch} into ${base}` },
    async () => {
      // What may have happened between the check and the holds: a run started, or another land moved the base.
      await assertUnchangedSinceCheck(ctx, {
        repoId: input.repoId,
        baseCwd: cwd,
        worktreePaths: [check.worktreePath],
        baseCommit: check.baseCommit,
        base,
        what: branch,
      });
      return landChecked(ctx, { ...input, check });
    },
  );
}

type LandInput = { repoId: string; worktreePath: string; base?: string; method: LandMethod; baseCommit?: string };

/** The land itself, with both worktrees held and the check passed. */
async function landChecked(ctx: ChecksContext, input: LandInput & { check: LandCheck }): Promise<LandResult> {
  const { db, hub } = ctx;
  const { check } = input;
  const { branch, base } = check;
  const cwd = check.baseWorktreePath!;
  const onBase = await readOperationState(cwd);
  if (onBase) throw new AppError("conflict", `${branch} was not landed. ${describeOperation(onBase)}`);
  const isTrusted = await isRepositoryTrusted(db, input.repoId);
  // The repository's checks on the would-be merge, before the base (or, for a rebase, the branch) moves.
  const gate = await runMergeGate(ctx, {
    repoId: input.repoId,
    worktreePath: check.worktreePath,
    baseCwd: cwd,
    baseCommit: check.baseCommit,
    branch,
    base,
    // A trusted repository's check merged with its own drivers, as the gate would (untrusted: no gate).
    knownTree: isTrusted ? check.mergeTree : undefined,
    // The scratch gets the worktrees' dependencies and the setup files: a bare checkout has neither.
    prepare: createGateScratchPreparer(db, { repoId: input.repoId, baseCwd: cwd }),
  });
  const mergeDrivers = isTrusted ? [] : await neutralMergeDrivers(cwd);
  const ref = `refs/heads/${branch}`;
  if (input.method === "rebase") {
    // A rebase that replays commits writes them as the user: without a name git stops half way.
    if ((check.baseAhead ?? 0) > 0)
      await assertCommitterIdentity({
        cwd: check.worktreePath,
        notDone: `${branch} was not rebased or landed (both worktrees are as they were)`,
      });
    await rebaseBranch({ branch, base, onto: check.baseCommit, cwd: check.worktreePath, isTrusted, mergeDrivers });
    // A hook (trusted repositories run them) or another program may have committed on the base meanwhile.
    await assertBaseStill({ cwd, check });
  }
  const commit = await moveBase({
    cwd,
    isTrusted,
    mergeDrivers,
    what: branch,
    base,
    isMergeCommit: input.method === "merge",
    afterUndo: input.method === "rebase" ? () => assertBaseStill({ cwd, check }) : undefined,
    move: async (git) => {
      if (input.method === "merge") await git(["merge", "--no-ff", "-m", mergeMessage({ branch, base }), ref]);
      else if (input.method === "fast-forward" || input.method === "rebase") await git(["merge", "--ff-only", ref]);
      else {
        const log = await runGit({
          cwd,
          args: ["log", "--reverse", "--format=%h%x00%s", `refs/heads/${base}..${ref}`],
        });
        await git(["merge", "--squash", ref]);
        await git(["commit", "-m", squashMessage({ branch, base, commits: parseCommitSubjects(log) })]);
      }
    },
  });
  const nodesDone = await markLandedNodesDone(db, { repoId: input.repoId, branch });
  publishWorktreeListChange(hub, input.repoId);
  return { branch, base, baseWorktreePath: cwd, method: input.method, commit, nodesDone, gate };
}

/**
 * Throws, saying what happened, when the base is no longer where the check saw it after the branch
 * was rebased onto it: the fast-forward cannot happen (git only says "Not possible to
 * fast-forward"), and the branch's commits already have new ids.
 */
async function assertBaseStill(input: { cwd: string; check: LandCheck }): Promise<void> {
  const { branch, base, baseCommit } = input.check;
  const now = (await runGit({ cwd: input.cwd, args: ["rev-parse", "--verify", "HEAD"] })).trim();
  if (now === baseCommit) return;
  throw new AppError(
    "conflict",
    `${base} moved while ${branch} was being landed (it is now at ${now.slice(0, 7)}; a hook or another program committed on it), so nothing was landed. ${branch} was rebased onto the old ${base} (${baseCommit.slice(0, 7)}), so its commit ids changed. Check again, then land again.`,
    { details: { isBaseMoved: true, isBranchRebased: true, baseCommit: now } },
  );
}

/**
 * `git rebase <base>` in the branch's worktree (no hook or merge driver of an untrusted repository
 * runs), onto the base commit the check saw: what the branch was rebased onto is known even if the
 * base moves meanwhile. A rebase that stops on a conflict is left exactly as git leaves it, for the user to finish
 * or abort; the error says where it stopped.
 */
async function rebaseBranch(input: {
  branch: string;
  base: string;
  /** The base's commit, as the check saw it. */
  onto: string;
  cwd: string;
  isTrusted: boolean;
  mergeDrivers: string[];
}): Promise<void> {
  const { branch, base, cwd } = input;
  const result = await runGitCommand({
    cwd,
    args: ["rebase", input.onto],
    allowRepositoryCode: input.isTrusted,
    extraConfig: input.mergeDrivers,
    timeoutMs: LAND_TIMEOUT_MS,
    isExitCodeChecked: false,
  });
  if (result.exitCode === 0 && !result.isTimedOut) return;
  const message = result.stderr.trim() || result.stdout.toString("utf8").trim();
  const stopped = await readOperationState(cwd);
  // Stopped for want of an identity (set after the check, or only for this worktree): nothing to
  // resolve, so it is undone and the user is told the one thing to fix.
  if (stopped && isStoppedForIdentity({ conflictingFileCount: stopped.conflictingFileCount, gitOutput: message })) {
    const aborted = await runGitCommand({ cwd, args: ["rebase", "--abort"], isExitCodeChecked: false });
    if (aborted.exitCode === 0)
      throw identityMissingError({ notDone: `${branch} was not rebased or landed (the rebase was undone)` });
  }
  if (stopped) {
    const why = whyRebaseStopped({ stopped, gitOutput: message, isTimedOut: result.isTimedOut });
    throw new AppError(
      "conflict",
      `Nothing was landed: the rebase of ${branch} onto ${base} ${why}, and the worktree is left as git left it. ${describeOperation(stopped)}`,
      // `stopReason` for the dialog, which shows the operation itself below its own sentence.
      { details: { operation: stopped, stopReason: why } },
    );
  }
  if (GIT_IDENTITY_MISSING.test(message))
    throw identityMissingError({ notDone: `${branch} was not rebased or landed` });
  throw new AppError(
    "conflict",
    `git could not rebase ${branch} onto ${base} (${message || (result.isTimedOut ? "it took too long" : `exit code ${result.exitCode}`)}); nothing was landed. Fix what git reports, then try again.`,
  );
}
