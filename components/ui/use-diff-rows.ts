"use client";

import { useVirtualizer } from "@tanstack/react-virtual";
import { useRef } from "react";

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
