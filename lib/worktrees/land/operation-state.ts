import type { Db } from "@/lib/db/client.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { readGitDir, readOperationFiles } from "@/lib/git/read/read-operation-in-progress.ts";
import { decodeGitPath } from "@/lib/git/git-path.ts";
import { gitComplaint, readGitMessage, runGit, runGitCommand } from "@/lib/git/run/run-git.ts";
import { resolvePinnedWorktree } from "@/lib/pins/resolve-pinned-worktree.ts";
import { MAX_LISTED_CONFLICT_FILES, nameFiles } from "@/lib/worktrees/name-files.ts";
import { liveRunState, publishWorktreeListChange, type WorktreeContext } from "@/lib/worktrees/worktree-facts.ts";
import { whileHolding } from "@/lib/worktrees/worktree-holds.ts";
import type { OperationState } from "@/lib/worktrees/worktree-types.ts";

/**
 * The rebase or merge stopped in a worktree, whoever started it (a land by rebase, or the user in a
 * terminal): read from the git dir's files (rebase-merge/, rebase-apply/, MERGE_HEAD), the commits
 * named there and the files git left conflicted. Null when nothing is in progress.
 */
export async function readOperationState(worktreePath: string): Promise<OperationState | null> {
  const files = await readOperationFiles(await readGitDir(worktreePath));
  if (!files) return null;
  const describe = async (sha: string | null) => {
    if (!sha) return null;
    try {
      const out = await runGit({ cwd: worktreePath, args: ["log", "-1", "--format=%h%x00%s", sha, "--"] });
      const [short = sha.slice(0, 7), subject = ""] = out.trim().split("\0");
      return { sha: short, subject };
    } catch {
      return { sha: sha.slice(0, 7), subject: "" };
    }
  };
  const [onto, stoppedAt, unmerged] = await Promise.all([
    describe(files.onto),
    describe(files.stoppedAt),
    runGitCommand({ cwd: worktreePath, args: ["diff", "--name-only", "--diff-filter=U", "-z"] }),
  ]);
  // One entry per file (git lists a conflicted path once); thousands stay in a count, not the answer.
  // Named for people: a newline or escape in a name is written as `\n`, `\x1B`, never sent as is.
  const conflicted = [...new Set(splitNames(unmerged.stdout).map((name) => decodeGitPath(name).display))];
  return {
    worktreePath,
    operation: files.operation,
    branch: files.headName?.replace(/^refs\/heads\//, "") ?? null,
    onto,
    stoppedAt,
    step: files.step,
    total: files.total,
    conflictingFiles: conflicted.slice(0, MAX_LISTED_CONFLICT_FILES),
    conflictingFileCount: conflicted.length,
  };
}

/** The names in git's `-z` output, as bytes (a name need not be UTF-8). */
function splitNames(stdout: Buffer): Buffer[] {
  const names: Buffer[] = [];
  let start = 0;
  for (let end = stdout.indexOf(0); end >= 0; end = stdout.indexOf(0, start)) {
    if (end > start) names.push(stdout.subarray(start, end));
    start = end + 1;
  }
  return names;
}

/**
 * Why a rebase Arbor started stopped, as the end of "the rebase of x onto y …": a conflict when git
 * left conflicted files, else the time limit or git's own complaint (a merge driver that failed, a
 * file git would not overwrite), never a conflict that is not there.
 */
export function whyRebaseStopped(input: { stopped: OperationState; gitOutput: string; isTimedOut: boolean }): string {
  if (input.stopped.conflictingFiles.length > 0) return "stopped on a conflict";
  if (input.isTimedOut) return "was stopped because it took too long";
  const complaint = gitComplaint(input.gitOutput);
  return complaint ? `stopped without a conflict (git: ${complaint})` : "stopped without a conflict";
}

/** One sentence for refusals: what is stopped where, and the two ways out. */
export function describeOperation(state: OperationState): string {
  const files =
    state.conflictingFiles.length > 0
      ? ` with conflicts in ${nameFiles({ files: state.conflictingFiles, total: state.conflictingFileCount })}`
      : "";
  if (state.operation === "rebase") {
    const at = state.stoppedAt ? ` at ${state.stoppedAt.sha} (${state.stoppedAt.subject})` : "";
    return `A rebase of ${state.branch ?? "this branch"}${state.onto ? ` onto ${state.onto.sha}` : ""} is stopped in ${state.worktreePath}${at}${files}. Abort it (the worktree row's "Rebase stopped…"), or ${files ? "resolve the files" : "fix what stopped it"} and run \`git rebase --continue\` in a terminal.`;
  }
  return `A ${state.operation} is in progress in ${state.worktreePath}${files}. Abort it (the worktree row's "${state.operation === "merge" ? "Merge" : "Operation"} in progress…"), or finish it in a terminal and commit.`;
}

export async function readPinnedOperationState(
  db: Db,
  input: { repoId: string; worktreePath: string },
): Promise<OperationState | null> {
  const { worktree } = await resolvePinnedWorktree(db, input);
  return readOperationState(worktree.path);
}

/**
 * Aborts the rebase or merge stopped in a worktree (`git rebase --abort`, `git merge --abort`,
 * `cherry-pick`/`revert --abort`): git puts the branch and the files back as they were before it
 * started. Refused while a run of Claude's is under way there. No hook of the repository runs.
 */
export async function abortOperation(
  ctx: WorktreeContext,
  input: { repoId: string; worktreePath: string },
): Promise<{ aborted: OperationState["operation"] }> {
  const { db } = ctx;
  const { worktree } = await resolvePinnedWorktree(db, input);
  const state = await readOperationState(worktree.path);
  if (!state) throw new AppError("conflict", `Nothing is in progress in ${worktree.path}; there is nothing to abort.`);
  await whileHolding(ctx, [worktree.path], { kind: "abort", doing: `aborting the ${state.operation}` }, async () => {
    // Held, so no run starts now; one already under way (Claude resolving this very merge, or waiting
    // for an answer) would go on editing and committing over the files the abort puts back.
    if (liveRunState(ctx, { repoId: input.repoId, worktreePath: worktree.path }) !== "idle")
      throw new AppError(
        "conflict",
        `Claude is working in ${worktree.path} (it may be resolving this ${state.operation}): stop the run or let it finish, then abort the ${state.operation}.`,
      );
    await runGit({ cwd: worktree.path, args: [state.operation, "--abort"] }).catch((error: unknown) => {
      throw new AppError(
        "conflict",
        `git could not abort the ${state.operation} in ${worktree.path} (${readGitMessage(error)}). Run \`git ${state.operation} --abort\` there in a terminal.`,
        { cause: error },
      );
    });
  });
  publishWorktreeListChange(ctx.hub, input.repoId);
  return { aborted: state.operation };
}
