"use client";

import { Fragment, memo, useState } from "react";
import { Button } from "./Button.tsx";
import { classNames } from "./class-names.ts";
import { countDrawnLines, diffLineKey, type DiffHunk, type DiffLine, type TextDiff } from "./diff-hunks.ts";

/** Rows drawn at first: a huge Write stays responsive until the user asks for more. */
const FIRST_ROWS = 400;
/** Rows each "Show more" adds: a page of a 20,000-line diff draws in one short task, never the whole at once. */
export const MORE_ROWS = 1000;

const ROW: Record<DiffLine["kind"], string> = {
  context: "",
  added: "bg-emerald-50 dark:bg-emerald-950/40",
  removed: "bg-red-50 dark:bg-red-950/40",
};
const WORD: Record<DiffLine["kind"], string> = {
  context: "",
  added: "rounded-sm bg-emerald-200 dark:bg-emerald-800/70",
  removed: "rounded-sm bg-red-200 dark:bg-red-800/70",
};
const SIGN: Record<DiffLine["kind"], string> = { context: " ", added: "+", removed: "-" };
const SPOKEN: Record<DiffLine["kind"], string> = { context: "", added: "added: ", removed: "removed: " };

/** Lines the user picked (see diffLineKey) and what a click on a line number does (Shift: extend the range). */
export interface DiffLineSelection {
  keys: ReadonlySet<string>;
  onLineClick: (line: DiffLine, isRange: boolean) => void;
}

/**
 * A unified diff, hunk by hunk: old and new line numbers, added and removed lines tinted, the
 * words that changed within a paired line stronger, and how many unchanged lines lie between hunks.
 * Takes hunks (diff-hunks.ts) so a git diff can be drawn the same way as an edit's preview.
 */
export function DiffView(props: {
  diff: TextDiff;
  label: string;
  testId?: string;
  className?: string;
  /** Lines can be selected by their numbers (review comments). */
  selection?: DiffLineSelection;
}) {
  const [limit, setLimit] = useState(FIRST_ROWS);
  const { hunks, hiddenAfter } = props.diff;
  const total = hunks.reduce((sum, hunk) => sum + hunk.lines.length, 0);
  const isCut = total > limit;
  const drawn = countDrawnLines(hunks, limit);
  return (
    <div
      data-testid={props.testId ?? "diff-view"}
      className={classNames(
        "overflow-hidden rounded-md border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-950",
        props.className,
      )}
    >
      <div className="max-h-[28rem] overflow-auto">
        <table className="w-full border-collapse font-mono text-[11px] leading-[1.45]" aria-label={props.label}>
          {hunks.length === 0 ? (
            <tbody>
              <tr>
                <td className="px-2 py-1 text-zinc-500">No changes.</td>
              </tr>
            </tbody>
          ) : null}
          {hunks.map((hunk, index) =>
            drawn[index]! > 0 ? (
              <HunkRows
                key={`${hunk.oldStart}:${hunk.newStart}:${index}`}
                hunk={hunk}
                count={drawn[index]!}
                selection={props.selection}
              />
            ) : null,
          )}
          {hiddenAfter && !isCut ? (
            <tbody>
              <GapRow count={hiddenAfter} />
            </tbody>
          ) : null}
        </table>
      </div>
      {isCut ? (
        <div className="border-t border-zinc-200 px-2 py-1 dark:border-zinc-800">
          <Button size="xs" data-testid="diff-show-more" onClick={() => setLimit((current) => current + MORE_ROWS)}>
            Show {Math.min(MORE_ROWS, total - limit)} more lines ({total - limit} not shown)
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/** Lines are drawn in blocks that React leaves as they are when "Show more" adds the next ones. */
const CHUNK_ROWS = 250;

function HunkRows(props: { hunk: DiffHunk; count: number; selection?: DiffLineSelection }) {
  const starts: number[] = [];
  for (let start = 0; start < props.count; start += CHUNK_ROWS) starts.push(start);
  return (
    <tbody data-testid="diff-hunk">
      {props.hunk.hiddenBefore > 0 ? <GapRow count={props.hunk.hiddenBefore} /> : null}
      {starts.map((start) => (
        <LineChunk
          key={start}
          lines={props.hunk.lines}
          start={start}
          end={Math.min(start + CHUNK_ROWS, props.count)}
          selection={props.selection}
        />
      ))}
    </tbody>
  );
}

const LineChunk = memo(function LineChunk(props: {
  lines: DiffLine[];
  start: number;
  end: number;
  selection?: DiffLineSelection;
}) {
  const { selection } = props;
  return props.lines.slice(props.start, props.end).map((line, offset) => (
    <Fragment key={props.start + offset}>
      <tr
        data-testid="diff-line"
        data-kind={line.kind}
        data-selected={selection?.keys.has(diffLineKey(line)) ?? undefined}
        className={classNames(
          ROW[line.kind],
          selection?.keys.has(diffLineKey(line)) && "outline outline-1 -outline-offset-1 outline-sky-500",
        )}
      >
        <LineNumber value={line.oldNumber} line={line} selection={selection} />
        <LineNumber value={line.newNumber} line={line} selection={selection} />
        <td aria-hidden className="w-4 select-none px-1 text-center text-zinc-500">
          {SIGN[line.kind]}
        </td>
        <td className="whitespace-pre-wrap break-all pr-2">
          <span className="sr-only">{SPOKEN[line.kind]}</span>
          <LineText line={line} />
        </td>
      </tr>
      {line.hasNoNewline ? (
        <tr>
          <td colSpan={3} />
          <td className="pr-2 text-[10px] italic text-zinc-500">no newline at end of file</td>
        </tr>
      ) : null}
    </Fragment>
  ));
});

function LineText({ line }: { line: DiffLine }) {
  if (!line.segments) return <>{line.text || "\u00a0"}</>;
  return (
    <>
      {line.segments.map((segment, index) =>
        segment.isChanged ? (
          <mark key={index} data-testid="diff-changed-word" className={classNames("text-inherit", WORD[line.kind])}>
            {segment.text}
          </mark>
        ) : (
          <Fragment key={index}>{segment.text}</Fragment>
        ),
      )}
    </>
  );
}

function LineNumber(props: { value: number | null; line?: DiffLine; selection?: DiffLineSelection }) {
  const { selection, line } = props;
  return (
    <td className="w-8 select-none border-r border-zinc-200 px-1.5 text-right align-top text-zinc-500 dark:border-zinc-800">
      {selection && line ? (
        <button
          type="button"
          data-testid="diff-line-number"
          className="w-full cursor-pointer text-right hover:text-sky-600"
          aria-label={`Select line ${props.value ?? ""} for a comment (Shift: extend)`}
          onClick={(event) => selection.onLineClick(line, event.shiftKey)}
        >
          {props.value ?? "\u00a0"}
        </button>
      ) : (
        (props.value ?? "")
      )}
    </td>
  );
}

function GapRow({ count }: { count: number }) {
  return (
    <tr data-testid="diff-gap" className="bg-zinc-50 text-zinc-500 dark:bg-zinc-900">
      <td colSpan={4} className="px-2 py-0.5 text-[10px]">
        ⋯ {count} unchanged {count === 1 ? "line" : "lines"}
      </td>
    </tr>
  );
}
