import { afterEach, describe, expect, it } from "vitest";
import { startLocalHttpServer } from "@/tests/support/local-http-server.ts";
import { ApiError, fetchJson } from "./fetch-json.ts";

const closers: Array<() => Promise<void>> = [];
afterEach(() => Promise.all(closers.splice(0).map((close) => close())));

describe("fetchJson", () => {
  it("hangs up a read whose signal fires, so it no longer holds a connection", async () => {
    let arrive!: () => void;
    let hangUp!: () => void;
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    const hungUp = new Promise<void>((resolve) => (hangUp = resolve));
    // The server never answers: only the client hanging up ends the request.
    const server = await startLocalHttpServer((request) => {
      request.socket.on("close", hangUp);
      arrive();
    });
    closers.push(server.close);
    const controller = new AbortController();
    const read = fetchJson(server.url("/api/x"), { signal: controller.signal });
    await arrived;
    controller.abort();
    await expect(read).rejects.toMatchObject({ name: "AbortError" });
    await hungUp;
  });

  it("turns Arbor's error body into an ApiError with its code and message", async () => {
    const server = await startLocalHttpServer((_request, response) => {
      response.writeHead(422, { "content-type": "application/json" });
      response.end(JSON.stringify({ error: { code: "invalid_input", message: "The name is empty." } }));
    });
    closers.push(server.close);
    const error = await fetchJson(server.url("/api/x")).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, code: "invalid_input", message: "The name is empty." });
  });
});
