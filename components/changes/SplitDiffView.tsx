"use client";

import { memo, useMemo } from "react";
import { classNames } from "@/components/ui/class-names.ts";
import { DiffLineText } from "@/components/ui/DiffLineText.tsx";
import { diffLineKey, type DiffLine, type TextDiff } from "@/components/ui/diff-hunks.ts";
import type { DiffHighlighter } from "@/components/ui/diff-syntax.ts";
import { numberColumnWidth, SpacerRow, type DiffLineSelection } from "@/components/ui/DiffView.tsx";
import { useDiffTable } from "@/components/ui/use-diff-rows.ts";
import { toSplitViewRows, type SplitViewRow } from "./diff-adapter.ts";

const TINT: Record<DiffLine["kind"], string> = {
  context: "",
  added: "bg-emerald-50 dark:bg-emerald-950/40",
  removed: "bg-red-50 dark:bg-red-950/40",
};

/**
 * The same hunks as DiffView, old file on the left and new on the right, with the same syntax
 * colours and changed words; line numbers select lines for comments. A virtual list, as DiffView.
 */
export function SplitDiffView(props: {
  diff: TextDiff;
  label: string;
  /** The file's name: its extension chooses the syntax colours. */
  path?: string;
  selection?: DiffLineSelection;
}) {
  const rows = useMemo(() => toSplitViewRows(props.diff), [props.diff]);
  const { highlighter, scrollRef, items, before, after, measure } = useDiffTable({
    diff: props.diff,
    path: props.path,
    rows,
  });
  const numberWidth = numberColumnWidth(props.diff);
  const keys = props.selection?.keys;
  return (
    <div
      ref={scrollRef}
      data-testid="split-diff-view"
      data-diff-scroller
      tabIndex={0}
      className="max-h-[32rem] overflow-auto rounded-md border border-zinc-200 bg-white focus-visible:outline-2 focus-visible:outline-sky-500 dark:border-zinc-800 dark:bg-zinc-950"
    >
      <table
        className="w-full table-fixed border-collapse font-mono text-[11px] leading-4"
        aria-label={props.label}
        aria-rowcount={rows.length}
      >
        <colgroup>
          <col style={{ width: numberWidth }} />
          <col />
          <col style={{ width: numberWidth }} />
          <col />
        </colgroup>
        <tbody>
          {before > 0 ? <SpacerRow height={before} columns={4} /> : null}
          {items.map((item) => {
            const row = rows[item.index]!;
            return (
              <Row
                key={item.key}
                index={item.index}
                measure={measure}
                row={row}
                selectedSides={
                  row.kind === "pair" && keys
                    ? `${row.left && keys.has(diffLineKey(row.left)) ? "l" : ""}${row.right && keys.has(diffLineKey(row.right)) ? "r" : ""}`
                    : ""
                }
                selection={props.selection}
                highlighter={highlighter}
              />
            );
          })}
          {after > 0 ? <SpacerRow height={after} columns={4} /> : null}
        </tbody>
      </table>
    </div>
  );
}

const Row = memo(function Row(props: {
  index: number;
  measure: (element: Element | null) => void;
  row: SplitViewRow;
  /** "l", "r", "lr" or "": which sides hold a selected line (a string, so memo compares it). */
  selectedSides: string;
  selection?: DiffLineSelection;
  highlighter?: DiffHighlighter;
}) {
  const { row } = props;
  const common = { ref: props.measure, "data-index": props.index, "aria-rowindex": props.index + 1 };
  if (row.kind === "gap") {
    return (
      <tr {...common} data-testid="diff-gap" className="bg-zinc-50 text-[10px] text-zinc-500 dark:bg-zinc-900">
        <td colSpan={4} className="px-2 py-0.5">
          ⋯ {row.count} unchanged {row.count === 1 ? "line" : "lines"}
        </td>
      </tr>
    );
  }
  return (
    <tr {...common} data-testid="split-row">
      <Side
        line={row.left}
        number={row.left?.oldNumber ?? null}
        isSelected={props.selectedSides.includes("l")}
        selection={props.selection}
        highlighter={props.highlighter}
      />
      <Side
        line={row.right}
        number={row.right?.newNumber ?? null}
        isSelected={props.selectedSides.includes("r")}
        selection={props.selection}
        highlighter={props.highlighter}
      />
    </tr>
  );
});

function Side(props: {
  line: DiffLine | null;
  number: number | null;
  isSelected: boolean;
  selection?: DiffLineSelection;
  highlighter?: DiffHighlighter;
}) {
  const { line, selection } = props;
  if (!line) return <td colSpan={2} className="bg-zinc-50 dark:bg-zinc-900/60" />;
  return (
    <>
      <td className="select-none overflow-hidden border-r border-zinc-200 px-1 text-right align-top text-zinc-500 dark:border-zinc-800">
        {selection ? (
          <button
            type="button"
            data-testid="diff-line-number"
            className="block w-full cursor-pointer text-right hover:text-sky-600"
            aria-label={`Select line ${props.number ?? ""} for a comment (Shift: extend)`}
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
        data-selected={props.isSelected || undefined}
        className={classNames(
          "whitespace-pre-wrap break-all px-1 align-top",
          TINT[line.kind],
          props.isSelected && "outline outline-1 -outline-offset-1 outline-sky-500",
        )}
      >
        <DiffLineText line={line} highlighter={props.highlighter} />
      </td>
    </>
  );
}
