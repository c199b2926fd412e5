/** After a warm request, the next one waits at least this long (a warm CLI lasts much longer). */
export const WARM_INTERVAL_MS = 20_000;
/** After a failed one, this long: a server that refuses keeps refusing for a while. */
export const WARM_BACKOFF_MS = 120_000;

/**
 * When the chat may ask the server again to keep a CLI warm: not twice within the interval, and
 * not for a while after a failure, so typing never turns into a stream of requests or errors.
 */
export function nextWarmAllowedAt(input: { requestedAt: number; hasFailed: boolean }): number {
  return input.requestedAt + (input.hasFailed ? WARM_BACKOFF_MS : WARM_INTERVAL_MS);
}
