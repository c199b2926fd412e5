import { createHmac, timingSafeEqual } from "node:crypto";

/** What the session cookie's value is derived from, with the token as the HMAC key. */
const SESSION_LABEL = "arbor browser session v1";

/**
 * The browser's session cookie is named after the port: browsers do not separate cookies by
 * port, so two Arbor servers on one host (or two accounts' servers) must not overwrite each
 * other's cookie.
 */
export function sessionCookieName(port: number): string {
  return `arbor_session_${port}`;
}

/**
 * The cookie's value: HMAC-SHA256(token, fixed label), base64url. Cookies reach every service on
 * the same host name whatever its port, so the raw token is never put in one: a service on
 * another 127.0.0.1 port that receives the cookie cannot turn it into the token.
 */
export function sessionCookieValue(token: string): string {
  return createHmac("sha256", token).update(SESSION_LABEL).digest("base64url");
}

/** The `Set-Cookie` header that signs this browser in: HttpOnly, SameSite=Strict, whole site. */
export function sessionSetCookie(input: { port: number; token: string }): string {
  return `${sessionCookieName(input.port)}=${sessionCookieValue(input.token)}; Path=/; HttpOnly; SameSite=Strict`;
}

/** The value of cookie `name` in a `Cookie` header, or null. */
export function readCookie(header: string | undefined, name: string): string | null {
  for (const part of (header ?? "").split(";")) {
    const separator = part.indexOf("=");
    if (separator !== -1 && part.slice(0, separator).trim() === name) return part.slice(separator + 1).trim();
  }
  return null;
}

/** Compares two secrets in time that does not depend on where they differ. */
export function secretsMatch(presented: string, expected: string): boolean {
  const left = Buffer.from(presented);
  const right = Buffer.from(expected);
  return left.length === right.length && timingSafeEqual(left, right);
}
