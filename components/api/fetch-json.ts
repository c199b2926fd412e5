import { announceSignedOut, pageKeyHeaders } from "./page-key.ts";

/** An error returned by Arbor's API, carrying the user-facing message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/**
 * fetch + JSON with Arbor's error body turned into an ApiError the UI can show. Every request carries the
 * page key (lib/http/page-key.ts); a 401 means Arbor no longer knows this browser, and the page says how to
 * sign in again. A query passes React Query's `signal`: a read it has given up on (a newer one replaced it)
 * is aborted, so it does not hold one of the browser's few connections to the server while the newer read
 * waits behind it.
 */
export async function fetchJson<T>(
  url: string,
  init?: { method?: string; body?: unknown; signal?: AbortSignal },
): Promise<T> {
  const response = await fetch(url, {
    method: init?.method ?? "GET",
    signal: init?.signal,
    headers: {
      ...pageKeyHeaders(),
      ...(init?.body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: init?.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (response.status === 401) announceSignedOut();
  const payload = (await response.json().catch(() => null)) as
    (T & { error?: { code: string; message: string; details?: Record<string, unknown> } }) | null;
  if (!response.ok) {
    const error = payload?.error;
    throw new ApiError(
      response.status,
      error?.code ?? "http_error",
      error?.message ?? `Request failed (${response.status})`,
      error?.details,
    );
  }
  return payload as T;
}
