import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer, type RawData, type WebSocket } from "ws";
import { WS_PROTOCOL } from "@/lib/http/page-key.ts";
import { checkRequest, type GuardAuth, type GuardPolicy } from "@/lib/http/request-guard.ts";
import { repoTopic, sessionTopic, type EventHub } from "@/lib/realtime/event-hub.ts";
import { ALL_HOOKS_TOPIC, hooksTopic } from "@/lib/hook-ingest/hook-topics.ts";
import { clientMessageSchema, type ServerMessage } from "@/lib/realtime/protocol.ts";
import { NOTIFICATIONS_TOPIC } from "@/lib/realtime/event-hub.ts";
import type { RunEventLog } from "@/lib/realtime/run-event-log.ts";
import { watchWorktree, type WatchContext } from "@/lib/changes/worktree-watchers.ts";
import { assertLocalRepo } from "@/lib/team/ownership.ts";

const HEARTBEAT_MS = 30_000;
const MAX_MESSAGE_BYTES = 64 * 1024;
/**
 * Topics one socket may follow. A tab follows a handful (its session, its repository, the hook
 * timeline, notifications); each subscription costs a listener on the event hub, so an
 * authenticated but runaway or hostile client must not grow that without bound.
 */
export const MAX_SUBSCRIPTIONS_PER_SOCKET = 256;
/**
 * Open sockets per client (remote address + how it authenticated): a tab holds one, so 32 leaves
 * room for many tabs and reconnects while keeping one client from exhausting file descriptors
 * and heartbeat work.
 */
export const MAX_SOCKETS_PER_CLIENT = 32;

export interface WsGateway {
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  close(): Promise<void>;
  clientCount(): number;
  /** Closes every socket a signed-out browser still holds. */
  closeBrowser(sessionId: string): void;
}

/**
 * The WebSocket gateway on `/ws` (ws in noServer mode). Upgrades are authenticated inside
 * the upgrade handler with the same guard as HTTP: a page on another origin must not be
 * able to open a socket and watch or drive runs (cross-site WebSocket hijacking).
 */
