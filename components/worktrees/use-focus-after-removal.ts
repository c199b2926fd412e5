"use client";

import { useEffect, useRef, type FocusEvent, type RefObject } from "react";
import { pickRowAfterRemoval } from "./focus-after-removal.ts";

const ROW = '[data-testid="worktree-row"]';

/**
 * Keeps the keyboard user's place when the row they were on leaves the list (Remove…, Tidy up): the
 * focus would otherwise fall to the page's body. Give the list the returned `onFocus`; rows carry
 * `data-path`, and the focus goes to the open button of the row that took its place, else the one
 * before it.
 */
export function useFocusAfterRemoval(
  listRef: RefObject<HTMLElement | null>,
  keys: readonly string[],
): (event: FocusEvent<HTMLElement>) => void {
  const focusedKey = useRef<string | null>(null);
  const previousKeys = useRef<readonly string[]>(keys);

  useEffect(() => {
    const before = previousKeys.current;
    previousKeys.current = keys;
    const key = focusedKey.current;
    const active = document.activeElement;
    const isLost = active === null || active === document.body || !active.isConnected;
    if (key === null || !isLost) return;
    const next = pickRowAfterRemoval({ previousKeys: before, nextKeys: keys, focusedKey: key });
    if (next === null) return;
    const rows = [...(listRef.current?.querySelectorAll<HTMLElement>(ROW) ?? [])];
    rows
      .find((row) => row.dataset.path === next)
      ?.querySelector<HTMLElement>('[data-testid="worktree-open"]')
      ?.focus();
  }, [keys, listRef]);

  return (event) => {
    focusedKey.current = event.target.closest<HTMLElement>(ROW)?.dataset.path ?? null;
  };
}
