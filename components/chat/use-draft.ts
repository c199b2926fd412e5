"use client";

import { useCallback, useMemo, useSyncExternalStore } from "react";
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
 * for one conversation (`key` is its session id), or a worktree's (`worktreeDraftKey`).
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

/** What the user writes per worktree, each kept as its own draft. */
export type WorktreeDraft = "commit-message" | "review-comments" | "pull-request";

/** The key of one of a worktree's drafts (session ids are UUIDs, so no conversation has such a key). */
export function worktreeDraftKey(draft: WorktreeDraft, worktree: { repoId: string; worktreePath: string }): string {
  return `${draft}:${worktree.repoId}:${worktree.worktreePath}`;
}

/**
 * A draft that holds a value rather than text (review comments, a dialog's edited fields), kept as
 * JSON under `key`. `parse` reads the kept text back and must accept anything (another tab, an older
 * Arbor, a hand edit wrote it); a value `isEmpty` says has nothing left to keep removes the draft.
 * Both must be stable (module-level) functions.
 */
export function useValueDraft<T>(
  key: string,
  parse: (text: string) => T,
  isEmpty: (value: T) => boolean,
): [T, (next: T | ((current: T) => T)) => void] {
  const [text, setText] = useDraft(key);
  const value = useMemo(() => parse(text), [parse, text]);
  const setValue = useCallback(
    (next: T | ((current: T) => T)) =>
      setText((current) => {
        const updated = next instanceof Function ? next(parse(current)) : next;
        return isEmpty(updated) ? "" : JSON.stringify(updated);
      }),
    [isEmpty, parse, setText],
  );
  return [value, setValue];
}
