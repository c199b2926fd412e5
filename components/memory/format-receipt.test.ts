import { describe, expect, it } from "vitest";
import { describeIdRanges, formatChars, shortDigest } from "./format-receipt.ts";

describe("receipt formatting", () => {
  it("compacts message ids into ranges, in order and without duplicates", () => {
    expect(describeIdRanges([])).toBe("none");
    expect(describeIdRanges([7])).toBe("#7");
    expect(describeIdRanges([9, 3, 4, 5, 5, 12, 13])).toBe("#3–#5, #9, #12–#13");
  });

  it("formats sizes and shortens digests", () => {
    expect(formatChars(1)).toBe("1 char");
    expect(formatChars(12345)).toBe("12,345 chars");
    expect(shortDigest("a".repeat(64))).toBe(`${"a".repeat(12)}…`);
    expect(shortDigest("abc")).toBe("abc");
  });
});
