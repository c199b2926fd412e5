"use client";

import { useId, useState } from "react";
import { useCommitChanges, useDraftCommitMessage, type WorktreeRef } from "@/components/api/changes-api.ts";
import { useRepoActivity } from "@/components/realtime/use-repo-activity.ts";
import { useDraft, worktreeDraftKey } from "@/components/chat/use-draft.ts";
import { ApiError } from "@/components/api/fetch-json.ts";
import { Button } from "@/components/ui/Button.tsx";
import { ErrorNotice } from "@/components/ui/ErrorNotice.tsx";
import { TextArea } from "@/components/ui/FormFields.tsx";
import type { ChangedFile } from "@/lib/git/change-types.ts";

/**
 * Commit the checked files: a message written by hand or drafted by the summary model (editable;
 * a plain fallback says why the model could not), the user's git identity; hooks' output shown.
 */
export function CommitForm(props: {
  worktree: WorktreeRef;
  files: ChangedFile[];
  /** Files of which only some hunks are to be committed (hunk ids); the others go whole. */
  hunksByPath: ReadonlyMap<string, string[]>;
  onCommitted: () => void;
}) {
  // Kept while the Changes tab is closed, another worktree is open, or the page reloads.
  const [message, setMessage] = useDraft(worktreeDraftKey("commit-message", props.worktree));
  const [note, setNote] = useState<string | null>(null);
  const draft = useDraftCommitMessage(props.worktree);
  const commit = useCommitChanges(props.worktree);
  // The server refuses a commit while Claude works here (it would mix with the run's writes); say so up front.
  const activity = useRepoActivity(props.worktree.repoId);
  const agentState = activity.data?.find((item) => item.worktreePath === props.worktree.worktreePath)?.state;
  const isAgentBusy = agentState === "running" || agentState === "queued" || agentState === "waiting";
  const busyId = useId();
  const output =
    commit.data?.output ||
    (commit.error instanceof ApiError && typeof commit.error.details?.output === "string"
      ? commit.error.details.output
      : "");

  const onDraft = async () => {
    setNote(null);
    const drafted = await draft.mutateAsync(props.files);
    setMessage(drafted.message);
    setNote(drafted.source === "fallback" ? `A plain message: ${drafted.note ?? "the model failed"}` : null);
  };
  const onCommit = async () => {
    await commit.mutateAsync({
      message,
      files: props.files
        // A file with every hunk unticked is not committed at all.
        .filter((file) => props.hunksByPath.get(file.path)?.length !== 0)
        .map((file) => ({ path: file.path, oldPath: file.oldPath, hunks: props.hunksByPath.get(file.path) })),
    });
    setMessage("");
    setNote(null);
    props.onCommitted();
  };
  return (
    <section
      data-testid="commit-form"
      className="flex flex-col gap-1 border-t border-zinc-200 pt-2 text-xs dark:border-zinc-800"
    >
      <div className="flex items-center gap-2">
        <span className="font-medium">
          Commit {props.files.length} file(s)
          {props.files.some((file) => props.hunksByPath.has(file.path)) ? " (some in part)" : ""}
        </span>
        <Button
          size="xs"
          data-testid="commit-draft"
          disabled={props.files.length === 0 || draft.isPending}
          onClick={() => void onDraft().catch(() => null)}
        >
          {draft.isPending ? "Drafting…" : "Draft message"}
        </Button>
      </div>
      <TextArea
        data-testid="commit-message"
        aria-label="Commit message"
        rows={3}
        value={message}
        onChange={(event) => setMessage(event.target.value)}
        placeholder="What this commit does"
      />
      {note ? (
        <p data-testid="commit-draft-fallback" className="text-amber-700 dark:text-amber-400">
          {note}
        </p>
      ) : null}
      {draft.error ? <ErrorNotice error={draft.error} /> : null}
      <div>
        <Button
          size="sm"
          variant="primary"
          data-testid="commit-submit"
          disabled={props.files.length === 0 || message.trim() === "" || commit.isPending || isAgentBusy}
          aria-describedby={isAgentBusy ? busyId : undefined}
          onClick={() => void onCommit().catch(() => null)}
        >
          {commit.isPending ? "Committing…" : "Commit"}
        </Button>
        {isAgentBusy ? (
          <span id={busyId} data-testid="commit-busy" className="ml-2 text-zinc-600 dark:text-zinc-400">
            Claude is working in this worktree; commit once the run has ended.
          </span>
        ) : null}
      </div>
      {commit.error ? <ErrorNotice error={commit.error} testId="commit-error" /> : null}
      {commit.data ? (
        <p data-testid="commit-done" className="text-emerald-700 dark:text-emerald-400">
          Committed {commit.data.shortSha}.{commit.data.indexWarning ? ` ${commit.data.indexWarning}` : ""}
        </p>
      ) : null}
      {output ? (
        <pre data-testid="commit-output" className="max-h-40 overflow-auto rounded bg-zinc-100 p-1 dark:bg-zinc-900">
          {output}
        </pre>
      ) : null}
    </section>
  );
}
