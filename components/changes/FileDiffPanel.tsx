"use client";

import { useMemo, useState } from "react";
import { useFileDiff, type WorktreeRef } from "@/components/api/changes-api.ts";
import { Button } from "@/components/ui/Button.tsx";
import { DiffView } from "@/components/ui/DiffView.tsx";
import { ErrorNotice } from "@/components/ui/ErrorNotice.tsx";
import { TextArea } from "@/components/ui/FormFields.tsx";
import { diffLineKey, type DiffLine } from "@/components/ui/diff-hunks.ts";
import type { ChangesScope } from "@/lib/changes/changes-view.ts";
import type { ChangedFile } from "@/lib/git/change-types.ts";
import { toTextDiff } from "./diff-adapter.ts";
import type { ReviewComment } from "./review.ts";
import { describeSelection } from "./review.ts";
import { HunkPicker } from "./HunkPicker.tsx";
import { SplitDiffView } from "./SplitDiffView.tsx";

/** Context steps of "More context": git's default, a screenful, the whole file. */
const CONTEXT_STEPS = [3, 25, 1_000_000];

/**
 * One file's diff in a scope: unified or side by side, more context on demand, binary and
 * generated files said as such. Line numbers select lines (Shift extends); a comment on them
 * goes to the review.
 */
export function FileDiffPanel(props: {
  worktree: WorktreeRef;
  scope: ChangesScope;
  file: ChangedFile;
  isSplit: boolean;
  onComment?: (comment: Omit<ReviewComment, "id">) => void;
  /** Uncommitted changes: the hunks picked for the commit (null: the whole file). */
  hunkPick?: { picked: readonly string[] | null; onChange: (picked: string[] | null) => void };
}) {
  const [contextStep, setContextStep] = useState(0);
  const [isGeneratedShown, setGeneratedShown] = useState(false);
  const [selected, setSelected] = useState<DiffLine[]>([]);
  const [anchor, setAnchor] = useState<DiffLine | null>(null);
  const [comment, setComment] = useState("");
  const isHidden = props.file.isGenerated && !isGeneratedShown;
  const diff = useFileDiff({
    ...props.worktree,
    scope: props.scope,
    file: isHidden || props.file.isSubmodule ? null : props.file,
    context: CONTEXT_STEPS[contextStep]!,
  });
  const textDiff = useMemo(() => (diff.data?.diff ? toTextDiff(diff.data.diff) : null), [diff.data]);
  const allLines = useMemo(() => textDiff?.hunks.flatMap((hunk) => hunk.lines) ?? [], [textDiff]);
  const keys = useMemo(() => new Set(selected.map(diffLineKey)), [selected]);

  const onLineClick = (line: DiffLine, isRange: boolean) => {
    if (!isRange || !anchor) {
      setAnchor(line);
      setSelected([line]);
      return;
    }
    const from = allLines.findIndex((candidate) => diffLineKey(candidate) === diffLineKey(anchor));
    const to = allLines.findIndex((candidate) => diffLineKey(candidate) === diffLineKey(line));
    setSelected(allLines.slice(Math.min(from, to), Math.max(from, to) + 1));
  };
  const addComment = () => {
    if (!props.onComment || selected.length === 0 || comment.trim() === "") return;
    props.onComment({ file: props.file.display, text: comment.trim(), ...describeSelection(selected) });
    setComment("");
    setSelected([]);
    setAnchor(null);
  };

  const selection = props.onComment ? { keys, onLineClick } : undefined;
  const gitDiff = diff.data?.diff ?? null;
  // Hunk ids are those of the default 3-line context, which is what the commit reads again.
  const canPickHunks =
    props.hunkPick !== undefined &&
    contextStep === 0 &&
    props.file.kind !== "untracked" &&
    gitDiff !== null &&
    !gitDiff.isBinary &&
    !gitDiff.isNew &&
    !gitDiff.isDeleted &&
    gitDiff.oldPath === null &&
    !diff.data?.hasInvalidText &&
    !props.file.path.startsWith("/raw/") &&
    gitDiff.hunks.length > 1;
  const label = `Changes in ${props.file.display}`;
  return (
    <div data-testid="file-diff" data-path={props.file.display} className="flex flex-col gap-2">
      {/* Stays at the top of the Changes panel while its diff scrolls by, so the file is always named. */}
      <div
        data-testid="file-diff-header"
        className="sticky top-0 z-10 flex items-center gap-2 border-b border-zinc-200 bg-zinc-50/95 py-1 text-[11px] dark:border-zinc-800 dark:bg-zinc-950/95"
      >
        <span className="min-w-0 flex-1 truncate font-mono" title={props.file.display}>
          {props.file.display}
        </span>
        {textDiff ? (
          <span className="shrink-0 font-mono">
            <span className="text-emerald-700 dark:text-emerald-400">+{textDiff.added}</span>{" "}
            <span className="text-red-700 dark:text-red-400">−{textDiff.removed}</span>
          </span>
        ) : null}
      </div>
      {props.file.isSubmodule ? (
        <p className="text-xs text-zinc-500">
          A submodule: its commit changed. Open it as its own repository to see inside.
        </p>
      ) : isHidden ? (
        <p className="text-xs text-zinc-500" data-testid="generated-note">
          A generated file (lock file or build output).{" "}
          <Button size="xs" variant="ghost" onClick={() => setGeneratedShown(true)}>
            Show its diff
          </Button>
        </p>
      ) : diff.error ? (
        <ErrorNotice error={diff.error} />
      ) : diff.isPending ? (
        <p className="text-xs text-zinc-500">Reading the diff…</p>
      ) : !diff.data?.diff ? (
        <p className="text-xs text-zinc-500">No difference (it may have changed back).</p>
      ) : diff.data.diff.isBinary ? (
        <p className="text-xs text-zinc-500" data-testid="binary-note">
          Binary file: not shown.
        </p>
      ) : textDiff && textDiff.hunks.length === 0 ? (
        <p className="text-xs text-zinc-500">
          {diff.data.diff.oldMode !== diff.data.diff.newMode
            ? `Mode change only: ${diff.data.diff.oldMode ?? "—"} → ${diff.data.diff.newMode ?? "—"}`
            : "No line changes (a rename or an empty file)."}
        </p>
      ) : textDiff ? (
        <>
          {canPickHunks && gitDiff && props.hunkPick ? (
            <HunkPicker hunks={gitDiff.hunks} picked={props.hunkPick.picked} onChange={props.hunkPick.onChange} />
          ) : null}
          {props.isSplit ? (
            <SplitDiffView diff={textDiff} label={label} path={props.file.display} selection={selection} />
          ) : (
            <DiffView diff={textDiff} label={label} path={props.file.display} selection={selection} />
          )}
          <div className="flex flex-wrap items-center gap-2 text-[11px] text-zinc-500">
            {contextStep < CONTEXT_STEPS.length - 1 ? (
              <Button size="xs" data-testid="diff-more-context" onClick={() => setContextStep((step) => step + 1)}>
                {contextStep === CONTEXT_STEPS.length - 2 ? "Whole file" : "More context"}
              </Button>
            ) : null}
            {diff.data.diff.isTruncated ? <span>Only the first lines of this very large diff are shown.</span> : null}
            {diff.data.hasInvalidText ? <span>Not UTF-8 text: shown with replacement characters.</span> : null}
            {props.onComment ? <span>Click a line number to comment (Shift+click for a range).</span> : null}
          </div>
        </>
      ) : null}
      {props.onComment && selected.length > 0 ? (
        <div className="flex flex-col gap-1" data-testid="comment-form">
          <span className="text-[11px] text-zinc-500">
            {(() => {
              const place = describeSelection(selected);
              return place.startLine === place.endLine
                ? `Comment on line ${place.startLine}`
                : `Comment on lines ${place.startLine}-${place.endLine}`;
            })()}
          </span>
          <TextArea
            data-testid="comment-input"
            aria-label="Comment"
            rows={2}
            value={comment}
            onChange={(event) => setComment(event.target.value)}
          />
          <div className="flex gap-2">
            <Button
              size="sm"
              variant="primary"
              data-testid="comment-add"
              disabled={comment.trim() === ""}
              onClick={addComment}
            >
              Add to review
            </Button>
            <Button size="sm" onClick={() => setSelected([])}>
              Cancel
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
