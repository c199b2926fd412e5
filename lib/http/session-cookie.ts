/**
 * The browser's session cookie is named after the port: browsers do not separate cookies by
 * port, so two Arbor servers on one host (or two accounts' servers) must not overwrite each
 * other's cookie. Its value is a random secret of one signed-in browser; a service on another
 * port receives it too, which is why the API also needs the page key (request-guard.ts).
 */
export function sessionCookieName(port: number): string {
  return `arbor_session_${port}`;
}

/** The `Set-Cookie` header that signs this browser in: HttpOnly, SameSite=Strict, whole site, a year. */
export function sessionSetCookie(input: { port: number; value: string }): string {
  return `${sessionCookieName(input.port)}=${input.value}; Path=/; HttpOnly; SameSite=Strict; Max-Age=31536000`;
}

/** The `Set-Cookie` header that forgets this browser's session (signed out). */
export function sessionClearCookie(port: number): string {
  return `${sessionCookieName(port)}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0`;
}

/** The value of cookie `name` in a `Cookie` header, or null. */
export function readCookie(header: string | undefined, name: string): string | null {
  for (const part of (header ?? "").split(";")) {
    const separator = part.indexOf("=");
    if (separator !== -1 && part.slice(0, separator).trim() === name) return part.slice(separator + 1).trim();
  }
  return null;
}
