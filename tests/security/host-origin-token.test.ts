import { existsSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { PinsBody } from "@/tests/support/api-types.ts";
import { callApi } from "@/tests/support/call-api.ts";
import { removeDataDir, repoRoot, startArbor } from "@/tests/support/start-arbor.ts";
import { useArbor } from "@/tests/support/use-arbor.ts";
import { rawRequest } from "@/tests/support/raw-request.ts";
import { PAGE_KEY_HEADER, WS_PAGE_KEY_PREFIX, WS_PROTOCOL } from "@/lib/http/page-key.ts";
import { tryUpgrade } from "@/tests/support/ws-client.ts";

const server = useArbor();

/**
 * A request with exactly these headers (the test forges Host and Origin), plus a signed-in browser's cookie
 * and page key (what Arbor's page sends), or the access token.
 */
const forge = async (
  route: string,
  init: { method?: string; headers: Record<string, string>; body?: string; auth?: "browser" | "bearer" },
) => {
  const auth: Record<string, string> =
    init.auth === "bearer"
      ? { authorization: `Bearer ${server.arbor.token}` }
      : { cookie: server.arbor.browser.cookie, [PAGE_KEY_HEADER]: server.arbor.browser.pageKey };
  const response = await rawRequest({
    url: server.arbor.url,
    path: route,
    method: init.method,
    headers: { ...auth, ...init.headers },
    body: init.body,
  });
  return { status: response.status, headers: response.headers, json: () => JSON.parse(response.text) as unknown };
};

describe("Host and Origin checks (DNS rebinding, CSRF, cross-site WebSocket hijacking)", () => {
  it("refuses a foreign Host on reads and writes, including a rebinding name for 127.0.0.1, even with the token", async () => {
    for (const host of [
      "evil.example",
      `evil.example:${server.arbor.port}`,
      `127.0.0.1.nip.io:${server.arbor.port}`,
      `localtest.me:${server.arbor.port}`,
      `127.0.0.1:${server.arbor.port}, evil.example`,
    ]) {
      for (const auth of ["browser", "bearer"] as const) {
        const write = await forge("/api/repo-pins", {
          method: "POST",
          auth,
          headers: { host, origin: `http://${host}`, "content-type": "application/json" },
          body: JSON.stringify({ path: repoRoot }),
        });
        expect(write.status, host).toBe(403);
        const read = await forge("/api/repo-pins", { auth, headers: { host } });
        expect(read.status, host).toBe(403);
        expect((read.json() as { error: { message: string } }).error.message).toMatch(/not allowed/);
      }
    }
  });

  it("refuses cross-origin and Origin-less state changes carrying the browser's cookie (CSRF) with 403", async () => {
    const body = JSON.stringify({ path: repoRoot });
    const json = { "content-type": "application/json" };
    const post = (headers: Record<string, string>, route = "/api/repo-pins", payload = body) =>
      forge(route, { method: "POST", headers, body: payload });
    expect((await post({ ...json, origin: "http://evil.example" })).status).toBe(403);
    // A page on another port of 127.0.0.1 is same-site: the browser sends the cookie there too.
    expect((await post({ ...json, origin: `http://127.0.0.1:${server.arbor.port + 1}` })).status).toBe(403);
    expect((await post(json)).status).toBe(403);
    const form = { "content-type": "application/x-www-form-urlencoded" };
    expect(
      (await post({ ...form, origin: "http://evil.example" }, "/api/chat/send", "sessionId=x&userMessage=rm")).status,
    ).toBe(403);
    expect(
      (await post({ ...form, origin: server.arbor.url }, "/api/chat/send", "sessionId=x&userMessage=rm")).status,
    ).toBe(415);
    expect((await post({ ...json, origin: server.arbor.url }, "/api/repo-pins", "{}")).status).toBe(422);
  });

  it("accepts WebSocket upgrades only from Arbor's own origin on an allowed host, with the page key or the token", async () => {
    const { cookie, pageKey } = server.arbor.browser;
    const protocols = [WS_PROTOCOL, `${WS_PAGE_KEY_PREFIX}${pageKey}`];
    expect(await tryUpgrade({ url: server.arbor.url, headers: { origin: server.arbor.url, cookie }, protocols })).toBe(
      101,
    );
    // The cookie alone, as a service on another port receives it, opens no socket.
    expect(await tryUpgrade({ url: server.arbor.url, headers: { origin: server.arbor.url, cookie } })).toBe(401);
    expect(
      await tryUpgrade({
        url: server.arbor.url,
        headers: { origin: server.arbor.url, authorization: `Bearer ${server.arbor.token}` },
      }),
    ).toBe(101);
    expect(
      await tryUpgrade({ url: server.arbor.url, headers: { origin: "http://evil.example", cookie }, protocols }),
    ).toBe(403);
    expect(await tryUpgrade({ url: server.arbor.url, headers: { cookie }, protocols })).toBe(403);
    expect(
      await tryUpgrade({ url: server.arbor.url, headers: { authorization: `Bearer ${server.arbor.token}` } }),
    ).toBe(403);
    expect(
      await tryUpgrade({
        url: server.arbor.url,
        headers: { origin: server.arbor.url, cookie, host: "evil.example" },
        protocols,
      }),
    ).toBe(403);
  });

  it("sends no CORS headers", async () => {
    const response = await forge("/api/repo-pins", { headers: { origin: "http://evil.example" } });
    expect(response.status).toBe(403);
    expect(response.headers["access-control-allow-origin"]).toBeUndefined();
  });
});

describe("access token and bind address", () => {
  it("on a non-loopback bind, every request still needs the token", async () => {
    const exposed = await startArbor({ args: ["--host", "0.0.0.0"] });
    try {
      expect((await rawRequest({ url: exposed.url, path: "/api/repo-pins" })).status).toBe(401);
      expect((await rawRequest({ url: exposed.url, path: "/api/repo-pins", token: exposed.token })).status).toBe(200);
      expect(exposed.signInUrl).toMatch(
        new RegExp(`^http://127\\.0\\.0\\.1:${exposed.port}/\\?signin=[A-Za-z0-9_-]{43}$`),
      );
      expect(exposed.signInUrl).not.toContain(exposed.token);
    } finally {
      await exposed.stop();
      removeDataDir(exposed.dataDir);
    }
  });

  it("ARBOR_TOKEN replaces the data directory's token; an invalid one stops the start with a clear message", async () => {
    const token = "test-token-0123456789abcdef";
    const chosen = await startArbor({ env: { ARBOR_TOKEN: token } });
    try {
      expect(chosen.token).toBe(token);
      expect((await rawRequest({ url: chosen.url, path: "/api/repo-pins", token })).status).toBe(200);
      expect(existsSync(path.join(chosen.dataDir, "access-token"))).toBe(false);
    } finally {
      await chosen.stop();
      removeDataDir(chosen.dataDir);
    }
    await expect(startArbor({ env: { ARBOR_TOKEN: "too-short" } })).rejects.toThrow(
      /ARBOR_TOKEN must be at least 16 characters/,
    );
  });
});

describe("start-up checks", () => {
  it("says clearly that git is missing from PATH and does not start", async () => {
    const emptyBin = mkdtempSync(path.join(os.tmpdir(), "arbor-nogit-"));
    await expect(startArbor({ env: { PATH: emptyBin } })).rejects.toThrow(/git was not found on PATH/);
  });

  it("rejects an invalid port with a message naming the setting", async () => {
    await expect(startArbor({ env: { ARBOR_PORT: "not-a-port" }, port: null })).rejects.toThrow(/ARBOR_PORT|port/i);
  });

  it("applies migrations on a fresh data directory and keeps data across restarts", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "arbor-restart-"));
    const first = await startArbor({ dataDir });
    expect(first.output()).toMatch(/applied migrations/);
    const pinned = await callApi(first, "/api/repo-pins", { body: { path: repoRoot, label: "persisted" } });
    expect(pinned.status).toBeLessThan(300);
    expect(await first.stop()).toBe(0);
    const second = await startArbor({ dataDir });
    expect(second.output()).not.toMatch(/applied migrations/);
    // The same data directory keeps its access token (API clients keep working) and its signed-in browsers.
    expect(second.token).toBe(first.token);
    // The browser signed in before the restart is still in (as when Arbor comes back on its usual port).
    const cookie = first.browser.cookie.replace(/^arbor_session_\d+=/, `arbor_session_${second.port}=`);
    const sameBrowser = { ...second, browser: { ...first.browser, cookie } };
    expect((await callApi(sameBrowser, "/api/settings", { method: "PUT", body: { model: "sonnet" } })).status).toBe(
      200,
    );
    const pins = (await callApi<PinsBody>(second, "/api/repo-pins")).body.pins;
    expect(pins.map((p) => p.label)).toContain("persisted");
    await second.stop();
    removeDataDir(dataDir);
  });
});
