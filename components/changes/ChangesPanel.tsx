"use client";

import { useMemo, useState } from "react";
import { useChangesFiles, useChangesOverview, type WorktreeRef } from "@/components/api/changes-api.ts";
import { Button } from "@/components/ui/Button.tsx";
import { ErrorNotice } from "@/components/ui/ErrorNotice.tsx";
import { Select } from "@/components/ui/FormFields.tsx";
import type { ChangesScope } from "@/lib/changes/changes-view.ts";
import type { ChangedFile } from "@/lib/git/change-types.ts";
import { ChangedFileList } from "./ChangedFileList.tsx";
import { CommitForm } from "./CommitForm.tsx";
import { FileDiffPanel } from "./FileDiffPanel.tsx";
import { ReviewPanel } from "./ReviewPanel.tsx";
import { parseStoredComments, type ReviewComment } from "./review.ts";
import { useValueDraft, worktreeDraftKey } from "@/components/chat/use-draft.ts";

type ScopeChoice = "uncommitted" | "branch";

/**
 * The Changes tab beside the chat: uncommitted changes (staged, unstaged, untracked, conflicted)
 * or the branch's commits since its base (which the user can pick), each file's diff, review
 * comments for Claude, and the commit form. Git is scanned on each view and again whenever the
 * server says the worktree changed (a run ended, a terminal wrote a file).
 */
