import { describe, expect, it } from "vitest";
import { createSignInCodes } from "./sign-in-codes.ts";

describe("sign-in codes", () => {
  it("signs in once per code", () => {
    const codes = createSignInCodes();
    const code = codes.mint({ ttlMs: null });
    expect(codes.redeem(code)).toBe(true);
    expect(codes.redeem(code)).toBe(false);
    expect(codes.redeem("not-a-code")).toBe(false);
  });

  it("refuses an expired code", () => {
    let clock = 1_000;
    const codes = createSignInCodes({ now: () => clock });
    const code = codes.mint({ ttlMs: 500 });
    clock = 1_501;
    expect(codes.redeem(code)).toBe(false);
  });

  it("forgets the oldest code past eight outstanding", () => {
    const codes = createSignInCodes();
    const first = codes.mint({ ttlMs: null });
    const rest = Array.from({ length: 8 }, () => codes.mint({ ttlMs: null }));
    expect(codes.redeem(first)).toBe(false);
    expect(rest.every((code) => codes.redeem(code))).toBe(true);
  });
});
