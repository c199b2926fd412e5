import { describe, expect, it } from "vitest";
import { PAGE_KEY_HEADER, WS_PAGE_KEY_PREFIX, WS_PROTOCOL } from "./page-key.ts";
import { checkRequest, type GuardBrowser, type GuardPolicy } from "./request-guard.ts";
import { hashSecret } from "./secrets.ts";

const TOKEN = "s3cret-token-0123456789";
const COOKIE = "cookie-secret-of-one-browser";
const PAGE_KEY = "page-key-of-that-browser";
const browser: GuardBrowser = { id: "b1", label: "Firefox on Linux", pageKeyHash: hashSecret(PAGE_KEY) };
const policy: GuardPolicy = {
  allowedHosts: ["localhost", "127.0.0.1", "[::1]"],
  token: TOKEN,
  findBrowser: (cookie) => (cookie === COOKIE ? browser : null),
};
const bearer = { authorization: `Bearer ${TOKEN}` };
const cookie = { cookie: `a=b; arbor_session_3000=${COOKIE}` };
/** What Arbor's own page sends with an API request: the cookie and the page key. */
const page = { ...cookie, [PAGE_KEY_HEADER]: PAGE_KEY };
const wsPage = { ...cookie, "sec-websocket-protocol": `${WS_PROTOCOL}, ${WS_PAGE_KEY_PREFIX}${PAGE_KEY}` };
const request = (method: string, url: string, headers: Record<string, string>, isWebSocket = false) => ({
  method,
  url,
  headers,
  isWebSocket,
  localPort: 3000,
});
const get = (headers: Record<string, string>) => request("GET", "/", headers);
const getApi = (headers: Record<string, string>) => request("GET", "/api/repo-pins", headers);
const post = (headers: Record<string, string>) => request("POST", "/api/repo-pins", headers);
const upgrade = (headers: Record<string, string>) => request("GET", "/ws", headers, true);
const same = { origin: "http://127.0.0.1:3000" };
const host = { host: "127.0.0.1:3000" };

