/**
 * The host name of a Host header value (`example:3000`, `[::1]:3000`), lower-cased, or null when
 * the value is not a host with an optional numeric port. Only a well-formed Host is compared with
 * the allow-list, so nothing else can ride along after the name into the headers Arbor builds
 * from it (the WebSocket source of the Content-Security-Policy).
 */
export function hostNameOf(hostHeader: string): string | null {
  const match = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?$/.exec(hostHeader.trim().toLowerCase());
  return match ? match[1]! : null;
}
