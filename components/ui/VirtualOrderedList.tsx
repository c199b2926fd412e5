"use client";

import type { ReactNode } from "react";
import type { Virtualizer } from "@tanstack/react-virtual";

/**
 * The `<ol>` of a list virtualised with useListVirtualizer: as tall as every row together, drawing
 * only the rows the virtualizer has in view, each measured once drawn and told its place in the
 * whole list (`aria-setsize`, `aria-posinset`) for screen readers.
 */
export function VirtualOrderedList({
  attachList,
  virtualizer,
  count,
  testId,
  isLoaded,
  renderRow,
}: {
  /** The virtualizer's callback for the list element (useListVirtualizer's `listRef`). */
  attachList: (element: HTMLOListElement | null) => void;
  virtualizer: Virtualizer<HTMLElement, Element>;
  count: number;
  testId: string;
  isLoaded: boolean;
  renderRow: (index: number) => ReactNode;
}) {
  const margin = virtualizer.options.scrollMargin;
  return (
    <ol
      ref={attachList}
      className="relative"
      style={{ height: virtualizer.getTotalSize() }}
      data-testid={testId}
      data-rows={count}
      data-loaded={isLoaded}
    >
      {virtualizer.getVirtualItems().map((virtual) => (
        <li
          key={virtual.key}
          ref={virtualizer.measureElement}
          data-index={virtual.index}
          aria-setsize={count}
          aria-posinset={virtual.index + 1}
          className="absolute left-0 top-0 w-full pb-1"
          style={{ transform: `translateY(${virtual.start - margin}px)` }}
        >
          {renderRow(virtual.index)}
        </li>
      ))}
    </ol>
  );
}