describe("checkRequest: credentials", () => {
  it("refuses every request without one with 401, whatever its Origin, even on loopback", () => {
    for (const verdict of [
      checkRequest(get(host), policy),
      checkRequest(post({ ...host, ...same }), policy),
      checkRequest(post({ ...host, origin: "http://evil.example" }), policy),
      checkRequest(upgrade({ ...host, ...same }), policy),
    ]) {
      expect(verdict).toMatchObject({ ok: false, status: 401, refusal: "unauthenticated" });
    }
  });

  it("lets the access token read without an Origin, and refuses a wrong one", () => {
    expect(checkRequest(getApi({ ...host, ...bearer }), policy)).toEqual({ ok: true, auth: { kind: "api-client" } });
    expect(checkRequest(get({ host: "localhost:3000", authorization: "bearer  " + TOKEN }), policy).ok).toBe(true);
    expect(checkRequest(get({ host: "localhost:3000", authorization: "Bearer wrong" }), policy)).toMatchObject({
      status: 401,
      refusal: "wrong-token",
    });
    // A wrong Bearer is not rescued by a good cookie: the client said who it is.
    expect(checkRequest(get({ host: "localhost:3000", authorization: "Basic x", ...page }), policy)).toMatchObject({
      status: 401,
    });
  });

  it("never lets the access token change anything: a program Arbor starts could read it", () => {
    for (const [method, path] of [
      ["POST", "/api/repos/r1/trust"],
      ["PUT", "/api/worktree-mode"],
      ["POST", "/api/approvals/a1"],
      ["POST", "/api/permission-rules"],
      ["PUT", "/api/settings"],
      ["DELETE", "/api/permission-rules/x"],
      ["POST", "/api/chat/send"],
      ["PATCH", "/api/ledger/1"],
    ] as const) {
      expect(checkRequest(request(method, path, { ...host, ...bearer }), policy), path).toMatchObject({
        status: 403,
        refusal: "read-only",
      });
    }
    // …except asking Arbor to print a sign-in link on its own terminal (`arbor open`).
    expect(checkRequest(request("POST", "/api/sign-in/requests", { ...host, ...bearer }), policy).ok).toBe(true);
  });

  it("lets Arbor's page act with the cookie and its page key", () => {
    expect(checkRequest(post({ ...host, ...same, ...page }), policy)).toEqual({
      ok: true,
      auth: { kind: "browser", browser },
    });
    expect(checkRequest(getApi({ ...host, ...page }), policy)).toMatchObject({ ok: true, auth: { kind: "browser" } });
  });

  it("refuses the cookie alone on the API and on WebSockets (a service on another port receives the cookie)", () => {
    expect(checkRequest(getApi({ ...host, ...cookie }), policy)).toMatchObject({ status: 401, refusal: "page-key" });
    expect(checkRequest(post({ ...host, ...same, ...cookie }), policy)).toMatchObject({
      status: 401,
      refusal: "page-key",
    });
    expect(checkRequest(upgrade({ ...host, ...same, ...cookie }), policy)).toMatchObject({
      status: 401,
      refusal: "page-key",
    });
    expect(checkRequest(getApi({ ...host, ...cookie, [PAGE_KEY_HEADER]: "a-guess" }), policy)).toMatchObject({
      status: 401,
      refusal: "page-key",
    });
    // The cookie alone opens a page or a build file, which hold nothing of the user's.
    expect(checkRequest(get({ ...host, ...cookie }), policy)).toEqual({
      ok: true,
      auth: { kind: "browser-page", browser },
    });
    expect(checkRequest(request("GET", "/_next/static/x.js", { ...host, ...cookie }), policy).ok).toBe(true);
  });

  it("accepts the cookie of this port only, and no cookie it did not hand out", () => {
    expect(checkRequest({ ...get({ host: "localhost:3001", ...page }), localPort: 3001 }, policy)).toMatchObject({
      status: 401,
    });
    expect(checkRequest(get({ ...host, cookie: `arbor_session_3000=${TOKEN}` }), policy)).toMatchObject({
      status: 401,
    });
  });

  it("answers a sign-in link (?signin=) on a page GET only, and explains the old ?token= links", () => {
    expect(checkRequest(request("GET", "/x?signin=abc", host), policy)).toEqual({
      ok: true,
      auth: { kind: "sign-in-link", code: "abc" },
    });
    expect(checkRequest(request("GET", `/?token=${TOKEN}`, host), policy)).toMatchObject({
      status: 401,
      refusal: "token-link",
    });
    expect(checkRequest(request("POST", "/api/repo-pins?signin=abc", { ...host, ...same }), policy)).toMatchObject({
      status: 401,
      refusal: "unauthenticated",
    });
    expect(checkRequest(request("GET", "/api/repo-pins?signin=abc", host), policy)).toMatchObject({ status: 401 });
    expect(checkRequest(request("GET", "/ws?signin=abc", { ...host, ...same }, true), policy)).toMatchObject({
      status: 401,
    });
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
    expect(checkRequest(post({ host: "127.0.0.1:3000", origin: "http://127.0.0.1:3000", ...page }), policy).ok).toBe(
      true,
    );
    expect(checkRequest(post({ host: "127.0.0.1:3000", ...page }), policy)).toMatchObject({
      status: 403,
      refusal: "origin",
    });
    for (const origin of ["http://evil.example", "http://127.0.0.1:4000", "null"]) {
      expect(checkRequest(post({ host: "127.0.0.1:3000", origin, ...page }), policy), origin).toMatchObject({
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
      checkRequest(upgrade({ host: "localhost:3000", origin: "http://localhost:3000", ...wsPage }), policy),
    ).toEqual({ ok: true, auth: { kind: "browser", browser } });
    expect(
      checkRequest(upgrade({ host: "localhost:3000", origin: "http://localhost:3000", ...bearer }), policy).ok,
    ).toBe(true);
    expect(checkRequest(upgrade({ host: "localhost:3000", ...bearer }), policy)).toMatchObject({ status: 403 });
    expect(
      checkRequest(upgrade({ host: "localhost:3000", origin: "http://evil.example", ...wsPage }), policy),
    ).toMatchObject({ status: 403 });
  });
});

describe("checkRequest: hook ingest", () => {
  const ingest = (headers: Record<string, string>) => request("POST", "/api/hooks/ingest", headers);
  it("needs no access token (the endpoint checks the hook token), but never takes a cross-origin page's post", () => {
    expect(checkRequest(ingest({ host: "127.0.0.1:3000", "x-arbor-hook-token": "t" }), policy)).toEqual({
      ok: true,
      auth: { kind: "hook" },
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
    for (const path of ["/manifest.webmanifest", "/icons/icon-192.png", "/icons/icon-maskable-512.png"]) {
      expect(checkRequest(request("GET", path, host), policy)).toEqual({ ok: true, auth: { kind: "public" } });
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
