import { hostNameOf } from "./host-names.ts";
import { PAGE_KEY_HEADER, WS_PAGE_KEY_PREFIX } from "./page-key.ts";
import { hashSecret, secretsMatch } from "./secrets.ts";
import { readCookie, sessionCookieName } from "./session-cookie.ts";

/** A browser that signed in with a one-time link, as the guard needs it (hashes only). */
export interface GuardBrowser {
  id: string;
  label: string;
  pageKeyHash: string;
}

export interface GuardPolicy {
  allowedHosts: readonly string[];
  /** The access token: it authenticates API clients, which may read but change nothing. */
  token: string;
  /** The signed-in browser a session cookie belongs to, or null. */
  findBrowser(cookie: string): GuardBrowser | null;
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
 * How a request proved who it is:
 * - `browser`: session cookie AND page key; the only one that may change anything.
 * - `browser-page`: the cookie alone, for an HTML page or a build file.
 * - `api-client`: the access token (`Bearer`); reads only (docs/decisions/0001-human-powers-need-a-signed-in-page.md).
 * - `sign-in-link`: a one-time `?signin=` code; `hook`: the ingest route (checks the hook token);
 *   `public`: the manifest and icons.
 */
export type GuardAuth =
  | { kind: "browser"; browser: GuardBrowser }
  | { kind: "browser-page"; browser: GuardBrowser }
  | { kind: "api-client" }
  | { kind: "sign-in-link"; code: string }
  | { kind: "hook" }
  | { kind: "public" };

export type GuardRefusal =
  "host" | "origin" | "unauthenticated" | "wrong-token" | "token-link" | "page-key" | "read-only";

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

/** What an API client may ask for although it changes something: a new sign-in link, printed on Arbor's terminal. */
export const API_CLIENT_WRITES: ReadonlySet<string> = new Set(["POST /api/sign-in/requests"]);

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
  "Open the sign-in link Arbor printed when it started (http://127.0.0.1:<port>/?signin=…, good once), run `npx arbor open` in Arbor's folder (Arbor then prints a new link in the terminal where it runs), or use Settings → Sign in another device in a browser that is signed in. API clients send `Authorization: Bearer <token>` (the token in <data dir>/access-token), which only reads.";

/**
 * Decides whether a request may reach Arbor, which runs Claude on this machine:
 * - another local account: every request needs a credential, even on loopback (401);
 * - DNS rebinding: an allowed Host; CSRF / WebSocket hijacking: cookie writes and upgrades need
 *   this server's Origin, and a foreign Origin is always refused;
 * - another port of this host gets Arbor's cookie too, so APIs and sockets also need the page key
 *   (localStorage is per port); the agent can read the access token, which only reads.
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
    return isForeignOrigin ? crossOrigin(origin) : { ok: true, auth: { kind: "hook" } };
  }
  if (!request.isWebSocket && SAFE_READS.has(method) && PUBLIC_PATHS.has(url.pathname) && url.search === "") {
    return isForeignOrigin ? crossOrigin(origin) : { ok: true, auth: { kind: "public" } };
  }

  const verdict = authenticate({ request, policy, url, method });
  if (!verdict.ok) return verdict;
  if (isForeignOrigin) return crossOrigin(origin);
  const { auth } = verdict;
  const isChange = !SAFE_METHODS.has(method);
  if (auth.kind === "api-client" && isChange && !API_CLIENT_WRITES.has(`${method} ${url.pathname}`)) {
    return deny(
      403,
      "read-only",
      "The access token only reads: changing anything needs Arbor's page in a signed-in browser, because any program Arbor starts could read the token. Do it in Arbor's page.",
    );
  }
  const isBrowser = auth.kind === "browser" || auth.kind === "browser-page";
  if ((request.isWebSocket || (isBrowser && isChange)) && origin === undefined) {
    return deny(
      403,
      "origin",
      request.isWebSocket
        ? "Missing Origin header: WebSocket connections are only accepted from Arbor's own pages."
        : "Missing Origin header: state-changing requests are only accepted from Arbor's own pages.",
    );
  }
  return verdict;
}

function authenticate(input: { request: GuardRequest; policy: GuardPolicy; url: URL; method: string }): GuardVerdict {
  const { request, policy, url, method } = input;
  const authorization = single(request.headers.authorization);
  if (authorization !== undefined) {
    const bearer = /^Bearer +(\S+) *$/i.exec(authorization)?.[1];
    if (bearer !== undefined && secretsMatch(bearer, policy.token)) return { ok: true, auth: { kind: "api-client" } };
    return deny(
      401,
      "wrong-token",
      `The Authorization header does not carry this Arbor's access token (it is in <data dir>/access-token). ${SIGN_IN_HELP}`,
    );
  }
  const isPageRequest = !request.isWebSocket && SAFE_READS.has(method) && !isApiPath(url.pathname);
  const code = url.searchParams.get("signin");
  if (code !== null && isPageRequest) return { ok: true, auth: { kind: "sign-in-link", code } };
  if (url.searchParams.has("token") && isPageRequest) {
    return deny(
      401,
      "token-link",
      `Links with ?token= no longer sign a browser in: a program Arbor starts could read the token. ${SIGN_IN_HELP}`,
    );
  }
  const cookie = readCookie(single(request.headers.cookie), sessionCookieName(request.localPort));
  const browser = cookie === null ? null : policy.findBrowser(cookie);
  if (!browser) return deny(401, "unauthenticated", `Arbor needs a signed-in browser. ${SIGN_IN_HELP}`);
  if (isPageRequest) return { ok: true, auth: { kind: "browser-page", browser } };
  const pageKey = request.isWebSocket
    ? pageKeyFromProtocols(request.headers)
    : single(request.headers[PAGE_KEY_HEADER]);
  if (pageKey === undefined || !secretsMatch(hashSecret(pageKey), browser.pageKeyHash)) {
    return deny(
      401,
      "page-key",
      pageKey === undefined
        ? "This request carries Arbor's session cookie but not the page key only Arbor's own page holds, so it is refused (a cookie reaches every port of this host). Reload Arbor's page; if this persists, sign in again."
        : "The page key does not belong to this browser's sign-in. Reload Arbor's page; if this persists, sign in again.",
    );
  }
  return { ok: true, auth: { kind: "browser", browser } };
}

/** The page key a WebSocket offered among its subprotocols (`arbor.page-key.<key>`). */
function pageKeyFromProtocols(headers: GuardRequest["headers"]): string | undefined {
  const offered = single(headers["sec-websocket-protocol"]) ?? "";
  for (const protocol of offered.split(",")) {
    const trimmed = protocol.trim();
    if (trimmed.startsWith(WS_PAGE_KEY_PREFIX)) return trimmed.slice(WS_PAGE_KEY_PREFIX.length);
  }
  return undefined;
}

function isApiPath(pathname: string): boolean {
  return pathname === "/api" || pathname.startsWith("/api/");
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
