// Open redirect through the sign-in link: a link such as `http://127.0.0.1:3000//evil.example/?token=…`
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

describe("open redirect after signing in", () => {
  it.each(TARGETS)("a sign-in link to %s redirects to a path on Arbor itself", async (target) => {
    const signIn = await openSignInLink(server.arbor, `${target}?token=${server.arbor.token}`);
    expect(signIn.status).toBe(303);
    const location = signIn.location!;
    expect(location).toMatch(/^\/(?![/\\])/);
    expect(new URL(location, server.arbor.url).origin).toBe(server.arbor.url);
    expect(location).not.toContain(server.arbor.token);
  });

  it("keeps the path and the other parameters of an ordinary link", async () => {
    const signIn = await openSignInLink(server.arbor, `/logs?repo=r1&token=${server.arbor.token}&worktree=%2Ftmp%2Fw`);
    expect(signIn.location).toBe("/logs?repo=r1&worktree=%2Ftmp%2Fw");
  });

  it.each(TARGETS)(
    "a sign-in link to %s opened from another site continues to a path on Arbor itself",
    async (target) => {
      // A link another site or a local file opened: the cookie comes with a page that continues by itself.
      const response = await rawRequest({
        url: server.arbor.url,
        path: `${target}?token=${server.arbor.token}`,
        headers: { host: `127.0.0.1:${server.arbor.port}`, "sec-fetch-site": "cross-site" },
      });
      expect(response.status).toBe(200);
      expect(response.headers["set-cookie"]).toBeDefined();
      const refresh = /<meta http-equiv="refresh" content="0; url='([^']*)'">/.exec(response.text);
      expect(refresh).not.toBeNull();
      const links = [...response.text.matchAll(/href="([^"]*)"/g)].map((match) => match[1]!);
      for (const href of [refresh![1]!, ...links]) {
        const decoded = href.replace(/&amp;/g, "&");
        expect(decoded).toMatch(/^\/(?![/\\])/);
        expect(new URL(decoded, server.arbor.url).origin).toBe(server.arbor.url);
      }
      expect(response.text).not.toContain(server.arbor.token);
    },
  );
});
