import WebSocket from "ws";
import type { ServerMessage } from "@/lib/realtime/protocol.ts";
import type { ArborAddress } from "./start-arbor.ts";

/**
 * A WebSocket client (the access token as `Authorization: Bearer`, Arbor's own Origin) that records
 * every server message, can wait for one, and tells listeners as they arrive.
 */
export async function connectWs(arbor: ArborAddress) {
  const wsUrl = `${arbor.url.replace(/^http/, "ws")}/ws`;
  const socket = new WebSocket(wsUrl, { headers: { origin: arbor.url, authorization: `Bearer ${arbor.token}` } });
  const messages: ServerMessage[] = [];
  const waiters: Array<{ predicate: (message: ServerMessage) => boolean; resolve: (message: ServerMessage) => void }> =
    [];
  const listeners: Array<(message: ServerMessage) => void> = [];
  socket.on("message", (data) => {
    const message = JSON.parse(readText(data)) as ServerMessage;
    messages.push(message);
    for (const listener of listeners) listener(message);
    for (const waiter of [...waiters]) {
      if (waiter.predicate(message)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(message);
      }
    }
  });
  await new Promise<void>((resolve, reject) => {
    socket.once("open", () => resolve());
    socket.once("error", reject);
  });
  return {
    socket,
    messages,
    send: (message: unknown) => socket.send(JSON.stringify(message)),
    /** Calls `listener` with each message from now on, as it arrives (the benchmarks time relays this way). */
    onMessage: (listener: (message: ServerMessage) => void) => void listeners.push(listener),
    waitFor(predicate: (message: ServerMessage) => boolean): Promise<ServerMessage> {
      const found = messages.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve) => waiters.push({ predicate, resolve }));
    },
    close: () => socket.close(),
  };
}

/** A client subscribed to a repository's topic and one of its conversations, once both are in place. */
export async function connectSessionWs(arbor: ArborAddress, input: { repoId: string; sessionId: string }) {
  const ws = await connectWs(arbor);
  ws.send({ type: "subscribe_repo", repoId: input.repoId });
  ws.send({ type: "subscribe_session", sessionId: input.sessionId });
  // Messages of one socket are handled in order: the pong says both subscriptions are in place.
  ws.send({ type: "ping" });
  await ws.waitFor((message) => message.type === "pong");
  return ws;
}

/**
 * A client subscribed to a repository's topic, returned once the subscription is in place (messages
 * are handled in order: the pong after the subscribe comes back after it took effect).
 */
export async function connectRepoWs(arbor: ArborAddress, repoId: string) {
  const ws = await connectWs(arbor);
  ws.send({ type: "subscribe_repo", repoId });
  ws.send({ type: "ping" });
  await ws.waitFor((message) => message.type === "pong");
  return ws;
}

function readText(data: WebSocket.RawData): string {
  if (Buffer.isBuffer(data)) return data.toString("utf8");
  if (Array.isArray(data)) return Buffer.concat(data).toString("utf8");
  return Buffer.from(data).toString("utf8");
}

/** Resolves with the HTTP status of a refused upgrade (or 101 when it was accepted). */
export function tryUpgrade(input: {
  url: string;
  headers: Record<string, string>;
  /** Subprotocols to offer, as Arbor's page does (`arbor.v1` and `arbor.page-key.<key>`). */
  protocols?: string[];
}): Promise<number> {
  return new Promise((resolve) => {
    const socket = new WebSocket(`${input.url.replace(/^http/, "ws")}/ws`, input.protocols ?? [], {
      headers: input.headers,
    });
    socket.on("unexpected-response", (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.on("open", () => {
      resolve(101);
      socket.close();
    });
    // A refused upgrade also emits "error" after "unexpected-response"; the status is the result.
    socket.on("error", () => resolve(0));
  });
}
