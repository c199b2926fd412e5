/**
 * The server's clock as this browser estimates it: run events carry server times, and a phone or
 * another machine may not agree with the server. Set from each `hello` (one round trip's error).
 */
let offsetMs = 0;

export function noteServerTime(serverTime: string, receivedAt = Date.now()): void {
  const parsed = Date.parse(serverTime);
  if (Number.isFinite(parsed)) offsetMs = parsed - receivedAt;
}

export function serverNow(): number {
  return Date.now() + offsetMs;
}
