import { describe, expect, it } from "vitest";
import { pathAfterSignIn } from "./sign-in-redirect.ts";

describe("pathAfterSignIn", () => {
  it("keeps the path and the other query parameters, without the token", () => {
    expect(pathAfterSignIn("/?token=abc")).toBe("/");
    expect(pathAfterSignIn("/logs?repo=r1&token=abc&worktree=%2Ftmp%2Fx")).toBe("/logs?repo=r1&worktree=%2Ftmp%2Fx");
  });

  it.each([
    ["//evil.example/?token=t", "/"],
    ["//evil.example/x?token=t", "/x"],
    ["/\\evil.example?token=t", "/"],
    ["/\\/evil.example/?token=t", "/"],
    ["/.//evil.example?token=t", "/evil.example"],
    ["///evil.example?token=t", "/"],
    ["/x/..//evil.example?token=t", "/evil.example"],
    ["/%2F%2Fevil.example?token=t", "/%2F%2Fevil.example"],
    ["http://evil.example/?token=t", "/"],
    ["https://evil.example/steal?token=t", "/steal"],
    ["/\t/evil.example?token=t", "/"],
    ["http://[bad?token=t", "/"],
  ])("never leaves Arbor: %s → %s", (requestUrl, location) => {
    expect(pathAfterSignIn(requestUrl)).toBe(location);
    // A browser resolves it against Arbor's origin and stays there.
    expect(new URL(pathAfterSignIn(requestUrl), "http://127.0.0.1:3000").origin).toBe("http://127.0.0.1:3000");
  });

  it("encodes quotes, so the path can sit in a quoted meta-refresh URL", () => {
    expect(pathAfterSignIn(`/a'b"c?x='&token=t`)).toBe("/a%27b%22c?x=%27");
  });
});
