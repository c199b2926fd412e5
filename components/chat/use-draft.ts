"use client";

import { useCallback, useSyncExternalStore } from "react";
import { createDraftStore } from "./draft-store.ts";

const CHANGE_EVENT = "arbor:draft";

const drafts = createDraftStore(() => (typeof window === "undefined" ? null : window.localStorage));

function subscribe(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    drafts.forget(event.key);
    onChange();
  };
  window.addEventListener("storage", onStorage);
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener("storage", onStorage);
    window.removeEventListener(CHANGE_EVENT, onChange);
  };
}

/** The composer's text for one conversation, kept across worktree switches and reloads. */
export function useDraft(sessionId: string): [string, (next: string | ((current: string) => string)) => void] {
  const draft = useSyncExternalStore(
    subscribe,
    () => drafts.read(sessionId),
    () => "",
  );
  const setDraft = useCallback(
    (next: string | ((current: string) => string)) => {
      drafts.write(sessionId, typeof next === "function" ? next(drafts.read(sessionId)) : next);
      window.dispatchEvent(new Event(CHANGE_EVENT));
    },
    [sessionId],
  );
  return [draft, setDraft];
}
