import { hostNameOf } from "./host-names.ts";
import { readCookie, secretsMatch, sessionCookieName, sessionCookieValue } from "./session-cookie.ts";

export interface GuardPolicy {
  allowedHosts: readonly string[];
  /** The access token: every request but the hook's needs it (Bearer, or the cookie derived from it). */
  token: string;
}

export interface GuardRequest {
  method: string;
  /** Path plus query, as in `IncomingMessage.url`. */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  isWebSocket: boolean;
  /** The server port the connection arrived on: the session cookie is named after it. */
  localPort: number;
}

/**
 * How a request proved it may reach Arbor: the `Authorization: Bearer` token (API clients),
 * the session cookie (the browser), the sign-in link's `?token=` (answered with the cookie and
 * a redirect), for the hook ingest endpoint only, nothing yet (its route checks the hook token), or
 * nothing at all for the installable app's manifest and icons (PUBLIC_PATHS).
 */
export type GuardAuth = "bearer" | "cookie" | "sign-in-link" | "hook" | "public";

export type GuardRefusal = "host" | "origin" | "unauthenticated" | "wrong-token";

export type GuardVerdict =
  { ok: true; auth: GuardAuth } | { ok: false; status: 401 | 403; refusal: GuardRefusal; message: string };

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const SAFE_READS = new Set(["GET", "HEAD"]);

/**
 * Claude Code's hook posts here from a `curl` with no Origin. It is authenticated by the
 * per-install hook token instead (checked by the endpoint), not the access token; a request
 * that does carry an Origin must still be same-origin, so a web page cannot post here either.
 */
export const HOOK_INGEST_PATH = "/api/hooks/ingest";

/**
 * What a browser fetches without cookies to install Arbor as an app: the manifest (`<link
 * rel="manifest">` is fetched without credentials) and the icons it names. Static files with
 * nothing about the user's repositories in them; only GET and HEAD, exact paths.
 */
export const PUBLIC_PATHS: ReadonlySet<string> = new Set([
  "/manifest.webmanifest",
  "/favicon.svg",
  "/icons/icon-192.png",
  "/icons/icon-512.png",
  "/icons/icon-maskable-512.png",
]);

const SIGN_IN_HELP =
  "Open the link Arbor printed when it started (http://127.0.0.1:<port>/?token=…), or run `npx arbor open` in Arbor's folder, which prints it and opens it; API clients send `Authorization: Bearer <token>` (the token is in <data dir>/access-token).";

/**
 * Decides whether a request may reach Arbor. Arbor runs Claude on the user's machine, so neither
 * another account on this machine nor a web page the user happens to visit may drive it:
 * - another local account: every request needs the access token (as a Bearer header, or as the
 *   browser's session cookie), whatever its Origin, even on loopback (401);
 * - DNS rebinding: every request and upgrade must name an allowed Host (a rebinding page reaches
 *   127.0.0.1 under its own host name, which is not on the list);
 * - CSRF and cross-site WebSocket hijacking: a browser attaches the cookie to requests other pages
 *   make (pages on another port of 127.0.0.1 count as same-site), so cookie-authenticated
 *   state-changing requests and every upgrade must carry an Origin that is this very server, and
 *   a foreign Origin is refused on any request (403). A Bearer header cannot be attached by a page
 *   (Arbor answers no CORS preflight), so Bearer requests need no Origin.
 */
export function checkRequest(request: GuardRequest, policy: GuardPolicy): GuardVerdict {
  const host = single(request.headers.host);
  const hostName = host === undefined ? null : hostNameOf(host);
  if (!hostName || !policy.allowedHosts.includes(hostName)) {
    return deny(
      403,
      "host",
      `Host "${host ?? ""}" is not allowed. Open Arbor at http://127.0.0.1 or http://localhost, or add the name to ARBOR_ALLOWED_HOSTS.`,
    );
  }
  const origin = single(request.headers.origin);
  const isForeignOrigin = origin !== undefined && !isSameOrigin(origin, host!);
  const method = request.method.toUpperCase();
  const url = new URL(request.url, "http://local");
  if (!request.isWebSocket && method === "POST" && url.pathname === HOOK_INGEST_PATH) {
    return isForeignOrigin ? crossOrigin(origin) : { ok: true, auth: "hook" };
  }

  if (!request.isWebSocket && SAFE_READS.has(method) && PUBLIC_PATHS.has(url.pathname) && url.search === "") {
    return isForeignOrigin ? crossOrigin(origin) : { ok: true, auth: "public" };
  }

  const auth = authenticate({ request, policy, url, method });
  if (!auth.ok) return auth;
  if (isForeignOrigin) return crossOrigin(origin);
  const needsOrigin = request.isWebSocket || (auth.auth === "cookie" && !SAFE_METHODS.has(method));
  if (needsOrigin && origin === undefined) {
    return deny(
      403,
      "origin",
      request.isWebSocket
        ? "Missing Origin header: WebSocket connections are only accepted from Arbor's own pages."
        : "Missing Origin header: state-changing requests are only accepted from Arbor's own pages.",
    );
  }
  return auth;
}

function authenticate(input: { request: GuardRequest; policy: GuardPolicy; url: URL; method: string }): GuardVerdict {
  const { request, policy } = input;
  const authorization = single(request.headers.authorization);
  if (authorization !== undefined) {
    const bearer = /^Bearer +(\S+) *$/i.exec(authorization)?.[1];
    if (bearer !== undefined && secretsMatch(bearer, policy.token)) return { ok: true, auth: "bearer" };
    return deny(
      401,
      "wrong-token",
      `The Authorization header does not carry this Arbor's access token. ${SIGN_IN_HELP}`,
    );
  }
  const linkToken = input.url.searchParams.get("token");
  if (linkToken !== null && !request.isWebSocket && (input.method === "GET" || input.method === "HEAD")) {
    if (secretsMatch(linkToken, policy.token)) return { ok: true, auth: "sign-in-link" };
    return deny(401, "wrong-token", `That link's token is not this Arbor's access token. ${SIGN_IN_HELP}`);
  }
  const cookie = readCookie(single(request.headers.cookie), sessionCookieName(request.localPort));
  if (cookie !== null && secretsMatch(cookie, sessionCookieValue(policy.token))) return { ok: true, auth: "cookie" };
  return deny(401, "unauthenticated", `Arbor needs its access token. ${SIGN_IN_HELP}`);
}

function isSameOrigin(origin: string, host: string): boolean {
  try {
    const parsed = new URL(origin);
    return (
      (parsed.protocol === "http:" || parsed.protocol === "https:") &&
      parsed.host.toLowerCase() === host.trim().toLowerCase()
    );
  } catch {
    return false;
  }
}

function crossOrigin(origin: string): GuardVerdict {
  return deny(403, "origin", `Cross-origin request from "${origin}" refused: only Arbor's own pages may use it.`);
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function deny(status: 401 | 403, refusal: GuardRefusal, message: string): GuardVerdict {
  return { ok: false, status, refusal, message };
}
