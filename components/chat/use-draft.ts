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

/**
 * Text the user is writing, kept across worktree switches, closed panels and reloads: the composer's
 * for one conversation (`key` is its session id), or another draft under a key of its own
 * (`commitMessageDraftKey`).
 */
export function useDraft(key: string): [string, (next: string | ((current: string) => string)) => void] {
  const draft = useSyncExternalStore(
    subscribe,
    () => drafts.read(key),
    () => "",
  );
  const setDraft = useCallback(
    (next: string | ((current: string) => string)) => {
      drafts.write(key, typeof next === "function" ? next(drafts.read(key)) : next);
      window.dispatchEvent(new Event(CHANGE_EVENT));
    },
    [key],
  );
  return [draft, setDraft];
}

/** The key of a worktree's commit message draft (session ids are UUIDs, so no conversation has it). */
export function commitMessageDraftKey(worktree: { repoId: string; worktreePath: string }): string {
  return `commit-message:${worktree.repoId}:${worktree.worktreePath}`;
}
