import { timingSafeEqual } from "node:crypto";
import { hostNameOf } from "./host-names.ts";

export const TOKEN_COOKIE = "arbor_token";

export interface GuardPolicy {
  allowedHosts: readonly string[];
  token: string | null;
}

export interface GuardRequest {
  method: string;
  /** Path plus query, as in `IncomingMessage.url`. */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  isWebSocket: boolean;
}

export type GuardVerdict = { ok: true; setTokenCookie: boolean } | { ok: false; status: 401 | 403; message: string };

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Claude Code's hook posts here from a `curl` with no Origin. It is authenticated by the
 * per-install hook token instead (checked by the route); a request that does carry an Origin
 * must still be same-origin, so a web page cannot post here either.
 */
export const HOOK_INGEST_PATH = "/api/hooks/ingest";

/**
 * Decides whether a request may reach Arbor. Arbor runs Claude on the user's machine, so a
 * web page the user happens to visit must not be able to drive it:
 * - DNS rebinding: every request and upgrade must name an allowed Host (a rebinding page
 *   reaches 127.0.0.1 under its own host name, which is not on the list);
 * - CSRF and cross-site WebSocket hijacking: state-changing requests and every upgrade must
 *   carry an Origin that is this very server (a missing Origin is refused too);
 * - exposure beyond loopback: when a token is configured, every request must present it.
 */
export function checkRequest(request: GuardRequest, policy: GuardPolicy): GuardVerdict {
  const host = single(request.headers.host);
  if (!host || !policy.allowedHosts.includes(hostNameOf(host))) {
    return deny(
      403,
      `Host "${host ?? ""}" is not allowed. Open Arbor at http://127.0.0.1 or http://localhost, or add the name to ARBOR_ALLOWED_HOSTS.`,
    );
  }
  const needsOrigin = request.isWebSocket || !SAFE_METHODS.has(request.method.toUpperCase());
  if (needsOrigin) {
    const origin = single(request.headers.origin);
    const isHookIngest = !request.isWebSocket && new URL(request.url, "http://local").pathname === HOOK_INGEST_PATH;
    if (!origin && isHookIngest) return checkToken(request, policy);
    if (!origin)
      return deny(403, "Missing Origin header: state-changing requests are only accepted from Arbor's own pages.");
    if (!isSameOrigin(origin, host)) {
      return deny(403, `Cross-origin request from "${origin}" refused: only Arbor's own pages may change state.`);
    }
  }
  return checkToken(request, policy);
}

function checkToken(request: GuardRequest, policy: GuardPolicy): GuardVerdict {
  if (!policy.token) return { ok: true, setTokenCookie: false };
  const presented = readPresentedToken(request);
  if (presented.value !== null && safeEqual(presented.value, policy.token)) {
    return { ok: true, setTokenCookie: presented.source === "query" };
  }
  return deny(
    401,
    "This Arbor server requires its access token. Open the link printed at start-up (it ends in ?token=…).",
  );
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

function readPresentedToken(request: GuardRequest): {
  value: string | null;
  source: "header" | "cookie" | "query" | null;
} {
  const auth = single(request.headers.authorization);
  if (auth?.startsWith("Bearer ")) return { value: auth.slice(7).trim(), source: "header" };
  const cookie = single(request.headers.cookie);
  const fromCookie = cookie
    ?.split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${TOKEN_COOKIE}=`));
  if (fromCookie) return { value: decodeURIComponent(fromCookie.slice(TOKEN_COOKIE.length + 1)), source: "cookie" };
  const query = new URL(request.url, "http://local").searchParams.get("token");
  if (query) return { value: query, source: "query" };
  return { value: null, source: null };
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function deny(status: 401 | 403, message: string): GuardVerdict {
  return { ok: false, status, message };
}
