import { PAGE_KEY_HEADER, PAGE_KEY_STORAGE, WS_PAGE_KEY_PREFIX, WS_PROTOCOL } from "@/lib/http/page-key.ts";

/** The event the page hears when Arbor no longer accepts this browser (signed out, or the page key is gone). */
export const SIGNED_OUT_EVENT = "arbor:signed-out";

/** This browser's page key, written by the sign-in page; null when it never signed in here (or storage was cleared). */
export function readPageKey(): string | null {
  try {
    return window.localStorage.getItem(PAGE_KEY_STORAGE);
  } catch {
    return null;
  }
}

/** The header every API request of Arbor's page carries. */
export function pageKeyHeaders(): Record<string, string> {
  const key = readPageKey();
  return key ? { [PAGE_KEY_HEADER]: key } : {};
}

/** The subprotocols of Arbor's WebSocket: the one the server answers with, and the page key beside it. */
export function webSocketProtocols(): string[] {
  const key = readPageKey();
  return key ? [WS_PROTOCOL, `${WS_PAGE_KEY_PREFIX}${key}`] : [WS_PROTOCOL];
}

/** Tells the page that Arbor refused this browser's credentials, so it can say how to sign in again. */
export function announceSignedOut(): void {
  window.dispatchEvent(new Event(SIGNED_OUT_EVENT));
}
