import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PinsBody } from "@/tests/support/api-types.ts";
import { callApi } from "@/tests/support/call-api.ts";
import { removeDataDir, repoRoot, startArbor, type RunningArbor } from "@/tests/support/start-arbor.ts";
import { rawRequest } from "@/tests/support/raw-request.ts";
import { tryUpgrade } from "@/tests/support/ws-client.ts";

let arbor: RunningArbor;

beforeAll(async () => {
  arbor = await startArbor();
});

afterAll(async () => {
  await arbor?.stop();
  if (arbor) removeDataDir(arbor.dataDir);
});

const forge = async (route: string, init: { method?: string; headers: Record<string, string>; body?: string }) => {
  const response = await rawRequest({
    url: arbor.url,
    path: route,
    method: init.method,
    headers: init.headers,
    body: init.body,
  });
  return { status: response.status, headers: response.headers, json: () => JSON.parse(response.text) as unknown };
};

describe("Host and Origin checks (DNS rebinding, CSRF, cross-site WebSocket hijacking)", () => {
  it("refuses a foreign Host on reads and writes, including a rebinding name for 127.0.0.1", async () => {
    for (const host of [
      "evil.example",
      `evil.example:${arbor.port}`,
      `127.0.0.1.nip.io:${arbor.port}`,
      `localtest.me:${arbor.port}`,
    ]) {
      const write = await forge("/api/repo-pins", {
        method: "POST",
        headers: { host, origin: `http://${host}`, "content-type": "application/json" },
        body: JSON.stringify({ path: repoRoot }),
      });
      expect(write.status, host).toBe(403);
      const read = await forge("/api/repo-pins", { headers: { host } });
      expect(read.status, host).toBe(403);
      expect((read.json() as { error: { message: string } }).error.message).toMatch(/not allowed/);
    }
  });

  it("refuses cross-origin and Origin-less state changes with 403, and accepts same-origin ones", async () => {
    const body = JSON.stringify({ path: repoRoot });
    const json = { "content-type": "application/json" };
    expect(
      (await forge("/api/repo-pins", { method: "POST", headers: { ...json, origin: "http://evil.example" }, body }))
        .status,
    ).toBe(403);
    expect((await forge("/api/repo-pins", { method: "POST", headers: json, body })).status).toBe(403);
    const form = await forge("/api/chat/send", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://evil.example" },
      body: "sessionId=x&userMessage=rm",
    });
    expect(form.status).toBe(403);
    const sameOriginForm = await forge("/api/chat/send", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: arbor.url },
      body: "sessionId=x&userMessage=rm",
    });
    expect(sameOriginForm.status).toBe(415);
    expect(
      (await forge("/api/repo-pins", { method: "POST", headers: { ...json, origin: arbor.url }, body: "{}" })).status,
    ).toBe(422);
  });

  it("accepts WebSocket upgrades only from Arbor's own origin on an allowed host", async () => {
    expect(await tryUpgrade({ url: arbor.url, headers: { origin: arbor.url } })).toBe(101);
    expect(await tryUpgrade({ url: arbor.url, headers: { origin: "http://evil.example" } })).toBe(403);
    expect(await tryUpgrade({ url: arbor.url, headers: {} })).toBe(403);
    expect(await tryUpgrade({ url: arbor.url, headers: { origin: arbor.url, host: "evil.example" } })).toBe(403);
  });

  it("sends no CORS headers", async () => {
    const response = await forge("/api/repo-pins", { headers: { origin: "http://evil.example" } });
    expect(response.headers["access-control-allow-origin"]).toBeUndefined();
  });
});

describe("access token and bind address", () => {
  it("refuses to start on a non-loopback address without a token", async () => {
    await expect(startArbor({ args: ["--host", "0.0.0.0"] })).rejects.toThrow(/without an access token/);
  });

  it("with a token, every request and upgrade needs it; the ?token= link sets a cookie", async () => {
    const token = "test-token-0123456789abcdef";
    const secured = await startArbor({ env: { ARBOR_TOKEN: token } });
    try {
      expect((await fetch(`${secured.url}/api/repo-pins`)).status).toBe(401);
      expect(
        (await fetch(`${secured.url}/api/repo-pins`, { headers: { authorization: "Bearer wrong-token-000000" } }))
          .status,
      ).toBe(401);
      expect(
        (await fetch(`${secured.url}/api/repo-pins`, { headers: { authorization: `Bearer ${token}` } })).status,
      ).toBe(200);
      const link = await fetch(`${secured.url}/?token=${token}`, { redirect: "manual" });
      expect(link.status).toBe(303);
      const cookie = link.headers.get("set-cookie")!;
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Strict/);
      expect((await fetch(`${secured.url}/api/repo-pins`, { headers: { cookie: cookie.split(";")[0]! } })).status).toBe(
        200,
      );
      expect(await tryUpgrade({ url: secured.url, headers: { origin: secured.url } })).toBe(401);
      expect(
        await tryUpgrade({ url: secured.url, headers: { origin: secured.url, authorization: `Bearer ${token}` } }),
      ).toBe(101);
    } finally {
      await secured.stop();
      removeDataDir(secured.dataDir);
    }
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
    const pins = (await callApi<PinsBody>(second, "/api/repo-pins")).body.pins;
    expect(pins.map((p) => p.label)).toContain("persisted");
    await second.stop();
    removeDataDir(dataDir);
  });
});
