"use client";

import { Fragment, useState } from "react";
import { Button } from "@/components/ui/Button.tsx";
import { classNames } from "@/components/ui/class-names.ts";
import { diffLineKey, limitHunks, type DiffLine, type TextDiff } from "@/components/ui/diff-hunks.ts";
import { MORE_ROWS, type DiffLineSelection } from "@/components/ui/DiffView.tsx";
import { toSplitRows } from "./diff-adapter.ts";

const TINT: Record<DiffLine["kind"], string> = {
  context: "",
  added: "bg-emerald-50 dark:bg-emerald-950/40",
  removed: "bg-red-50 dark:bg-red-950/40",
};
const WORD: Record<DiffLine["kind"], string> = {
  context: "",
  added: "rounded-sm bg-emerald-200 dark:bg-emerald-800/70",
  removed: "rounded-sm bg-red-200 dark:bg-red-800/70",
};

/** The same hunks as DiffView, old file on the left and new on the right; line numbers select lines for comments. */
/** Lines drawn at first, as in DiffView: a huge diff opens without freezing the page, then pages in. */
const FIRST_ROWS = 400;

export function SplitDiffView(props: { diff: TextDiff; label: string; selection?: DiffLineSelection }) {
  const [limit, setLimit] = useState(FIRST_ROWS);
  const total = props.diff.hunks.reduce((sum, hunk) => sum + hunk.lines.length, 0);
  const hunks = total <= limit ? props.diff.hunks : limitHunks(props.diff.hunks, limit);
  return (
    <div
      data-testid="split-diff-view"
      className="max-h-[32rem] overflow-auto rounded-md border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-950"
    >
      <table
        className="w-full table-fixed border-collapse font-mono text-[11px] leading-[1.45]"
        aria-label={props.label}
      >
        {hunks.map((hunk, index) => (
          <tbody key={`${hunk.oldStart}:${index}`} data-testid="diff-hunk">
            {hunk.hiddenBefore > 0 ? (
              <tr className="bg-zinc-50 text-[10px] text-zinc-500 dark:bg-zinc-900">
                <td colSpan={4} className="px-2 py-0.5">
                  ⋯ {hunk.hiddenBefore} unchanged lines
                </td>
              </tr>
            ) : null}
            {toSplitRows(hunk).map((row, rowIndex) => (
              <tr key={rowIndex} data-testid="split-row">
                <Side line={row.left} number={row.left?.oldNumber ?? null} selection={props.selection} />
                <Side line={row.right} number={row.right?.newNumber ?? null} selection={props.selection} />
              </tr>
            ))}
          </tbody>
        ))}
      </table>
      {hunks !== props.diff.hunks ? (
        <div className="border-t border-zinc-200 px-2 py-1 dark:border-zinc-800">
          <Button size="xs" data-testid="diff-show-more" onClick={() => setLimit((current) => current + MORE_ROWS)}>
            Show {Math.min(MORE_ROWS, total - limit)} more lines ({total - limit} not shown)
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function Side(props: { line: DiffLine | null; number: number | null; selection?: DiffLineSelection }) {
  const { line, selection } = props;
  if (!line) return <td colSpan={2} className="bg-zinc-50 dark:bg-zinc-900/60" />;
  const isSelected = selection?.keys.has(diffLineKey(line)) ?? false;
  return (
    <Fragment>
      <td className="w-10 select-none border-r border-zinc-200 px-1 text-right align-top text-zinc-500 dark:border-zinc-800">
        {selection ? (
          <button
            type="button"
            data-testid="diff-line-number"
            className="w-full text-right hover:text-sky-600"
            onClick={(event) => selection.onLineClick(line, event.shiftKey)}
          >
            {props.number}
          </button>
        ) : (
          props.number
        )}
      </td>
      <td
        data-kind={line.kind}
        data-selected={isSelected || undefined}
        className={classNames(
          "whitespace-pre-wrap break-all px-1",
          TINT[line.kind],
          isSelected && "outline outline-1 -outline-offset-1 outline-sky-500",
        )}
      >
        {line.segments
          ? line.segments.map((segment, index) =>
              segment.isChanged ? (
                <mark key={index} className={classNames("text-inherit", WORD[line.kind])}>
                  {segment.text}
                </mark>
              ) : (
                <Fragment key={index}>{segment.text}</Fragment>
              ),
            )
          : line.text || "\u00a0"}
      </td>
    </Fragment>
  );
}
