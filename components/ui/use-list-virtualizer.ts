"use client";

import { useVirtualizer, type Virtualizer } from "@tanstack/react-virtual";
import { useCallback, useLayoutEffect, useState } from "react";

/**
 * Virtualises a list that scrolls with the page region around it (the Logs page, the timeline
 * beside the chat) rather than in a box of its own: the nearest scrolling ancestor is the scroll
 * element and the list's distance from that ancestor's top its scroll margin, re-read whenever the
 * content around it changes size. Rows are measured; draw each at `start - scrollMargin`.
 */
export function useListVirtualizer<TList extends HTMLElement>(options: {
  count: number;
  estimateSize: number;
  getItemKey: (index: number) => string | number;
  /** Rows prepended (older pages, newest-first live events) keep the reader's row in place. */
  keepsReadingPosition?: boolean;
}): { listRef: (element: TList | null) => void; virtualizer: Virtualizer<HTMLElement, Element> } {
  const [list, setList] = useState<TList | null>(null);
  const [scroller, setScroller] = useState<HTMLElement | null>(null);
  const [margin, setMargin] = useState(0);
  const listRef = useCallback((element: TList | null) => setList(element), []);

  useLayoutEffect(() => {
    setScroller(list ? scrollParentOf(list) : null);
  }, [list]);

  useLayoutEffect(() => {
    if (!list || !scroller) return;
    const update = () => {
      const next = list.getBoundingClientRect().top - scroller.getBoundingClientRect().top + scroller.scrollTop;
      setMargin((previous) => (Math.abs(previous - next) < 1 ? previous : next));
    };
    update();
    const observer = new ResizeObserver(update);
    for (const child of scroller.children) observer.observe(child);
    return () => observer.disconnect();
  }, [list, scroller]);

  const { estimateSize } = options;
  // The virtualizer is a mutable object that re-renders this component itself; nothing here is memoised by the compiler.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer<HTMLElement, Element>({
    count: options.count,
    getScrollElement: () => scroller,
    estimateSize: () => estimateSize,
    getItemKey: options.getItemKey,
    overscan: 8,
    scrollMargin: margin,
    anchorTo: options.keepsReadingPosition ? "end" : "start",
  });
  return { listRef, virtualizer };
}

/** The nearest ancestor that scrolls vertically (the document's scrolling element when none does). */
function scrollParentOf(element: HTMLElement): HTMLElement {
  for (let node = element.parentElement; node; node = node.parentElement) {
    const overflowY = getComputedStyle(node).overflowY;
    if (overflowY === "auto" || overflowY === "scroll") return node;
  }
  return (document.scrollingElement as HTMLElement | null) ?? document.documentElement;
}
