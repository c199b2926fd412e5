const BASE_MS = 500;
const MAX_MS = 15_000;

/**
 * Exponential backoff with jitter for WebSocket reconnects: 0.5 s, 1 s, 2 s… capped at 15 s,
 * each randomised into its upper half so many tabs do not reconnect in lockstep.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(MAX_MS, BASE_MS * 2 ** Math.max(0, attempt));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}
