// Attacks from another account on this machine: it can reach 127.0.0.1 like the user, forge any
// header a browser would not, and read every process's command line. Arbor's access token
// (generated in the 0600 data directory) is what it lacks.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { ErrorBody, SettingsBody } from "@/tests/support/api-types.ts";
import { callApi } from "@/tests/support/call-api.ts";
import { findProcessHosts } from "@/tests/support/find-processes.ts";
import { rawRequest } from "@/tests/support/raw-request.ts";
import { openSignInLink } from "@/tests/support/sign-in.ts";
import { useArbor } from "@/tests/support/use-arbor.ts";
import { tryUpgrade } from "@/tests/support/ws-client.ts";

const server = useArbor();

/** A request from another account: Arbor's own Host and Origin forged, no cookie, no token. */
const asOtherAccount = (input: { path: string; method?: string; body?: unknown; headers?: Record<string, string> }) =>
  rawRequest({
    url: server.arbor.url,
    path: input.path,
    method: input.method,
    headers: {
      host: `127.0.0.1:${server.arbor.port}`,
      origin: server.arbor.url,
      ...(input.body === undefined ? {} : { "content-type": "application/json" }),
      ...input.headers,
    },
    body: input.body === undefined ? undefined : JSON.stringify(input.body),
  });

describe("another local account, without the token", () => {
  it("forging Arbor's own Origin, cannot change the settings (claudeBin, permission mode): 401 and nothing stored", async () => {
    const before = (await callApi<SettingsBody>(server.arbor, "/api/settings")).body.settings;
    const attack = await asOtherAccount({
      path: "/api/settings",
      method: "PUT",
      body: { claudeBin: "/tmp/not-claude", permissionMode: "bypassPermissions" },
    });
    expect(attack.status).toBe(401);
    expect((JSON.parse(attack.text) as ErrorBody).error.code).toBe("unauthorized");
    expect((await callApi<SettingsBody>(server.arbor, "/api/settings")).body.settings).toEqual(before);
  });

  it("cannot read the API (401 JSON saying how to get in) or open a page (the how-to-get-in page, 401)", async () => {
    const api = await asOtherAccount({ path: "/api/repo-pins" });
    expect(api.status).toBe(401);
    expect(api.headers["content-type"]).toMatch(/^application\/json/);
    const { error } = JSON.parse(api.text) as ErrorBody;
    expect(error).toMatchObject({ code: "unauthorized" });
    expect(error.message).toMatch(/npx arbor open/);
    expect(error.message).toMatch(/Authorization: Bearer/);

    for (const path of ["/", "/settings", "/logs?repo=x"]) {
      const page = await asOtherAccount({ path, headers: { accept: "text/html" } });
      expect(page.status, path).toBe(401);
      expect(page.headers["content-type"], path).toMatch(/^text\/html/);
      expect(page.text, path).toContain('data-testid="sign-in-page"');
      expect(page.text, path).toContain("npx arbor open");
      expect(page.text, path).not.toContain(server.arbor.token);
    }
  });

  it("cannot open a WebSocket, even from Arbor's own Origin", async () => {
    expect(await tryUpgrade({ url: server.arbor.url, headers: { origin: server.arbor.url } })).toBe(401);
  });

  it("cannot sign in with a guessed token: the how-to-get-in page, no cookie", async () => {
    const guess = await openSignInLink(server.arbor, `/?token=${"A".repeat(43)}`);
    expect(guess.status).toBe(401);
    expect(guess.setCookie).toBe("");
    expect(
      await tryUpgrade({ url: server.arbor.url, headers: { origin: server.arbor.url, authorization: "Bearer guess" } }),
    ).toBe(401);
  });

  it("cannot read the token from a command line or the server's output (printed once, as the link)", () => {
    const hosts = findProcessHosts(server.arbor.child.pid!);
    expect(hosts).toHaveLength(1);
    for (const pid of [server.arbor.child.pid!, ...hosts.map((host) => host.pid)]) {
      expect(readFileSync(`/proc/${pid}/cmdline`, "utf8"), `pid ${pid}`).not.toContain(server.arbor.token);
    }
    expect(server.arbor.output().split(server.arbor.token)).toHaveLength(2);
    expect(server.arbor.output()).toContain(`${server.arbor.url}/?token=${server.arbor.token}`);
  });
});

describe("the browser's session cookie", () => {
  it("is named after the port, HttpOnly, SameSite=Strict, and is not the token", async () => {
    const signIn = await openSignInLink(server.arbor);
    expect(signIn.status).toBe(303);
    expect(signIn.location).toBe("/");
    const [pair, ...attributes] = signIn.setCookie.split(";").map((part) => part.trim());
    const [name, value] = pair!.split("=");
    expect(name).toBe(`arbor_session_${server.arbor.port}`);
    expect(value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(value).not.toBe(server.arbor.token);
    expect(attributes).toEqual(expect.arrayContaining(["HttpOnly", "SameSite=Strict", "Path=/"]));
  });

  it("lets the browser in; a service on another port that receives it cannot use it as the token", async () => {
    const { cookie } = await openSignInLink(server.arbor);
    const page = await rawRequest({ url: server.arbor.url, path: "/", headers: { cookie } });
    expect(page.status).toBe(200);
    expect((await rawRequest({ url: server.arbor.url, path: "/api/repo-pins", headers: { cookie } })).status).toBe(200);
    const cookieValue = cookie.split("=")[1]!;
    const asBearer = await rawRequest({
      url: server.arbor.url,
      path: "/api/repo-pins",
      headers: { authorization: `Bearer ${cookieValue}` },
    });
    expect(asBearer.status).toBe(401);
    // The raw token in a cookie is not a session either.
    const rawTokenCookie = `arbor_session_${server.arbor.port}=${server.arbor.token}`;
    expect((await rawRequest({ url: server.arbor.url, path: "/", headers: { cookie: rawTokenCookie } })).status).toBe(
      401,
    );
  });

  it("is not needed by API clients: the Bearer token works without an Origin", async () => {
    const read = await rawRequest({ url: server.arbor.url, path: "/api/repo-pins", token: server.arbor.token });
    expect(read.status).toBe(200);
    const write = await rawRequest({
      url: server.arbor.url,
      path: "/api/settings",
      method: "PUT",
      token: server.arbor.token,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ recentMessageCount: 21 }),
    });
    expect(write.status).toBe(200);
    expect((JSON.parse(write.text) as SettingsBody).settings.recentMessageCount).toBe(21);
  });
});
