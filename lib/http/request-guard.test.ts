import { describe, expect, it } from "vitest";
import { checkRequest, type GuardPolicy } from "./request-guard.ts";
import { sessionCookieValue } from "./session-cookie.ts";

const TOKEN = "s3cret-token-0123456789";
const policy: GuardPolicy = { allowedHosts: ["localhost", "127.0.0.1", "[::1]"], token: TOKEN };
const bearer = { authorization: `Bearer ${TOKEN}` };
const cookie = { cookie: `a=b; arbor_session_3000=${sessionCookieValue(TOKEN)}` };
const request = (method: string, url: string, headers: Record<string, string>, isWebSocket = false) => ({
  method,
  url,
  headers,
  isWebSocket,
  localPort: 3000,
});
const get = (headers: Record<string, string>) => request("GET", "/", headers);
const post = (headers: Record<string, string>) => request("POST", "/api/repo-pins", headers);
const upgrade = (headers: Record<string, string>) => request("GET", "/ws", headers, true);

describe("checkRequest: the access token", () => {
  it("refuses every request without it with 401, whatever its Origin, even on loopback", () => {
    for (const verdict of [
      checkRequest(get({ host: "127.0.0.1:3000" }), policy),
      checkRequest(post({ host: "127.0.0.1:3000", origin: "http://127.0.0.1:3000" }), policy),
      checkRequest(post({ host: "127.0.0.1:3000", origin: "http://evil.example" }), policy),
      checkRequest(upgrade({ host: "127.0.0.1:3000", origin: "http://127.0.0.1:3000" }), policy),
    ]) {
      expect(verdict).toMatchObject({ ok: false, status: 401, refusal: "unauthenticated" });
    }
  });

  it("accepts the Bearer token without an Origin, and refuses a wrong one", () => {
    expect(checkRequest(post({ host: "127.0.0.1:3000", ...bearer }), policy)).toEqual({ ok: true, auth: "bearer" });
    expect(checkRequest(get({ host: "localhost:3000", authorization: "bearer  " + TOKEN }), policy).ok).toBe(true);
    expect(checkRequest(get({ host: "localhost:3000", authorization: "Bearer wrong" }), policy)).toMatchObject({
      status: 401,
      refusal: "wrong-token",
    });
    // A wrong Bearer is not rescued by a good cookie: the client said who it is.
    expect(checkRequest(get({ host: "localhost:3000", authorization: "Basic x", ...cookie }), policy)).toMatchObject({
      status: 401,
    });
  });

  it("accepts the session cookie of this port only, never the raw token as a cookie", () => {
    expect(checkRequest(get({ host: "localhost:3000", ...cookie }), policy)).toEqual({ ok: true, auth: "cookie" });
    expect(checkRequest({ ...get({ host: "localhost:3001", ...cookie }), localPort: 3001 }, policy)).toMatchObject({
      status: 401,
    });
    expect(checkRequest(get({ host: "localhost:3000", cookie: `arbor_session_3000=${TOKEN}` }), policy)).toMatchObject({
      status: 401,
    });
  });

  it("answers the sign-in link (?token=) on GET only, and names a wrong token", () => {
    expect(checkRequest(request("GET", `/x?token=${TOKEN}`, { host: "localhost:3000" }), policy)).toEqual({
      ok: true,
      auth: "sign-in-link",
    });
    expect(checkRequest(request("GET", "/?token=nope", { host: "localhost:3000", ...cookie }), policy)).toMatchObject({
      status: 401,
      refusal: "wrong-token",
    });
    expect(
      checkRequest(
        request("POST", `/api/repo-pins?token=${TOKEN}`, { host: "localhost:3000", origin: "http://localhost:3000" }),
        policy,
      ),
    ).toMatchObject({ status: 401, refusal: "unauthenticated" });
    expect(
      checkRequest(
        request("GET", `/ws?token=${TOKEN}`, { host: "localhost:3000", origin: "http://localhost:3000" }, true),
        policy,
      ),
    ).toMatchObject({ status: 401 });
  });
});

