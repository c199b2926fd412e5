import { runInternalTurn } from "@/lib/agent/run-internal-turn.ts";
import type { Db } from "@/lib/db/client.ts";
import { AppError, isAppError } from "@/lib/errors/app-error.ts";
import type { FileDiff } from "@/lib/git/change-types.ts";
import { readFileDiff } from "@/lib/git/read/read-file-diff.ts";
import { readHeadRef } from "@/lib/git/read/read-head-ref.ts";
import { readUntrackedDiff } from "@/lib/git/read/read-untracked-diff.ts";
import { runWithConcurrency } from "@/lib/git/run-with-concurrency.ts";
import { readEmptyTree } from "@/lib/git/run/empty-tree.ts";
import { readSettings } from "@/lib/settings/settings-store.ts";
import { resolveClaudeCommand } from "@/lib/trust/claude-bin.ts";
import type { CommitMessageDraft } from "./changes-view.ts";
import { buildCommitMessagePrompt, buildFallbackCommitMessage, cleanCommitMessage } from "./commit-message-prompt.ts";
import { findIndexedWorktree } from "./find-pinned-worktree.ts";
import type { WorktreeIndex } from "@/lib/pins/worktree-index.ts";

const MAX_FILES_READ = 60;

/**
 * Drafts a commit message for the chosen files with the summary model (an internal turn: no
 * tools, outside the worktree, the diff in the prompt). When the model fails or answers nothing
 * usable, a plain message made from the file list comes back instead, with why: the user edits
 * either before committing.
 */
export async function draftCommitMessage(
  { db, worktreeIndex }: { db: Db; worktreeIndex: WorktreeIndex },
  input: {
    repoId: string;
    worktreePath: string;
    files: Array<{ path: string; oldPath?: string | null; display: string; kind: string }>;
  },
): Promise<CommitMessageDraft> {
  const { worktreePath: cwd } = await findIndexedWorktree({ db, worktreeIndex }, input);
  if (input.files.length === 0) throw new AppError("invalid_input", "Choose the files to commit first.");
  const diffs = await readDiffs(cwd, input.files);
  const fallback = (note: string): CommitMessageDraft => ({
    message: buildFallbackCommitMessage(input.files),
    source: "fallback",
    note,
  });
  const settings = await readSettings(db);
  try {
    const outcome = await runInternalTurn({
      claude: await resolveClaudeCommand({ db, worktreeIndex }, settings),
      model: settings.summaryModel,
      prompt: buildCommitMessagePrompt({ diffs }),
      timeoutMs: settings.summaryTimeoutSeconds * 1000,
    });
    if (outcome.status !== "success")
      return fallback(`The summary model could not draft a message: ${outcome.userMessage}`);
    const message = cleanCommitMessage(outcome.text || outcome.result?.text || "");
    if (message === "") return fallback("The summary model answered with an empty message.");
    return { message, source: "model", note: null };
  } catch (error) {
    if (!isAppError(error)) throw error;
    return fallback(`The summary model could not be started: ${error.message}`);
  }
}

async function readDiffs(cwd: string, files: Array<{ path: string; oldPath?: string | null; kind: string }>) {
  const { head } = await readHeadRef(cwd);
  const from = head ?? (await readEmptyTree(cwd));
  const read = await runWithConcurrency({
    items: files.slice(0, MAX_FILES_READ),
    limit: 4,
    task: async (file): Promise<FileDiff | null> => {
      try {
        const result =
          file.kind === "untracked"
            ? await readUntrackedDiff({ worktreePath: cwd, path: file.path })
            : await readFileDiff({
                cwd,
                from,
                to: null,
                path: file.path,
                oldPath: file.oldPath ?? null,
                maxLines: 2000,
              });
        return result.diff;
      } catch {
        return null;
      }
    },
  });
  return read.filter((diff): diff is FileDiff => diff !== null);
}
