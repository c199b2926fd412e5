"use client";

import { useEffect, useRef, type FocusEvent, type RefObject } from "react";
import { pickRowAfterRemoval } from "./focus-after-removal.ts";

const ROW = '[data-testid="worktree-row"]';
const OPEN = '[data-testid="worktree-open"]:not(:disabled)';

/**
 * Keeps the keyboard user's place when the row they were on leaves the list (Remove…, Tidy up): the
 * focus would otherwise fall to the page's body. Give the list the returned handlers; rows carry
 * `data-path`, and the focus goes to the open button of the row that took its place, else the one
 * before it (rows that cannot be opened are skipped). A user who moved the focus out of the list
 * on purpose is left alone.
 */
export function useFocusAfterRemoval(
  listRef: RefObject<HTMLElement | null>,
  keys: readonly string[],
): { onFocus: (event: FocusEvent<HTMLElement>) => void; onBlur: (event: FocusEvent<HTMLElement>) => void } {
  const focusedKey = useRef<string | null>(null);
  const previousKeys = useRef<readonly string[]>(keys);

  useEffect(() => {
    const before = previousKeys.current;
    previousKeys.current = keys;
    const key = focusedKey.current;
    const active = document.activeElement;
    const isLost = active === null || active === document.body || !active.isConnected;
    if (key === null || !isLost) return;
    const rows = [...(listRef.current?.querySelectorAll<HTMLElement>(ROW) ?? [])];
    const openable = new Set(rows.filter((row) => row.querySelector(OPEN)).map((row) => row.dataset.path));
    // Rows that cannot be opened (missing, bare) count as gone: the focus skips them.
    const next = pickRowAfterRemoval({
      previousKeys: before,
      nextKeys: keys.filter((path) => openable.has(path)),
      focusedKey: key,
    });
    if (next === null) return;
    focusedKey.current = next;
    rows
      .find((row) => row.dataset.path === next)
      ?.querySelector<HTMLElement>(OPEN)
      ?.focus();
  }, [keys, listRef]);

  return {
    onFocus: (event) => {
      focusedKey.current = event.target.closest<HTMLElement>(ROW)?.dataset.path ?? null;
    },
    onBlur: (event) => {
      const { target, relatedTarget } = event;
      if (relatedTarget instanceof Node && event.currentTarget.contains(relatedTarget)) return;
      // Still in the page once the blur is over, and still usable: the user moved away. Gone with its
      // row, or disabled while its action runs (Chromium drops the focus of a control as it is
      // disabled, as Remove's confirm button is while the removal runs): keep the place.
      queueMicrotask(() => {
        if (target.isConnected && !(target instanceof HTMLElement && target.matches(":disabled")))
          focusedKey.current = null;
      });
    },
  };
}
