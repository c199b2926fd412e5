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

function readFlag(key: string, fallback: boolean): boolean {
  try {
    const stored = window.localStorage.getItem(key);
    return stored === null ? fallback : stored === "1";
  } catch {
    // Storage can be disabled (privacy mode): the default applies.
    return fallback;
  }
}

/**
 * A yes/no view preference kept in localStorage (a choice of this browser, not server data),
 * the same in every component and tab that reads it. The server render uses `fallback`.
 */
export function useStoredFlag(key: string, fallback: boolean): [boolean, (next: boolean) => void] {
  const value = useSyncExternalStore(
    subscribe,
    () => readFlag(key, fallback),
    () => fallback,
  );
  const setValue = useCallback(
    (next: boolean) => {
      try {
        window.localStorage.setItem(key, next ? "1" : "0");
      } catch {
        return;
      }
      window.dispatchEvent(new Event(CHANGE_EVENT));
    },
    [key],
  );
  return [value, setValue];
}
