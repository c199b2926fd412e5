"use client";

import { useCallback, useSyncExternalStore } from "react";

const CHANGE_EVENT = "arbor:stored-flag";

function subscribe(onChange: () => void): () => void {
  // "storage" covers other tabs; the custom event covers this one.
  window.addEventListener("storage", onChange);
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener("storage", onChange);
    window.removeEventListener(CHANGE_EVENT, onChange);
  };
}

function readStored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    // Storage can be disabled (privacy mode): the default applies.
    return null;
  }
}

/** Stores a view preference and tells every reader in this tab (other tabs hear "storage"). */
export function writeStored(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    return;
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** A text view preference kept in localStorage (null when none is stored), like useStoredFlag. */
export function useStoredText(key: string): [string | null, (next: string | null) => void] {
  const value = useSyncExternalStore(
    subscribe,
    () => readStored(key),
    () => null,
  );
  const setValue = useCallback((next: string | null) => writeStored(key, next), [key]);
  return [value, setValue];
}

/**
 * A yes/no view preference kept in localStorage (a choice of this browser, not server data),
 * the same in every component and tab that reads it. The server render uses `fallback`.
 */
export function useStoredFlag(key: string, fallback: boolean): [boolean, (next: boolean) => void] {
  const value = useSyncExternalStore(
    subscribe,
    () => {
      const stored = readStored(key);
      return stored === null ? fallback : stored === "1";
    },
    () => fallback,
  );
  const setValue = useCallback((next: boolean) => writeStored(key, next ? "1" : "0"), [key]);
  return [value, setValue];
}
