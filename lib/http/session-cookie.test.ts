import { describe, expect, it } from "vitest";
import { readCookie, sessionCookieName, sessionCookieValue, sessionSetCookie } from "./session-cookie.ts";

describe("the session cookie", () => {
  const token = "0123456789abcdef0123456789abcdef";

  it("is named after the port and carries an HMAC of the token, never the token", () => {
    expect(sessionCookieName(3000)).toBe("arbor_session_3000");
    const value = sessionCookieValue(token);
    expect(value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(value).not.toContain(token);
    expect(sessionCookieValue(token)).toBe(value);
    expect(sessionCookieValue(`${token}x`)).not.toBe(value);
  });

  it("is HttpOnly and SameSite=Strict for the whole site", () => {
    expect(sessionSetCookie({ port: 4100, token })).toBe(
      `arbor_session_4100=${sessionCookieValue(token)}; Path=/; HttpOnly; SameSite=Strict`,
    );
  });

  it("is read from a Cookie header by its exact name", () => {
    expect(readCookie("a=1; arbor_session_3000=v=x; arbor_session_30000=w", "arbor_session_3000")).toBe("v=x");
    expect(readCookie("xarbor_session_3000=v", "arbor_session_3000")).toBeNull();
    expect(readCookie(undefined, "arbor_session_3000")).toBeNull();
  });
});
