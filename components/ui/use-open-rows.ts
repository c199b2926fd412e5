"use client";

import { useCallback, useState } from "react";

/**
 * Which rows of a virtualised list are expanded, kept by the list because a row scrolled out of
 * view is unmounted: it comes back as the reader left it (and is measured at that height).
 */
export function useOpenRows(): [ReadonlySet<number>, (id: number) => void] {
  const [openIds, setOpenIds] = useState<ReadonlySet<number>>(() => new Set());
  const toggle = useCallback((id: number) => {
    setOpenIds((previous) => {
      const next = new Set(previous);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  }, []);
  return [openIds, toggle];
}
