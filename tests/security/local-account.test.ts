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

  it("cannot sign in with a guessed link or token: the how-to-get-in page, no cookie", async () => {
    for (const guess of [`/?signin=${"A".repeat(43)}`, `/?token=${"A".repeat(43)}`, `/?token=${server.arbor.token}`]) {
      const answer = await openSignInLink(server.arbor, guess);
      expect(answer.status, guess).toBe(401);
      expect(answer.setCookie, guess).toBe("");
      expect(answer.text, guess).toContain('data-testid="sign-in-page"');
    }
    expect(
      await tryUpgrade({ url: server.arbor.url, headers: { origin: server.arbor.url, authorization: "Bearer guess" } }),
    ).toBe(401);
  });

  it("cannot read the token or a sign-in link from a command line, and the output shows only one-time links", () => {
    const hosts = findProcessHosts(server.arbor.child.pid!);
    expect(hosts).toHaveLength(1);
    for (const pid of [server.arbor.child.pid!, ...hosts.map((host) => host.pid)]) {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8");
      expect(cmdline, `pid ${pid}`).not.toContain(server.arbor.token);
      expect(cmdline, `pid ${pid}`).not.toContain("signin=");
    }
    expect(server.arbor.output()).not.toContain(server.arbor.token);
    expect(server.arbor.output()).toContain(server.arbor.signInUrl);
  });
});

describe("the browser's session", () => {
  it("is a one-time link's cookie, named after the port, HttpOnly, SameSite=Strict, and not the token", async () => {
    const signIn = await openSignInLink(server.arbor);
    expect(signIn.status).toBe(200);
    const [pair, ...attributes] = signIn.setCookie.split(";").map((part) => part.trim());
    const [name, value] = pair!.split("=");
    expect(name).toBe(`arbor_session_${server.arbor.port}`);
    expect(value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(value).not.toBe(server.arbor.token);
    expect(attributes).toEqual(expect.arrayContaining(["HttpOnly", "SameSite=Strict", "Path=/"]));
    // The page key goes to the page's own storage, never into a cookie.
    expect(signIn.pageKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(signIn.setCookie).not.toContain(signIn.pageKey!);
  });

  it("lets the browser's page in with its page key; the cookie alone opens only a page, and is no token", async () => {
    const { cookie, pageKey } = await openSignInLink(server.arbor);
    expect((await rawRequest({ url: server.arbor.url, path: "/", headers: { cookie } })).status).toBe(200);
    expect((await rawRequest({ url: server.arbor.url, path: "/api/repo-pins", headers: { cookie } })).status).toBe(401);
    const withKey = { cookie, "x-arbor-page-key": pageKey! };
    expect((await rawRequest({ url: server.arbor.url, path: "/api/repo-pins", headers: withKey })).status).toBe(200);
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

  it("signs in once per link: the same link opened again lets nobody in", async () => {
    const link = new URL(await server.arbor.mintSignInLink());
    const path = `/${link.search}`;
    expect((await openSignInLink(server.arbor, path)).status).toBe(200);
    const again = await openSignInLink(server.arbor, path);
    expect(again.status).toBe(401);
    expect(again.setCookie).toBe("");
    expect(again.text).toMatch(/already used or has expired/);
  });

  it("is what API clients do without: the Bearer token reads without an Origin, and changes nothing", async () => {
    const read = await rawRequest({ url: server.arbor.url, path: "/api/repo-pins", token: server.arbor.token });
    expect(read.status).toBe(200);
    const before = (await callApi<SettingsBody>(server.arbor, "/api/settings")).body.settings;
    const write = await rawRequest({
      url: server.arbor.url,
      path: "/api/settings",
      method: "PUT",
      token: server.arbor.token,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ recentMessageCount: before.recentMessageCount + 1 }),
    });
    expect(write.status).toBe(403);
    expect((JSON.parse(write.text) as ErrorBody).error.message).toMatch(/only reads/);
    expect((await callApi<SettingsBody>(server.arbor, "/api/settings")).body.settings).toEqual(before);
  });

  it("cannot land, cancel a land, start checks, switch automatic fixes or fix a CI check: 401 without it, 403 with the token", async () => {
    const acting = [
      ["POST", "/api/worktrees/land-queue", { repoId: "r", worktreePaths: ["/tmp/x"] }],
      ["POST", "/api/worktrees/land/cancel", { repoId: "r" }],
      ["POST", "/api/worktrees/checks", { repoId: "r", worktreePath: "/tmp/x" }],
      ["PUT", "/api/worktrees/checks/auto-fix", { repoId: "r", worktreePath: "/tmp/x", enabled: true }],
      ["POST", "/api/worktrees/pull-request/fix", { repoId: "r", worktreePath: "/tmp/x", check: "test" }],
    ] as const;
    for (const [method, path, body] of acting) {
      const anonymous = await asOtherAccount({ path, method, body });
      expect([path, anonymous.status]).toEqual([path, 401]);
      const withToken = await rawRequest({
        url: server.arbor.url,
        path,
        method,
        token: server.arbor.token,
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      expect([path, withToken.status]).toEqual([path, 403]);
    }
  });
});
