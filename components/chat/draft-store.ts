/**
 * Composer drafts, one per conversation, kept in this browser so switching worktrees or reloading
 * the page loses nothing typed. Memory leads (storage can be full or disabled); localStorage
 * mirrors it for reloads and other tabs. Pure apart from the `storage` it is given.
 */
export interface DraftStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

const PREFIX = "arbor.draft.";

export function draftKey(sessionId: string): string {
  return `${PREFIX}${sessionId}`;
}

export function createDraftStore(storage: () => DraftStorage | null) {
  const memory = new Map<string, string>();
  return {
    read(sessionId: string): string {
      const key = draftKey(sessionId);
      const held = memory.get(key);
      if (held !== undefined) return held;
      try {
        return storage()?.getItem(key) ?? "";
      } catch {
        return "";
      }
    },
    write(sessionId: string, text: string): void {
      const key = draftKey(sessionId);
      memory.set(key, text);
      try {
        // An empty draft leaves no key behind.
        if (text === "") storage()?.removeItem(key);
        else storage()?.setItem(key, text);
      } catch {
        // Storage full or disabled: the draft still lives for this page's lifetime.
      }
    },
    /** Another tab wrote this key: forget the copy in memory so the stored one is read. */
    forget(key: string | null): void {
      if (key === null) memory.clear();
      else memory.delete(key);
    },
  };
}
