"use client";

import { memo, useMemo } from "react";
import { classNames } from "./class-names.ts";
import { DiffLineText } from "./DiffLineText.tsx";
import {
  diffLineKey,
  maxLineNumber,
  toUnifiedRows,
  type DiffLine,
  type TextDiff,
  type UnifiedRow,
} from "./diff-hunks.ts";
import type { DiffHighlighter } from "./diff-syntax.ts";
import { useDiffTable } from "./use-diff-rows.ts";

const ROW: Record<DiffLine["kind"], string> = {
  context: "",
  added: "bg-emerald-50 dark:bg-emerald-950/40",
  removed: "bg-red-50 dark:bg-red-950/40",
};
const SIGN: Record<DiffLine["kind"], string> = { context: " ", added: "+", removed: "-" };
const SPOKEN: Record<DiffLine["kind"], string> = { context: "", added: "added: ", removed: "removed: " };

/** Lines the user picked (see diffLineKey) and what a click on a line number does (Shift: extend the range). */
export interface DiffLineSelection {
  keys: ReadonlySet<string>;
  onLineClick: (line: DiffLine, isRange: boolean) => void;
}

/** The width of a line-number column: its widest number in the monospace font, and its padding. */
export function numberColumnWidth(diff: TextDiff): string {
  return `calc(${Math.max(2, String(maxLineNumber(diff)).length)}ch + 0.875rem)`;
}

/**
 * A unified diff: old and new line numbers, added and removed lines tinted, the words that
 * changed within a paired line stronger, syntax colours from the file's extension (`path`), and
 * how many unchanged lines lie between hunks. Drawn as a virtual list, so any size opens at once.
 * Takes hunks (diff-hunks.ts) so a git diff can be drawn the same way as an edit's preview.
 */
export function DiffView(props: {
  diff: TextDiff;
  label: string;
  /** The file's name: its extension chooses the syntax colours (none without it). */
  path?: string;
  testId?: string;
  className?: string;
  /** Lines can be selected by their numbers (review comments). */
  selection?: DiffLineSelection;
}) {
  const rows = useMemo(() => toUnifiedRows(props.diff), [props.diff]);
  const { highlighter, scrollRef, items, before, after, measure } = useDiffTable({
    diff: props.diff,
    path: props.path,
    rows,
  });
  const numberWidth = numberColumnWidth(props.diff);
  return (
    <div
      data-testid={props.testId ?? "diff-view"}
      className={classNames(
        "overflow-hidden rounded-md border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-950",
        props.className,
      )}
    >
      <div
        ref={scrollRef}
        data-diff-scroller
        tabIndex={0}
        className="max-h-[28rem] overflow-auto focus-visible:outline-2 focus-visible:outline-sky-500"
      >
        <table
          className="w-full table-fixed border-collapse font-mono text-[11px] leading-4"
          aria-label={props.label}
          aria-rowcount={rows.length}
        >
          <colgroup>
            <col style={{ width: numberWidth }} />
            <col style={{ width: numberWidth }} />
            <col className="w-5" />
            <col />
          </colgroup>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={4} className="px-2 py-1 text-zinc-500">
                  No changes.
                </td>
              </tr>
            ) : null}
            {before > 0 ? <SpacerRow height={before} columns={4} /> : null}
            {items.map((item) => (
              <Row
                key={item.key}
                index={item.index}
                measure={measure}
                row={rows[item.index]!}
                isSelected={
                  rowLine(rows[item.index]!)
                    ? (props.selection?.keys.has(diffLineKey(rowLine(rows[item.index]!)!)) ?? false)
                    : false
                }
                selection={props.selection}
                highlighter={highlighter}
              />
            ))}
            {after > 0 ? <SpacerRow height={after} columns={4} /> : null}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function rowLine(row: UnifiedRow): DiffLine | null {
  return row.kind === "line" ? row.line : null;
}

/** The height of the rows not drawn, above or below those in view. */
export function SpacerRow({ height, columns }: { height: number; columns: number }) {
  return (
    <tr aria-hidden style={{ height }}>
      <td colSpan={columns} className="p-0" />
    </tr>
  );
}

const Row = memo(function Row(props: {
  index: number;
  measure: (element: Element | null) => void;
  row: UnifiedRow;
  isSelected: boolean;
  selection?: DiffLineSelection;
  highlighter?: DiffHighlighter;
}) {
  const { row, selection } = props;
  const common = { ref: props.measure, "data-index": props.index, "aria-rowindex": props.index + 1 };
  if (row.kind === "gap") {
    return (
      <tr {...common} data-testid="diff-gap" className="bg-zinc-50 text-zinc-500 dark:bg-zinc-900">
        <td colSpan={4} className="px-2 py-0.5 text-[10px]">
          ⋯ {row.count} unchanged {row.count === 1 ? "line" : "lines"}
        </td>
      </tr>
    );
  }
  if (row.kind === "no-newline") {
    return (
      <tr {...common}>
        <td colSpan={3} />
        <td className="pr-2 text-[10px] italic text-zinc-500">no newline at end of file</td>
      </tr>
    );
  }
  const { line } = row;
  return (
    <tr
      {...common}
      data-testid="diff-line"
      data-kind={line.kind}
      data-selected={selection ? props.isSelected : undefined}
      className={classNames(ROW[line.kind], props.isSelected && "outline outline-1 -outline-offset-1 outline-sky-500")}
    >
      <LineNumber value={line.oldNumber} line={line} selection={selection} />
      <LineNumber value={line.newNumber} line={line} selection={selection} />
      <td aria-hidden className="select-none px-1 text-center align-top text-zinc-500">
        {SIGN[line.kind]}
      </td>
      <td className="whitespace-pre-wrap break-all pr-2 align-top">
        <span className="sr-only">{SPOKEN[line.kind]}</span>
        <DiffLineText line={line} highlighter={props.highlighter} />
      </td>
    </tr>
  );
});

function LineNumber(props: { value: number | null; line: DiffLine; selection?: DiffLineSelection }) {
  const { selection, line } = props;
  return (
    <td className="select-none overflow-hidden border-r border-zinc-200 px-1.5 text-right align-top text-zinc-500 dark:border-zinc-800">
      {selection ? (
        <button
          type="button"
          data-testid="diff-line-number"
          className="block w-full cursor-pointer text-right hover:text-sky-600"
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
