import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import { checkRequest, type GuardPolicy, type GuardVerdict } from "@/lib/http/request-guard.ts";
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
    if (verdict.auth === "sign-in-link") {
      signIn({ req, res, nonce, setCookie: sessionSetCookie({ port: localPort, token: input.policy.token }) });
      return;
    }
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

/**
 * The sign-in link: set the session cookie and drop the token from the address bar (303 to the
 * same path on Arbor). When another site or a local file opened the link, the browser would
 * withhold the new SameSite=Strict cookie on that redirect, so a page continues instead.
 */
function signIn(input: { req: IncomingMessage; res: ServerResponse; nonce: string; setCookie: string }): void {
  const path = pathAfterSignIn(input.req.url ?? "/");
  input.res.setHeader("set-cookie", input.setCookie);
  input.res.setHeader("cache-control", "no-store");
  if (input.req.headers["sec-fetch-site"] === "cross-site") {
    input.res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    input.res.end(renderSignedInPage({ nonce: input.nonce, path }));
    return;
  }
  input.res.writeHead(303, { location: path });
  input.res.end();
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
  if ((verdict.refusal === "unauthenticated" || verdict.refusal === "wrong-token") && isPage) {
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
      error: { code: verdict.status === 401 ? "unauthorized" : "forbidden", message: verdict.message },
    }),
  );
}
