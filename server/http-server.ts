import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import type { BrowserSessions } from "@/lib/access/browser-sessions.ts";
import type { SignInCodes } from "@/lib/access/sign-in-codes.ts";
import { describeBrowser } from "@/lib/access/session-label.ts";
import { ACTOR_HEADER, encodeActor } from "@/lib/http/actor.ts";
import { checkRequest, type GuardAuth, type GuardPolicy, type GuardVerdict } from "@/lib/http/request-guard.ts";
import { createNonce, securityHeaders } from "@/lib/http/security-headers.ts";
import { sessionSetCookie } from "@/lib/http/session-cookie.ts";
import { pathAfterSignIn } from "@/lib/http/sign-in-redirect.ts";
import { renderSignedInPage, renderSignInPage } from "./sign-in-page.ts";

type RequestHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void> | void;
type UpgradeHandler = (req: IncomingMessage, socket: Duplex, head: Buffer) => void;

/**
 * The single HTTP server. Every response gets the security headers (a CSP with a fresh nonce);
 * every request passes the guard (Host allow-list, access token, same-origin Origin) before Next
 * or the hook endpoint sees it. The sign-in link and refusals are answered here.
 */
export function createArborHttpServer(input: {
  policy: GuardPolicy;
  sessions: BrowserSessions;
  signInCodes: SignInCodes;
  isDev: boolean;
  handleRequest: RequestHandler;
  handleUpgrade: UpgradeHandler;
}): Server {
  const server = createServer((req, res) => {
    const localPort = req.socket.localPort ?? 0;
    const verdict = checkRequest(
      { method: req.method ?? "GET", url: req.url ?? "/", headers: req.headers, isWebSocket: false, localPort },
      input.policy,
    );
    const nonce = createNonce();
    const isHostAllowed = verdict.ok || verdict.refusal !== "host";
    const headers = securityHeaders({
      nonce,
      isDev: input.isDev,
      webSocketHost: isHostAllowed ? (req.headers.host ?? "").trim().toLowerCase() : null,
    });
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    if (!verdict.ok) {
      refuse({ req, res, verdict, nonce });
      return;
    }
    if (verdict.auth.kind === "sign-in-link") {
      void signIn({ req, res, nonce, code: verdict.auth.code, localPort, input }).catch((error: unknown) => {
        console.error("[arbor] sign-in failed", error);
        if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
        res.end("Arbor could not sign this browser in. Try the link again; the terminal Arbor runs in says why.");
      });
      return;
    }
    // Who the request acts for is the server's to say: a client's own copy of the header is dropped.
    delete req.headers[ACTOR_HEADER];
    const actor = actorOf(verdict.auth);
    if (actor) req.headers[ACTOR_HEADER] = actor;
    if (verdict.auth.kind === "browser") input.sessions.noteSeen(verdict.auth.browser.id);
    // Next puts the nonce on its own scripts when the request carries the CSP
    // (next/dist/server/app-render/get-script-nonce-from-header.js); whatever a client sent is replaced.
    req.headers["content-security-policy"] = headers["content-security-policy"];
    delete req.headers["content-security-policy-report-only"];
    Promise.resolve(input.handleRequest(req, res)).catch((error: unknown) => {
      console.error("[arbor] request failed", error);
      if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { code: "internal", message: "Something went wrong inside Arbor." } }));
    });
  });
  server.on("upgrade", (req, socket, head) => input.handleUpgrade(req, socket, head));
  server.on("clientError", (_error, socket) => {
    if (socket.writable) socket.end("HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n");
  });
  return server;
}

/** The actor header for an authenticated request (see lib/http/actor.ts). */
function actorOf(auth: GuardAuth): string | null {
  if (auth.kind === "browser" || auth.kind === "browser-page")
    return encodeActor({ kind: "browser", sessionId: auth.browser.id, label: auth.browser.label });
  if (auth.kind === "api-client") return encodeActor({ kind: "api-client" });
  return null;
}

/**
 * A one-time sign-in link: the code is used up, a session is made for this browser, and a page sets the
 * session cookie and puts the page key in this origin's localStorage (never in a cookie, so a service on
 * another port, which receives Arbor's cookies, never sees it), then moves on to the same path without
 * the code. The page's own navigation is same-origin, so the SameSite=Strict cookie goes with it even
 * when the link was opened from another site or a local file.
 */
async function signIn(params: {
  req: IncomingMessage;
  res: ServerResponse;
  nonce: string;
  code: string;
  localPort: number;
  input: { sessions: BrowserSessions; signInCodes: SignInCodes };
}): Promise<void> {
  const { req, res, nonce } = params;
  res.setHeader("cache-control", "no-store");
  if (!params.input.signInCodes.redeem(params.code)) {
    res.writeHead(401, { "content-type": "text/html; charset=utf-8" });
    res.end(renderSignInPage({ nonce, reason: "used-link", continuePath: null }));
    return;
  }
  const { cookie, pageKey } = await params.input.sessions.create({ label: describeBrowser(req.headers["user-agent"]) });
  res.setHeader("set-cookie", sessionSetCookie({ port: params.localPort, value: cookie }));
  res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
  res.end(renderSignedInPage({ nonce, path: pathAfterSignIn(req.url ?? "/"), pageKey }));
}

/** A refused request: the how-to-get-in page for a browser opening a page, JSON for everything else. */
function refuse(input: {
  req: IncomingMessage;
  res: ServerResponse;
  verdict: Extract<GuardVerdict, { ok: false }>;
  nonce: string;
}): void {
  const { req, res, verdict } = input;
  const method = req.method ?? "GET";
  const pathname = new URL(req.url ?? "/", "http://local").pathname;
  const isPage = (method === "GET" || method === "HEAD") && !/^\/(api|_next)\//.test(pathname);
  res.setHeader("cache-control", "no-store");
  if (
    (verdict.refusal === "unauthenticated" || verdict.refusal === "wrong-token" || verdict.refusal === "token-link") &&
    isPage
  ) {
    const isFromAnotherSite = req.headers["sec-fetch-site"] === "cross-site";
    res.writeHead(401, { "content-type": "text/html; charset=utf-8" });
    res.end(
      renderSignInPage({
        nonce: input.nonce,
        reason: verdict.refusal,
        continuePath:
          isFromAnotherSite && verdict.refusal === "unauthenticated" ? pathAfterSignIn(req.url ?? "/") : null,
      }),
    );
    return;
  }
  res.writeHead(verdict.status, { "content-type": "application/json" });
  res.end(
    JSON.stringify({
      error: {
        code: verdict.status === 401 ? "unauthorized" : "forbidden",
        message: verdict.message,
        details: { refusal: verdict.refusal },
      },
    }),
  );
}
