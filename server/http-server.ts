import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import { checkRequest, TOKEN_COOKIE, type GuardPolicy } from "@/lib/http/request-guard.ts";

type RequestHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void> | void;
type UpgradeHandler = (req: IncomingMessage, socket: Duplex, head: Buffer) => void;

/**
 * The single HTTP server: every request passes the guard (Host allow-list, same-origin
 * Origin for state changes, access token when configured) before Next sees it.
 */
export function createArborHttpServer(input: {
  policy: GuardPolicy;
  handleRequest: RequestHandler;
  handleUpgrade: UpgradeHandler;
}): Server {
  const server = createServer((req, res) => {
    const verdict = checkRequest(
      { method: req.method ?? "GET", url: req.url ?? "/", headers: req.headers, isWebSocket: false },
      input.policy,
    );
    if (!verdict.ok) {
      res.writeHead(verdict.status, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          error: { code: verdict.status === 401 ? "unauthorized" : "forbidden", message: verdict.message },
        }),
      );
      return;
    }
    if (verdict.setTokenCookie && input.policy.token) {
      const url = new URL(req.url ?? "/", "http://local");
      url.searchParams.delete("token");
      res.writeHead(303, {
        location: `${url.pathname}${url.search}`,
        "set-cookie": `${TOKEN_COOKIE}=${encodeURIComponent(input.policy.token)}; Path=/; HttpOnly; SameSite=Strict`,
      });
      res.end();
      return;
    }
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
