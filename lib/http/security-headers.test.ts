import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, createNonce, securityHeaders } from "./security-headers.ts";

const directives = (policy: string): Record<string, string[]> =>
  Object.fromEntries(
    policy.split(";").map((part) => {
      const [name = "", ...values] = part.trim().split(/\s+/);
      return [name, values];
    }),
  );

describe("security headers", () => {
  it("allow scripts only with this response's nonce, no eval, no framing, images only from Arbor", () => {
    const policy = directives(contentSecurityPolicy({ nonce: "abc", isDev: false, webSocketHost: "127.0.0.1:3000" }));
    expect(policy["script-src"]).toEqual(["'self'", "'nonce-abc'", "'strict-dynamic'"]);
    expect(policy["style-src"]).toEqual(["'self'", "'nonce-abc'"]);
    expect(policy["img-src"]).toEqual(["'self'", "data:", "blob:"]);
    expect(policy["connect-src"]).toEqual(["'self'", "ws://127.0.0.1:3000"]);
    expect(policy["frame-ancestors"]).toEqual(["'none'"]);
    expect(policy["object-src"]).toEqual(["'none'"]);
    expect(policy["base-uri"]).toEqual(["'none'"]);
    expect(policy["form-action"]).toEqual(["'self'"]);
    expect(JSON.stringify(policy)).not.toMatch(/unsafe-eval|\*/);
  });

  it("add eval for Next's hot reload in --dev only, and leave IPv6 WebSockets to 'self'", () => {
    const dev = directives(contentSecurityPolicy({ nonce: "abc", isDev: true, webSocketHost: "[::1]:3000" }));
    expect(dev["script-src"]).toContain("'unsafe-eval'");
    expect(dev["connect-src"]).toEqual(["'self'"]);
  });

  it("come with nosniff, no referrer and no framing, and a fresh nonce each time", () => {
    expect(securityHeaders({ nonce: "n", isDev: false, webSocketHost: null })).toMatchObject({
      "x-content-type-options": "nosniff",
      "referrer-policy": "no-referrer",
      "x-frame-options": "DENY",
    });
    expect(createNonce()).not.toBe(createNonce());
    expect(createNonce()).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });

  it("never hands out the same nonce twice, across many refills of the pool", () => {
    const nonces = Array.from({ length: 5_000 }, () => createNonce());
    expect(new Set(nonces).size).toBe(nonces.length);
    expect(nonces.every((nonce) => /^[A-Za-z0-9+/]{22}==$/.test(nonce))).toBe(true);
  });
});
