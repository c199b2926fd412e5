// Exhaustion through the WebSocket gateway: a client that opens socket after socket, or
// subscribes to topic after topic, must not grow the server's listeners and file descriptors
// without bound.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { MAX_SOCKETS_PER_CLIENT, MAX_SUBSCRIPTIONS_PER_SOCKET } from "@/server/ws-gateway.ts";
import { removeDataDir, startArbor } from "@/tests/support/start-arbor.ts";
import { useArbor } from "@/tests/support/use-arbor.ts";
import { connectWs, tryUpgrade } from "@/tests/support/ws-client.ts";

const server = useArbor();

describe("WebSocket limits", () => {
  it(`the socket after ${MAX_SOCKETS_PER_CLIENT} open ones from one client is refused with 429; closing one frees a place`, async () => {
    expect(MAX_SOCKETS_PER_CLIENT).toBe(32);
    // A server of its own: the sockets this test fills it with close asynchronously.
    const own = await startArbor();
    try {
      const authorized = { origin: own.url, authorization: `Bearer ${own.token}` };
      const sockets = [];
      for (let index = 0; index < MAX_SOCKETS_PER_CLIENT; index += 1) sockets.push(await connectWs(own));
      expect(await tryUpgrade({ url: own.url, headers: authorized })).toBe(429);
      sockets.pop()!.close();
      // The place is free once the server saw that connection close.
      await expect.poll(() => tryUpgrade({ url: own.url, headers: authorized }), { timeout: 10_000 }).toBe(101);
      for (const socket of sockets) socket.close();
    } finally {
      await own.stop();
      removeDataDir(own.dataDir);
    }
  });

  it(`the subscription after ${MAX_SUBSCRIPTIONS_PER_SOCKET} on one socket is answered with an error and ignored`, async () => {
    expect(MAX_SUBSCRIPTIONS_PER_SOCKET).toBe(256);
    const ws = await connectWs(server.arbor);
    const repoIds = Array.from({ length: MAX_SUBSCRIPTIONS_PER_SOCKET + 1 }, () => randomUUID());
    for (const repoId of repoIds.slice(0, -1)) ws.send({ type: "subscribe_repo", repoId });
    // Re-subscribing to a topic the socket already follows costs nothing and is accepted.
    ws.send({ type: "subscribe_repo", repoId: repoIds[0] });
    ws.send({ type: "ping" });
    await ws.waitFor((message) => message.type === "pong");
    expect(ws.messages.filter((message) => message.type === "error")).toEqual([]);

    ws.send({ type: "subscribe_repo", repoId: repoIds.at(-1) });
    const refused = await ws.waitFor((message) => message.type === "error");
    expect(refused).toMatchObject({ message: expect.stringMatching(/at most 256 topics/) as unknown });

    // After an unsubscribe there is room again.
    ws.send({ type: "unsubscribe_repo", repoId: repoIds[1] });
    ws.send({ type: "subscribe_repo", repoId: repoIds.at(-1) });
    ws.send({ type: "ping" });
    const pongs = () => ws.messages.filter((message) => message.type === "pong").length;
    await ws.waitFor((message) => message.type === "pong" && pongs() === 2);
    expect(ws.messages.filter((message) => message.type === "error")).toHaveLength(1);
    ws.close();
  });
});
