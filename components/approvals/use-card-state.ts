"use client";

import { useCallback, useSyncExternalStore } from "react";
import { createCardStateStore } from "./card-state.ts";

const store = createCardStateStore();

/**
 * `useState` for a waiting card, kept by approval id so it survives the card being drawn again
 * elsewhere (see card-state.ts). `initial` must be stable (a literal or a module constant).
 */
export function useCardState<T>(approvalId: string, slot: string, initial: T): [T, (value: T) => void] {
  const value = useSyncExternalStore(
    store.subscribe,
    () => store.read(approvalId, slot, initial),
    () => initial,
  );
  const set = useCallback((next: T) => store.write(approvalId, slot, next), [approvalId, slot]);
  return [value, set];
}

/** The approval is answered: what was kept for its card is no longer needed. */
export function forgetCardState(approvalId: string): void {
  store.forget(approvalId);
}
