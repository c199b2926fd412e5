// Attacks through the browser: a script injected into a page (XSS), Arbor framed by another site
// (clickjacking), a response sniffed as another type, Arbor's URLs leaking in a Referer. Every
// response carries the headers that stop them.
import { describe, expect, it } from "vitest";
import { rawRequest } from "@/tests/support/raw-request.ts";
import { useArbor } from "@/tests/support/use-arbor.ts";

const server = useArbor();

type Headers = Record<string, string | string[] | undefined>;

/** The CSP's directives by name. */
function cspOf(headers: Headers): Record<string, string[]> {
  const policy = headers["content-security-policy"];
  expect(typeof policy, "Content-Security-Policy header").toBe("string");
  return Object.fromEntries(
    (policy as string).split(";").map((part) => {
      const [name = "", ...values] = part.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

function nonceOf(headers: Headers): string {
  const source = cspOf(headers)["script-src"]?.find((value) => value.startsWith("'nonce-"));
  expect(source, "a nonce in script-src").toBeDefined();
  return source!.slice("'nonce-".length, -1);
}

function expectBrowserHeaders(headers: Headers, what: string): void {
  const csp = cspOf(headers);
  expect(csp["frame-ancestors"], what).toEqual(["'none'"]);
  expect(csp["script-src"], what).not.toContain("'unsafe-eval'");
  expect(csp["script-src"], what).not.toContain("'unsafe-inline'");
  expect(csp["img-src"], what).toEqual(["'self'", "data:", "blob:"]);
  expect(csp["connect-src"], what).toEqual(["'self'", `ws://127.0.0.1:${server.arbor.port}`]);
  expect(csp["object-src"], what).toEqual(["'none'"]);
  expect(csp["base-uri"], what).toEqual(["'none'"]);
  expect(headers["x-content-type-options"], what).toBe("nosniff");
  expect(headers["referrer-policy"], what).toBe("no-referrer");
  expect(headers["x-frame-options"], what).toBe("DENY");
}

const get = (path: string, headers: Record<string, string> = {}) =>
  rawRequest({ url: server.arbor.url, path, token: server.arbor.token, headers });

describe("injected scripts (XSS): the Content-Security-Policy", () => {
  it("allows only scripts carrying this response's nonce, a fresh one per response, and Next's scripts carry it", async () => {
    const first = await get("/");
    const second = await get("/");
    expect(first.status).toBe(200);
    const nonce = nonceOf(first.headers);
    expect(nonce).not.toBe(nonceOf(second.headers));
    expect(cspOf(first.headers)["script-src"]).toEqual(["'self'", `'nonce-${nonce}'`, "'strict-dynamic'"]);
    const scripts = [...first.text.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
    expect(scripts.length).toBeGreaterThan(1);
    expect(scripts.filter((tag) => !/src=/.test(tag)).length, "inline scripts").toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(` nonce="${nonce}"`);
    expect(second.text).not.toContain(nonce);
  });

  it("is rendered per request on every page, a 404 included (no page is prerendered without a nonce)", async () => {
    for (const path of ["/settings", "/logs", "/project", "/no-such-page"]) {
      const page = await get(path);
      const nonce = nonceOf(page.headers);
      const scripts = [...page.text.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
      expect(scripts.length, path).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag, path).toContain(` nonce="${nonce}"`);
      expect(page.text, path).not.toMatch(/<style(?![^>]*nonce)/);
    }
  });
});

describe("clickjacking, sniffing and Referer leaks: headers on every response", () => {
  it("on pages, API JSON, static files, the hook endpoint and every refusal", async () => {
    const page = await get("/");
    const script = /<script[^>]* src="(\/_next\/static\/[^"]+\.js)"/.exec(page.text)?.[1];
    expect(script).toBeDefined();
    const responses: Array<[string, { status: number; headers: Headers }]> = [
      ["page", page],
      ["404 page", await get("/no-such-page")],
      ["API JSON", await get("/api/repo-pins")],
      ["static script", await get(script!)],
      ["public file", await get("/favicon.svg")],
      ["401 page", await rawRequest({ url: server.arbor.url, path: "/" })],
      ["401 JSON", await rawRequest({ url: server.arbor.url, path: "/api/repo-pins" })],
      ["403 foreign Host", await get("/", { host: "evil.example" })],
      [
        "sign-in page",
        await rawRequest({
          url: server.arbor.url,
          path: new URL(await server.arbor.mintSignInLink()).search.replace(/^/, "/"),
        }),
      ],
      [
        "hook ingest",
        await rawRequest({
          url: server.arbor.url,
          path: "/api/hooks/ingest",
          method: "POST",
          headers: { "content-type": "application/json" },
          body: "{}",
        }),
      ],
    ];
    const statuses = Object.fromEntries(responses.map(([what, response]) => [what, response.status]));
    expect(statuses).toEqual({
      page: 200,
      "404 page": 404,
      "API JSON": 200,
      "static script": 200,
      "public file": 200,
      "401 page": 401,
      "401 JSON": 401,
      "403 foreign Host": 403,
      "sign-in page": 200,
      "hook ingest": 401,
    });
    for (const [what, response] of responses) {
      if (what === "403 foreign Host") {
        // The Host is not Arbor's: no WebSocket source is named after it.
        expect(cspOf(response.headers)["connect-src"]).toEqual(["'self'"]);
        expect(cspOf(response.headers)["frame-ancestors"]).toEqual(["'none'"]);
        continue;
      }
      expectBrowserHeaders(response.headers, what);
    }
  });

  it("sends no CORS headers, so no other origin can read a response or send the Bearer header", async () => {
    const preflight = await rawRequest({
      url: server.arbor.url,
      path: "/api/settings",
      method: "OPTIONS",
      headers: {
        origin: "http://evil.example",
        "access-control-request-method": "PUT",
        "access-control-request-headers": "authorization",
      },
    });
    expect(preflight.status).toBeGreaterThanOrEqual(400);
    expect(preflight.headers["access-control-allow-origin"]).toBeUndefined();
    expect(preflight.headers["access-control-allow-headers"]).toBeUndefined();
  });
});