export function ChangesPanel(props: {
  worktree: WorktreeRef;
  session: { sessionId: string; repoId: string };
  lastMessageId: number;
  isReadOnly: boolean;
}) {
  const [choice, setChoice] = useState<ScopeChoice>("uncommitted");
  const [base, setBase] = useState<string | null>(null);
  const [selected, setSelected] = useState<ChangedFile | null>(null);
  const [unchecked, setUnchecked] = useState<ReadonlySet<string>>(new Set());
  const [isSplit, setSplit] = useState(false);
  // Kept in this browser until sent: closing the tab, opening another worktree or reloading loses none.
  const [comments, setComments] = useValueDraft(
    worktreeDraftKey("review-comments", props.worktree),
    parseStoredComments,
    hasNoComments,
  );
  const [hunkPicks, setHunkPicks] = useState<ReadonlyMap<string, string[]>>(new Map());
  const overview = useChangesOverview({ ...props.worktree, base });
  const mergeBase = overview.data?.base.mergeBase ?? null;
  const scope: ChangesScope | null =
    choice === "uncommitted" ? { kind: "uncommitted" } : mergeBase ? { kind: "branch", mergeBase } : null;
  const files = useChangesFiles({ ...props.worktree, scope });
  const list = useMemo(() => files.data?.files ?? [], [files.data]);
  const current = selected ? (list.find((file) => file.path === selected.path) ?? null) : null;
  const checked = useMemo(
    () => new Set(list.filter((file) => !unchecked.has(file.path)).map((file) => file.path)),
    [list, unchecked],
  );
  const choose = (next: ScopeChoice) => {
    setChoice(next);
    setSelected(null);
  };

  const info = overview.data;
  return (
    <aside
      data-testid="changes-panel"
      className="flex w-full min-w-0 flex-col gap-2 overflow-auto border-l border-zinc-200 bg-zinc-50 p-3 dark:border-zinc-800 dark:bg-zinc-950"
    >
      <div className="flex flex-wrap items-center gap-2 text-xs">
        <Button
          size="sm"
          isActive={choice === "uncommitted"}
          data-testid="changes-scope-uncommitted"
          onClick={() => choose("uncommitted")}
        >
          Uncommitted
        </Button>
        <Button
          size="sm"
          isActive={choice === "branch"}
          data-testid="changes-scope-branch"
          disabled={!mergeBase}
          onClick={() => choose("branch")}
        >
          Branch{info ? ` (${info.commitCount} commit${info.commitCount === 1 ? "" : "s"})` : ""}
        </Button>
        <Button size="sm" isActive={isSplit} data-testid="changes-split" onClick={() => setSplit((split) => !split)}>
          Side by side
        </Button>
      </div>
      {/* The base row keeps its height while it loads, so the file list below does not move under a click. */}
      {info ? (
        <div className="flex min-h-6 flex-wrap items-center gap-2 text-[11px] text-zinc-500" data-testid="changes-base">
          <span>
            {info.isDetached ? "Detached HEAD" : (info.branch ?? "")}
            {info.isUnborn ? " (no commit yet)" : ""}
            {info.operation ? ` · ${info.operation} in progress` : ""}
          </span>
          {info.base.name ? (
            <span data-testid="changes-ahead-behind">
              vs {info.base.name}: {info.base.ahead} ahead, {info.base.behind} behind
            </span>
          ) : null}
          <Select
            size="sm"
            aria-label="Base branch"
            data-testid="changes-base-select"
            value={base ?? ""}
            onChange={(event) => setBase(event.target.value || null)}
          >
            <option value="">Usual base{info.base.name && base === null ? ` (${info.base.name})` : ""}</option>
            {info.baseCandidates.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </Select>
          {info.base.note ? <span className="text-amber-700 dark:text-amber-400">{info.base.note}</span> : null}
        </div>
      ) : overview.error ? (
        <ErrorNotice error={overview.error} />
      ) : (
        <p className="flex min-h-6 items-center text-[11px] text-zinc-500" data-testid="changes-base-pending">
          Reading the branch and its base…
        </p>
      )}
      {files.error ? <ErrorNotice error={files.error} /> : null}
      {files.data ? (
        <ChangedFileList
          files={list}
          totalFiles={files.data.totalFiles}
          selectedPath={current?.path ?? null}
          onSelect={setSelected}
          checked={choice === "uncommitted" ? checked : undefined}
          onCheck={
            choice === "uncommitted" && !props.isReadOnly
              ? (file, isChecked) =>
                  setUnchecked((previous) => {
                    const next = new Set(previous);
                    if (isChecked) next.delete(file.path);
                    else next.add(file.path);
                    return next;
                  })
              : undefined
          }
        />
      ) : files.isPending && scope ? (
        <p className="text-xs text-zinc-500">Reading changes…</p>
      ) : null}
      {current && scope ? (
        <FileDiffPanel
          key={`${current.path}\0${choice}`}
          worktree={props.worktree}
          scope={scope}
          file={current}
          isSplit={isSplit}
          hunkPick={
            choice === "uncommitted" && !props.isReadOnly
              ? {
                  picked: hunkPicks.get(current.path) ?? null,
                  onChange: (picked) =>
                    setHunkPicks((previous) => {
                      const next = new Map(previous);
                      if (picked === null) next.delete(current.path);
                      else next.set(current.path, picked);
                      return next;
                    }),
                }
              : undefined
          }
          onComment={
            props.isReadOnly
              ? undefined
              : (comment) => setComments((previous) => [...previous, { ...comment, id: crypto.randomUUID() }])
          }
        />
      ) : null}
      {props.isReadOnly ? null : (
        <ReviewPanel
          session={props.session}
          lastMessageId={props.lastMessageId}
          comments={comments}
          onRemove={(id) => setComments((previous) => previous.filter((comment) => comment.id !== id))}
          onSent={() => setComments([])}
          onRestore={(restored) => setComments((previous) => [...restored, ...previous])}
        />
      )}
      {choice === "uncommitted" && !props.isReadOnly && list.length > 0 ? (
        <CommitForm
          worktree={props.worktree}
          files={list.filter((file) => checked.has(file.path))}
          hunksByPath={hunkPicks}
          onCommitted={() => {
            setSelected(null);
            setUnchecked(new Set());
            setHunkPicks(new Map());
          }}
        />
      ) : null}
    </aside>
  );
}

function hasNoComments(comments: ReviewComment[]): boolean {
  return comments.length === 0;
}
