// Open redirect through the sign-in link: a link such as `http://127.0.0.1:3000//evil.example/?signin=…`
// must never send the freshly signed-in browser to another site.
import { describe, expect, it } from "vitest";
import { rawRequest } from "@/tests/support/raw-request.ts";
import { openSignInLink } from "@/tests/support/sign-in.ts";
import { useArbor } from "@/tests/support/use-arbor.ts";

const server = useArbor();

/** The request targets an attacker would put in a link, each with `?token=` appended. */
const TARGETS = [
  "//evil.example/",
  "//evil.example/path",
  "/\\evil.example",
  "/\\/evil.example/",
  "/.//evil.example",
  "///evil.example",
  "/%2F%2Fevil.example",
  "/%5C%5Cevil.example",
  "http://evil.example/",
  "https://evil.example/steal",
  "/logs/..//evil.example",
];
/** Where the signed-in page sends the browser: its `location.replace(…)` and every link on it. */
function destinations(page: string): string[] {
  const replaced = /location\.replace\(("[^"]*")\)/.exec(page)?.[1];
  const links = [...page.matchAll(/href="([^"]*)"/g)].map((match) => match[1]!.replace(/&amp;/g, "&"));
  return [...(replaced ? [JSON.parse(replaced.replace(/\\u003c/g, "<")) as string] : []), ...links];
}

/** The code of a fresh one-time link, to put after an attacker's path. */
async function freshCode(): Promise<string> {
  return new URL(await server.arbor.mintSignInLink()).searchParams.get("signin")!;
}

describe("open redirect after signing in", () => {
  it.each(TARGETS)("a sign-in link to %s continues to a path on Arbor itself", async (target) => {
    const signIn = await openSignInLink(server.arbor, `${target}?signin=${await freshCode()}`);
    expect(signIn.status).toBe(200);
    expect(signIn.setCookie).not.toBe("");
    const targets = destinations(signIn.text);
    expect(targets.length).toBeGreaterThan(0);
    for (const href of targets) {
      expect(href).toMatch(/^\/(?![/\\])/);
      expect(new URL(href, server.arbor.url).origin).toBe(server.arbor.url);
      expect(href).not.toContain("signin=");
    }
  });

  it("keeps the path and the other parameters of an ordinary link", async () => {
    const signIn = await openSignInLink(server.arbor, `/logs?repo=r1&signin=${await freshCode()}&worktree=%2Ftmp%2Fw`);
    expect(destinations(signIn.text)[0]).toBe("/logs?repo=r1&worktree=%2Ftmp%2Fw");
  });

  it("opened from another site, still sets the cookie and continues on Arbor by itself", async () => {
    const response = await rawRequest({
      url: server.arbor.url,
      path: `//evil.example/?signin=${await freshCode()}`,
      headers: { host: `127.0.0.1:${server.arbor.port}`, "sec-fetch-site": "cross-site" },
    });
    expect(response.status).toBe(200);
    expect(response.headers["set-cookie"]).toBeDefined();
    for (const href of destinations(response.text))
      expect(new URL(href, server.arbor.url).origin).toBe(server.arbor.url);
  });
});
