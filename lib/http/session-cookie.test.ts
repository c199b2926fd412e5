import { describe, expect, it } from "vitest";
import { readCookie, sessionClearCookie, sessionCookieName, sessionSetCookie } from "./session-cookie.ts";

describe("the session cookie", () => {
  it("is named after the port, HttpOnly and SameSite=Strict for the whole site", () => {
    expect(sessionCookieName(3000)).toBe("arbor_session_3000");
    expect(sessionSetCookie({ port: 4100, value: "v" })).toBe(
      "arbor_session_4100=v; Path=/; HttpOnly; SameSite=Strict; Max-Age=31536000",
    );
    expect(sessionClearCookie(4100)).toBe("arbor_session_4100=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0");
  });

  it("is read from a Cookie header by its exact name", () => {
    expect(readCookie("a=1; arbor_session_3000=v=x; arbor_session_30000=w", "arbor_session_3000")).toBe("v=x");
    expect(readCookie("xarbor_session_3000=v", "arbor_session_3000")).toBeNull();
    expect(readCookie(undefined, "arbor_session_3000")).toBeNull();
  });
});