describe("checkRequest: Host and Origin", () => {
  it("refuses a foreign or malformed Host (DNS rebinding), even with the token", () => {
    for (const host of ["evil.example:3000", "127.0.0.1.nip.io:3000", "127.0.0.1:3000; script-src *", "127.0.0.1:x"]) {
      expect(checkRequest(get({ host, ...bearer }), policy), host).toMatchObject({ ok: false, status: 403 });
    }
    expect(checkRequest(get({ ...bearer }), policy)).toMatchObject({ ok: false, status: 403, refusal: "host" });
    expect(checkRequest(get({ host: "[::1]:3000", ...bearer }), policy).ok).toBe(true);
  });

  it("refuses cookie-authenticated state changes without a same-origin Origin (CSRF)", () => {
    expect(checkRequest(post({ host: "127.0.0.1:3000", origin: "http://127.0.0.1:3000", ...cookie }), policy).ok).toBe(
      true,
    );
    expect(checkRequest(post({ host: "127.0.0.1:3000", ...cookie }), policy)).toMatchObject({
      status: 403,
      refusal: "origin",
    });
    for (const origin of ["http://evil.example", "http://127.0.0.1:4000", "null"]) {
      expect(checkRequest(post({ host: "127.0.0.1:3000", origin, ...cookie }), policy), origin).toMatchObject({
        status: 403,
      });
    }
  });

  it("refuses a foreign Origin on any request, Bearer or not", () => {
    expect(
      checkRequest(get({ host: "127.0.0.1:3000", origin: "http://127.0.0.1:4000", ...cookie }), policy),
    ).toMatchObject({ status: 403 });
    expect(
      checkRequest(post({ host: "127.0.0.1:3000", origin: "http://evil.example", ...bearer }), policy),
    ).toMatchObject({ status: 403 });
  });

  it("requires a same-origin Origin on every WebSocket upgrade (cross-site WebSocket hijacking)", () => {
    expect(
      checkRequest(upgrade({ host: "localhost:3000", origin: "http://localhost:3000", ...cookie }), policy),
    ).toEqual({ ok: true, auth: "cookie" });
    expect(
      checkRequest(upgrade({ host: "localhost:3000", origin: "http://localhost:3000", ...bearer }), policy).ok,
    ).toBe(true);
    expect(checkRequest(upgrade({ host: "localhost:3000", ...bearer }), policy)).toMatchObject({ status: 403 });
    expect(
      checkRequest(upgrade({ host: "localhost:3000", origin: "http://evil.example", ...cookie }), policy),
    ).toMatchObject({ status: 403 });
  });
});

describe("checkRequest: hook ingest", () => {
  const ingest = (headers: Record<string, string>) => request("POST", "/api/hooks/ingest", headers);
  it("needs no access token (the endpoint checks the hook token), but never takes a cross-origin page's post", () => {
    expect(checkRequest(ingest({ host: "127.0.0.1:3000", "x-arbor-hook-token": "t" }), policy)).toEqual({
      ok: true,
      auth: "hook",
    });
    expect(
      checkRequest(
        ingest({ host: "127.0.0.1:3000", origin: "http://127.0.0.1:3000", "x-arbor-hook-token": "t" }),
        policy,
      ).ok,
    ).toBe(true);
    expect(
      checkRequest(
        ingest({ host: "127.0.0.1:3000", origin: "http://evil.example", "x-arbor-hook-token": "t" }),
        policy,
      ),
    ).toMatchObject({ status: 403 });
    expect(checkRequest(ingest({ host: "evil.example", "x-arbor-hook-token": "t" }), policy)).toMatchObject({
      status: 403,
    });
    // Only the hook's POST is exempt: reading the path needs the token like any other.
    expect(checkRequest(request("GET", "/api/hooks/ingest", { host: "127.0.0.1:3000" }), policy)).toMatchObject({
      status: 401,
    });
  });
});

describe("checkRequest: the installable app's files", () => {
  it("serves the manifest and its icons without the token (browsers fetch them without cookies), nothing else", () => {
    const host = { host: "127.0.0.1:3000" };
    for (const path of ["/manifest.webmanifest", "/icons/icon-192.png", "/icons/icon-maskable-512.png"]) {
      expect(checkRequest(request("GET", path, host), policy)).toEqual({ ok: true, auth: "public" });
      expect(checkRequest(request("HEAD", path, host), policy).ok).toBe(true);
    }
    for (const refused of [
      request("POST", "/manifest.webmanifest", { ...host, origin: "http://127.0.0.1:3000" }),
      request("GET", "/manifest.webmanifest?x=1", host),
      request("GET", "/icons/../api/repo-pins", host),
      request("GET", "/icons/other.png", host),
      request("GET", "/sw.js", host),
      request("GET", "/manifest.webmanifest", host, true),
    ]) {
      expect(checkRequest(refused, policy)).toMatchObject({ ok: false, status: 401 });
    }
    expect(checkRequest(request("GET", "/manifest.webmanifest", { host: "evil.example" }), policy)).toMatchObject({
      status: 403,
      refusal: "host",
    });
    expect(
      checkRequest(request("GET", "/icons/icon-192.png", { ...host, origin: "http://evil.example" }), policy),
    ).toMatchObject({ status: 403, refusal: "origin" });
  });
});
