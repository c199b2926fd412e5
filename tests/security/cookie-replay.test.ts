// Attack: the session cookie reaches every port of 127.0.0.1. Browsers do not scope cookies by port, so
// when the signed-in browser visits any page on another loopback port (a server another account runs; any
// site can navigate there), that server receives `arbor_session_<port>`. Replayed by a plain HTTP client
// with Arbor's Origin, it must authorize nothing: no read of the API, no approval, no setting, no socket.
// Arbor's API also needs the page key, which lives in the localStorage of Arbor's own origin (per port).
import { existsSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { chromium, type Browser } from "@playwright/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApprovalView } from "@/lib/realtime/approval-view.ts";
import { PAGE_KEY_STORAGE, WS_PAGE_KEY_PREFIX, WS_PROTOCOL } from "@/lib/http/page-key.ts";
import { findBrowser } from "@/scripts/find-browser.ts";
import { callApi } from "@/tests/support/call-api.ts";
import { rawRequest } from "@/tests/support/raw-request.ts";
import { useArborWithRepo } from "@/tests/support/use-arbor-with-repo.ts";
import { tryUpgrade } from "@/tests/support/ws-client.ts";
import { waitForPendingApproval } from "@/tests/support/pending-approval.ts";

const shared = useArborWithRepo();
let browser: Browser;
/** Another service on this host: it records the Cookie header of every request it gets. */
let neighbour: { server: Server; url: string; cookies: string[] };

beforeAll(async () => {
  browser = await chromium.launch({
    executablePath: findBrowser().executablePath,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
  });
  const cookies: string[] = [];
  const server = createServer((req, res) => {
    cookies.push(req.headers.cookie ?? "");
    res.writeHead(200, { "content-type": "text/html" });
    res.end("<!doctype html><title>neighbour</title><p>just a page</p>");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  neighbour = { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, cookies };
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => neighbour?.server.close(resolve));
});

describe("a cookie captured on another port of this host", () => {
  it("authorizes nothing when replayed, while the real page keeps working", async () => {
    const { arbor } = shared.env;
    const { sessionId, worktreePath } = await shared.repo.freshSession("replay");
    // Claude waits for an approval, as in the attack that answered it with a global "Allow always Bash".
    const sending = shared.send(sessionId, "[[mock:bash echo replayed > replayed.txt]]");
    const pending = await waitForPendingApproval(shared.env.arbor, sessionId);

    // The user's browser signs in with a one-time link, then visits the neighbour's page.
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(await arbor.mintSignInLink());
    await expect.poll(() => page.url(), { timeout: 10_000 }).toBe(`${arbor.url}/`);
    const pageKey = await page.evaluate((key) => localStorage.getItem(key), PAGE_KEY_STORAGE);
    expect(pageKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await page.goto(neighbour.url);
    const captured = neighbour.cookies.find((header) => header.includes(`arbor_session_${arbor.port}=`));
    expect(captured, "the browser sends Arbor's cookie to another port").toBeDefined();
    // The neighbour's own page cannot read Arbor's page key: localStorage is kept per origin, port included.
    expect(await page.evaluate((key) => localStorage.getItem(key), PAGE_KEY_STORAGE)).toBeNull();

    const replay = (input: { path: string; method?: string; body?: unknown }) =>
      rawRequest({
        url: arbor.url,
        path: input.path,
        method: input.method,
        headers: {
          cookie: captured!,
          origin: arbor.url,
          ...(input.body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: input.body === undefined ? undefined : JSON.stringify(input.body),
      });
    const answer = await replay({
      path: `/api/approvals/${pending.id}`,
      method: "POST",
      body: { decision: { action: "allow_always", scope: "global" }, by: "Firefox tab" },
    });
    const settings = await replay({
      path: "/api/settings",
      method: "PUT",
      body: { permissionMode: "bypassPermissions" },
    });
    const conversation = await replay({ path: `/api/chat/messages?sessionId=${sessionId}` });
    const pins = await replay({ path: "/api/repo-pins" });
    expect([answer.status, settings.status, conversation.status, pins.status]).toEqual([401, 401, 401, 401]);
    expect(conversation.text).not.toContain("replayed.txt");
    expect(
      await tryUpgrade({ url: arbor.url, headers: { cookie: captured!, origin: arbor.url }, protocols: [WS_PROTOCOL] }),
    ).toBe(401);
    // What the cookie does open, a page, carries nothing of the page key.
    const html = await replay({ path: "/" });
    expect(html.status).toBe(200);
    expect(html.text).not.toContain(pageKey!);

    // Nothing changed: the request still waits, no rule was saved, the mode is the same.
    const still = await callApi<{ approvals: ApprovalView[] }>(arbor, `/api/approvals?sessionId=${sessionId}`);
    expect(still.body.approvals.map((approval) => approval.status)).toEqual(["pending"]);
    const rules = await callApi<{ rules: unknown[] }>(arbor, `/api/permission-rules?repoId=${shared.repo.repoId}`);
    expect(rules.body.rules).toEqual([]);

    // The real page, with its page key, still acts; its WebSocket opens with the key as a subprotocol.
    await page.goto(`${arbor.url}/`);
    const status = await page.evaluate(async (id) => {
      const key = localStorage.getItem("arbor.pageKey") ?? "";
      const response = await fetch(`/api/approvals/${id}`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-arbor-page-key": key },
        body: JSON.stringify({ decision: { action: "deny", message: "not now" } }),
      });
      return response.status;
    }, pending.id);
    expect(status).toBe(200);
    expect(
      await tryUpgrade({
        url: arbor.url,
        headers: { cookie: captured!, origin: arbor.url },
        protocols: [WS_PROTOCOL, `${WS_PAGE_KEY_PREFIX}${pageKey}`],
      }),
    ).toBe(101);
    const { body } = await sending;
    expect(body.run.status).toBe("success");
    expect(existsSync(path.join(worktreePath, "replayed.txt"))).toBe(false);
    await context.close();
  });
});