export function createWsGateway(input: {
  policy: GuardPolicy;
  hub: EventHub;
  runEvents: RunEventLog;
  /** What a `watch` message starts: the context's watches, and what they publish, check and wait for. */
  watch: WatchContext;
}): WsGateway {
  // Arbor's page offers `arbor.v1` beside its page key (see lib/http/page-key.ts): the answer names only
  // `arbor.v1`, so the key is never echoed back.
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_MESSAGE_BYTES,
    handleProtocols: (protocols) => (protocols.has(WS_PROTOCOL) ? WS_PROTOCOL : false),
  });
  const socketsByBrowser = new Map<string, Set<WebSocket>>();
  const alive = new WeakMap<WebSocket, boolean>();
  const socketsPerClient = new Map<string, number>();

  const heartbeat = setInterval(() => {
    for (const client of wss.clients) {
      if (alive.get(client) === false) {
        client.terminate();
        continue;
      }
      alive.set(client, false);
      client.ping();
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();

  wss.on("connection", (socket: WebSocket) => {
    alive.set(socket, true);
    const subscriptions = new Map<string, () => void>();
    const send = (message: ServerMessage) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
    };
    /** False when the socket already follows as many topics as it may (the client is told). */
    const subscribe = (topic: string): boolean => {
      if (subscriptions.has(topic)) return true;
      if (subscriptions.size >= MAX_SUBSCRIPTIONS_PER_SOCKET) {
        send({
          type: "error",
          message: `Subscription refused: a connection may follow at most ${MAX_SUBSCRIPTIONS_PER_SOCKET} topics. Unsubscribe from some first.`,
        });
        return false;
      }
      subscriptions.set(topic, input.hub.subscribe(topic, send));
      return true;
    };
    const unsubscribe = (topic: string) => {
      subscriptions.get(topic)?.();
      subscriptions.delete(topic);
    };
    /** A worktree watch counts as a subscription; it is set up asynchronously (the worktree must be a pinned one). */
    const watch = (target: { repoId: string; worktreePath: string }) => {
      const key = `watch:${target.repoId}:${target.worktreePath}`;
      if (subscriptions.has(key)) return;
      if (subscriptions.size >= MAX_SUBSCRIPTIONS_PER_SOCKET) {
        send({
          type: "error",
          message: `Watch refused: a connection may follow at most ${MAX_SUBSCRIPTIONS_PER_SOCKET} topics.`,
        });
        return;
      }
      let release: (() => void) | null = null;
      let isCancelled = false;
      subscriptions.set(key, () => {
        isCancelled = true;
        release?.();
      });
      // Another instance's repository is refused here, where the request enters, as withLocalRepo does for routes.
      assertLocalRepo(input.watch.db, { repoId: target.repoId })
        .then(() => watchWorktree(input.watch, target))
        .then(
          (stop) => {
            if (isCancelled) stop();
            else release = stop;
          },
          (error: unknown) => {
            if (subscriptions.get(key) && !isCancelled) subscriptions.delete(key);
            send({
              type: "error",
              message: `Cannot watch ${target.worktreePath}: ${error instanceof Error ? error.message : String(error)}`,
            });
          },
        );
    };

    socket.on("error", (error) => console.error("[arbor] websocket error", error.message));
    socket.on("pong", () => alive.set(socket, true));
    socket.on("close", () => {
      for (const stop of subscriptions.values()) stop();
      subscriptions.clear();
    });
    socket.on("message", (data) => {
      let parsed;
      try {
        parsed = clientMessageSchema.safeParse(JSON.parse(rawDataToString(data)));
      } catch {
        parsed = null;
      }
      if (!parsed?.success) {
        send({ type: "error", message: "Unrecognised message: expected one of the protocol's JSON messages." });
        return;
      }
      const message = parsed.data;
      switch (message.type) {
        case "subscribe_session": {
          // Subscribe and replay in the same tick: nothing published in between can be lost.
          if (!subscribe(sessionTopic(message.sessionId))) break;
          for (const event of input.runEvents.eventsAfter(message.sessionId, message.afterSeq)) send(event);
          break;
        }
        case "unsubscribe_session":
          unsubscribe(sessionTopic(message.sessionId));
          break;
        case "subscribe_repo":
          subscribe(repoTopic(message.repoId));
          break;
        case "unsubscribe_repo":
          unsubscribe(repoTopic(message.repoId));
          break;
        case "subscribe_hooks":
          subscribe(message.worktreePath === null ? ALL_HOOKS_TOPIC : hooksTopic(message.worktreePath));
          break;
        case "unsubscribe_hooks":
          unsubscribe(message.worktreePath === null ? ALL_HOOKS_TOPIC : hooksTopic(message.worktreePath));
          break;
        case "subscribe_notifications":
          subscribe(NOTIFICATIONS_TOPIC);
          break;
        case "watch_worktree":
          watch(message);
          break;
        case "unwatch_worktree":
          unsubscribe(`watch:${message.repoId}:${message.worktreePath}`);
          break;
        case "ping":
          send({ type: "pong" });
          break;
      }
    });
    send({ type: "hello", serverTime: new Date().toISOString() });
  });

  function followBrowser(sessionId: string, ws: WebSocket): void {
    const sockets = socketsByBrowser.get(sessionId) ?? new Set<WebSocket>();
    sockets.add(ws);
    socketsByBrowser.set(sessionId, sockets);
    ws.once("close", () => {
      sockets.delete(ws);
      if (sockets.size === 0 && socketsByBrowser.get(sessionId) === sockets) socketsByBrowser.delete(sessionId);
    });
  }

  return {
    handleUpgrade(req, socket, head) {
      const pathname = new URL(req.url ?? "/", "http://local").pathname;
      socket.on("error", () => socket.destroy());
      const verdict = checkRequest(
        {
          method: req.method ?? "GET",
          url: req.url ?? "/",
          headers: req.headers,
          isWebSocket: true,
          localPort: req.socket.localPort ?? 0,
        },
        input.policy,
      );
      if (!verdict.ok) {
        refuseUpgrade(socket, verdict.status, verdict.message);
        return true;
      }
      if (pathname !== "/ws") return false;
      const client = `${req.socket.remoteAddress ?? "?"} ${clientKind(verdict.auth)}`;
      const open = socketsPerClient.get(client) ?? 0;
      if (open >= MAX_SOCKETS_PER_CLIENT) {
        refuseUpgrade(
          socket,
          429,
          `Too many connections: this client already has ${MAX_SOCKETS_PER_CLIENT} open to Arbor. Close some Arbor tabs and reload.`,
        );
        return true;
      }
      // Counted from the upgrade until the TCP connection closes, so parallel upgrades count too.
      socketsPerClient.set(client, open + 1);
      socket.once("close", () => {
        const left = (socketsPerClient.get(client) ?? 1) - 1;
        if (left > 0) socketsPerClient.set(client, left);
        else socketsPerClient.delete(client);
      });
      wss.handleUpgrade(req, socket, head, (ws) => {
        if (verdict.auth.kind === "browser") followBrowser(verdict.auth.browser.id, ws);
        wss.emit("connection", ws, req);
      });
      return true;
    },
    closeBrowser(sessionId) {
      for (const ws of socketsByBrowser.get(sessionId) ?? []) ws.close(4401, "signed out");
      socketsByBrowser.delete(sessionId);
    },
    async close() {
      clearInterval(heartbeat);
      for (const client of wss.clients) client.close(1001, "server shutting down");
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
    clientCount: () => wss.clients.size,
  };
}

/** Sockets are counted per address and per kind of credential (each signed-in browser on its own). */
function clientKind(auth: GuardAuth): string {
  return auth.kind === "browser" ? `browser:${auth.browser.id}` : auth.kind;
}

const STATUS_TEXT: Record<number, string> = { 401: "Unauthorized", 403: "Forbidden", 429: "Too Many Requests" };

/** Answers an upgrade with an HTTP error and closes the connection once the answer is sent. */
function refuseUpgrade(socket: Duplex, status: 401 | 403 | 429, message: string): void {
  socket.once("finish", () => socket.destroy());
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_TEXT[status]}\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\n` +
      `X-Content-Type-Options: nosniff\r\nContent-Length: ${Buffer.byteLength(message)}\r\n\r\n${message}`,
  );
}

/** A WebSocket message's bytes as text (ws hands over a Buffer, an ArrayBuffer or fragments). */
function rawDataToString(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString("utf8");
  return Buffer.from(data instanceof ArrayBuffer ? new Uint8Array(data) : data).toString("utf8");
}
