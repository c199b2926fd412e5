import type { Db } from "@/lib/db/client.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import type { RunManager } from "@/lib/chat/runs/run-manager.ts";
import { buildHunkPatch } from "@/lib/git/parse/build-hunk-patch.ts";
import { commitSelection } from "@/lib/git/write/commit-selection.ts";
import { isRawPathToken } from "@/lib/git/git-path.ts";
import { hunkId } from "@/lib/git/parse/hunk-id.ts";
import { readFileDiff } from "@/lib/git/read/read-file-diff.ts";
import { readHeadRef } from "@/lib/git/read/read-head-ref.ts";
import { readGitDir, readOperationInProgress } from "@/lib/git/read/read-operation-in-progress.ts";
import { publishWorktreeChanged } from "@/lib/realtime/publish-worktree-changed.ts";
import { readSettings } from "@/lib/settings/settings-store.ts";
import { isRepositoryTrusted } from "@/lib/trust/repo-trust.ts";
import type { CommitResultView } from "./changes-view.ts";
import { findIndexedWorktree } from "./find-pinned-worktree.ts";
import type { EventHub } from "@/lib/realtime/event-hub.ts";
import type { WorktreeIndex } from "@/lib/pins/worktree-index.ts";

/** One file to commit: whole (its working version; a rename takes its old path along), or some of its hunks. */
export interface CommitFileChoice {
  path: string;
  oldPath?: string | null;
  /** Ids (see hunkId) of the hunks of HEAD → working file to commit; absent: the whole file. */
  hunks?: string[];
}

/**
 * Commits the chosen files and hunks of a worktree with the given message, under the user's git
 * identity. The repository's hooks run only when it is trusted; their output comes back. A hook
 * that fails or runs past Settings' commit time limit leaves the index as it was (see
 * commitSelection). Refused while Claude runs in the worktree, while a merge/rebase waits, and
 * for an empty choice or message.
 */
export async function commitChanges(
  ctx: { db: Db; hub: EventHub; runs: RunManager; worktreeIndex: WorktreeIndex },
  input: { repoId: string; worktreePath: string; message: string; files: CommitFileChoice[] },
): Promise<CommitResultView> {
  const { db } = ctx;
  const { worktreePath: cwd } = await findIndexedWorktree(ctx, input);
  const message = input.message.trim();
  if (message === "") throw new AppError("invalid_input", "Write a commit message (or draft one), then commit.");
  if (input.files.length === 0) throw new AppError("invalid_input", "Choose at least one file to commit.");
  if (ctx.runs.stateOf(cwd) !== "idle") {
    throw new AppError("conflict", "Claude is working in this worktree right now. Commit once the run has ended.");
  }
  const operation = await readOperationInProgress(await readGitDir(cwd));
  if (operation) {
    throw new AppError(
      "conflict",
      `A ${operation} is in progress in this worktree. Finish it (or abort it) in a terminal first; Arbor does not commit half of one.`,
    );
  }
  const [settings, isTrusted, patches] = await Promise.all([
    readSettings(db),
    isRepositoryTrusted(db, input.repoId),
    buildPatches(cwd, input.files),
  ]);
  const wholePaths = input.files
    .filter((file) => !file.hunks)
    .flatMap((file) => (file.oldPath ? [file.path, file.oldPath] : [file.path]));
  const result = await commitSelection({
    worktreePath: cwd,
    message,
    paths: wholePaths,
    patches,
    runHooks: isTrusted,
    timeoutMs: settings.commitTimeoutSeconds * 1000,
  });
  if (result.outcome !== "committed") throw describeFailure(result, settings.commitTimeoutSeconds);
  publishWorktreeChanged(ctx.hub, { repoId: input.repoId, worktreePath: cwd });
  return {
    commit: result.commit,
    shortSha: result.commit.slice(0, 7),
    output: result.output,
    ranHooks: isTrusted,
    indexWarning: result.indexWarning,
  };
}

/** The chosen hunks of each partly chosen file, as patches against HEAD; refused when the file changed since the user looked. */
async function buildPatches(cwd: string, files: CommitFileChoice[]) {
  const partial = files.filter((file) => file.hunks);
  if (partial.length === 0) return [];
  const { head } = await readHeadRef(cwd);
  if (!head) throw new AppError("invalid_input", "There is no commit yet: commit whole files for the first commit.");
  return Promise.all(
    partial.map(async (file) => {
      const { diff, hasInvalidText } = await readFileDiff({
        cwd,
        from: head,
        to: null,
        path: file.path,
        oldPath: null,
      });
      // A name that is not UTF-8 cannot be written into a patch header exactly: such files are committed whole.
      if (
        !diff ||
        diff.isBinary ||
        diff.isNew ||
        diff.isDeleted ||
        hasInvalidText ||
        diff.oldPath ||
        isRawPathToken(file.path)
      ) {
        throw new AppError("invalid_input", `${diff?.display ?? "That file"} can only be committed whole.`);
      }
      const chosen = diff.hunks.filter((hunk) => file.hunks!.includes(hunkId(hunk)));
      if (chosen.length !== file.hunks!.length || chosen.length === 0) {
        throw new AppError(
          "conflict",
          `${diff.display} changed since you chose its hunks. Look at it again, then commit.`,
        );
      }
      return { path: file.path, patch: buildHunkPatch({ path: file.path, hunks: chosen }) };
    }),
  );
}

function describeFailure(
  result: { outcome: "nothing_to_commit" | "hook_failed" | "timed_out"; output: string },
  timeoutSeconds: number,
): AppError {
  const details = { outcome: result.outcome, output: result.output };
  if (result.outcome === "nothing_to_commit") {
    return new AppError("invalid_input", "Nothing to commit: the chosen files have no changes against HEAD.", {
      details,
    });
  }
  if (result.outcome === "timed_out") {
    return new AppError(
      "unavailable",
      `The commit did not finish within ${timeoutSeconds} s (a hook that waits?) and was stopped. Nothing was committed and your staged changes are as they were.`,
      { details },
    );
  }
  if (/tell me who you are|empty ident|unable to auto-detect email/i.test(result.output)) {
    return new AppError(
      "invalid_input",
      'Git does not know who you are. Run `git config --global user.name "Your Name"` and `git config --global user.email you@example.com`, then commit again.',
      { details },
    );
  }
  return new AppError(
    "conflict",
    "git refused the commit (a hook failed, or the message was empty once comments were stripped). Nothing was committed and your staged changes are as they were. What it printed is below.",
    { details },
  );
}
