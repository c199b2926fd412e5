"use client";

import { useVirtualizer } from "@tanstack/react-virtual";
import { useCallback, useMemo, useRef } from "react";
import type { TextDiff } from "./diff-hunks.ts";
import { createDiffHighlighter } from "./diff-syntax.ts";

/**
 * A row's height before it is measured: one line of 11 px text on a 16 px line (leading-4), a gap
 * row's 16 px line and its padding. Exact, so the rows that do not wrap never move the list once measured.
 */
export const LINE_PX = 16;
export const GAP_PX = 20;

/** Rows drawn beyond the visible ones on each side: Tab and the arrow keys reach them before they are needed. */
const OVERSCAN_ROWS = 12;

/**
 * The rows of a diff table drawn as a virtual list: only those in view of the scroll box (and
 * OVERSCAN_ROWS around them) are in the page, each measured once drawn (long lines wrap), with the
 * heights of the rows above and below kept by two spacer rows. A 20,000-line diff costs a screenful.
 */
export function useDiffRows(count: number, estimate: (index: number) => number) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // Arbor does not use the React Compiler, whose memoizing is what this rule guards; the rows re-render from the items.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: estimate,
    overscan: OVERSCAN_ROWS,
  });
  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = Math.max(0, virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0));
  return { scrollRef, items, before, after, measure: virtualizer.measureElement };
}

/**
 * What both diff views (unified and side by side) need for their rows: the syntax highlighter of
 * the file (none without a path) and the virtual list, gap rows estimated taller than lines.
 */
export function useDiffTable<Row extends { kind: string }>(input: { diff: TextDiff; path?: string; rows: Row[] }) {
  const { diff, path, rows } = input;
  const highlighter = useMemo(() => (path ? createDiffHighlighter(diff, path) : undefined), [diff, path]);
  const estimate = useCallback((index: number) => (rows[index]?.kind === "gap" ? GAP_PX : LINE_PX), [rows]);
  return { highlighter, ...useDiffRows(rows.length, estimate) };
}
