import { describe, expect, it } from "vitest";
import { checkRequest, type GuardPolicy } from "./request-guard.ts";

const policy: GuardPolicy = { allowedHosts: ["localhost", "127.0.0.1", "[::1]"], token: null };
const get = (headers: Record<string, string>) => ({ method: "GET", url: "/", headers, isWebSocket: false });
const post = (headers: Record<string, string>) => ({
  method: "POST",
  url: "/api/repo-pins",
  headers,
  isWebSocket: false,
});

describe("checkRequest", () => {
  it("accepts a same-origin POST on loopback", () => {
    expect(checkRequest(post({ host: "127.0.0.1:3000", origin: "http://127.0.0.1:3000" }), policy).ok).toBe(true);
    expect(checkRequest(post({ host: "[::1]:3000", origin: "http://[::1]:3000" }), policy).ok).toBe(true);
  });

  it("refuses a foreign Host (DNS rebinding), even for reads", () => {
    const verdict = checkRequest(get({ host: "evil.example:3000" }), policy);
    expect(verdict).toMatchObject({ ok: false, status: 403 });
    expect(checkRequest(get({ host: "127.0.0.1.nip.io:3000" }), policy)).toMatchObject({ ok: false, status: 403 });
    expect(checkRequest(get({}), policy)).toMatchObject({ ok: false, status: 403 });
  });

  it("refuses cross-origin and missing Origin on state-changing requests", () => {
    expect(checkRequest(post({ host: "127.0.0.1:3000", origin: "http://evil.example" }), policy)).toMatchObject({
      status: 403,
    });
    expect(checkRequest(post({ host: "127.0.0.1:3000" }), policy)).toMatchObject({ status: 403 });
    expect(checkRequest(post({ host: "127.0.0.1:3000", origin: "http://127.0.0.1:4000" }), policy)).toMatchObject({
      status: 403,
    });
    expect(checkRequest(post({ host: "127.0.0.1:3000", origin: "null" }), policy)).toMatchObject({ status: 403 });
  });

  it("requires a same-origin Origin on every WebSocket upgrade", () => {
    const upgrade = (origin?: string) => ({
      method: "GET",
      url: "/ws",
      headers: { host: "localhost:3000", ...(origin ? { origin } : {}) },
      isWebSocket: true,
    });
    expect(checkRequest(upgrade("http://localhost:3000"), policy).ok).toBe(true);
    expect(checkRequest(upgrade("http://evil.example"), policy)).toMatchObject({ status: 403 });
    expect(checkRequest(upgrade(), policy)).toMatchObject({ status: 403 });
  });

  it("requires the token when one is configured, from header, cookie or query", () => {
    const withToken = { ...policy, token: "s3cret-token-0123456789" };
    expect(checkRequest(get({ host: "localhost:3000" }), withToken)).toMatchObject({ ok: false, status: 401 });
    expect(checkRequest(get({ host: "localhost:3000", authorization: "Bearer wrong" }), withToken)).toMatchObject({
      status: 401,
    });
    expect(
      checkRequest(get({ host: "localhost:3000", authorization: "Bearer s3cret-token-0123456789" }), withToken).ok,
    ).toBe(true);
    expect(
      checkRequest(get({ host: "localhost:3000", cookie: "a=b; arbor_token=s3cret-token-0123456789" }), withToken).ok,
    ).toBe(true);
    const viaQuery = checkRequest(
      { ...get({ host: "localhost:3000" }), url: "/?token=s3cret-token-0123456789" },
      withToken,
    );
    expect(viaQuery).toEqual({ ok: true, setTokenCookie: true });
  });
});

describe("hook ingest", () => {
  const ingest = (headers: Record<string, string>) => ({
    method: "POST",
    url: "/api/hooks/ingest",
    headers,
    isWebSocket: false,
  });
  it("lets the Origin-less hook through to the route's token check, but never a cross-origin page", () => {
    expect(checkRequest(ingest({ host: "127.0.0.1:3000", "x-arbor-hook-token": "t" }), policy).ok).toBe(true);
    expect(checkRequest(ingest({ host: "127.0.0.1:3000" }), policy).ok).toBe(true);
    expect(
      checkRequest(
        ingest({ host: "127.0.0.1:3000", origin: "http://evil.example", "x-arbor-hook-token": "t" }),
        policy,
      ),
    ).toMatchObject({ status: 403 });
    expect(checkRequest(ingest({ host: "evil.example", "x-arbor-hook-token": "t" }), policy)).toMatchObject({
      status: 403,
    });
    const withToken = { ...policy, token: "s3cret-token-0123456789" };
    expect(checkRequest(ingest({ host: "127.0.0.1:3000", "x-arbor-hook-token": "t" }), withToken)).toMatchObject({
      status: 401,
    });
  });
});
