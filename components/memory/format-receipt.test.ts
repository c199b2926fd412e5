import { describe, expect, it } from "vitest";
import { describeIdRanges, describeLedgerUse, describeSummaryUse, formatChars, shortDigest } from "./format-receipt.ts";

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

  it("says what the summary covers, or that it is the archived conversation's", () => {
    expect(describeSummaryUse({ summaryId: null, coveredUntilMessageId: null, isSummaryInherited: false })).toBe(
      "none",
    );
    expect(describeSummaryUse({ summaryId: 4, coveredUntilMessageId: 120, isSummaryInherited: false })).toBe(
      "#4, covers every message up to #120",
    );
    expect(describeSummaryUse({ summaryId: 2, coveredUntilMessageId: null, isSummaryInherited: true })).toBe(
      "#2, of the archived conversation of this worktree",
    );
  });

  it("says how many ledger entries were carried and names those left out, counting the older rest", () => {
    expect(describeLedgerUse({ includedIds: [], leftOutIds: [], leftOutCount: 0, inForce: 0 })).toBe(
      "no decisions or open tasks recorded",
    );
    expect(describeLedgerUse({ includedIds: [3, 2], leftOutIds: [], leftOutCount: 0, inForce: 2 })).toBe(
      "2 of 2 carried (all)",
    );
    expect(describeLedgerUse({ includedIds: [9, 8], leftOutIds: [7, 6], leftOutCount: 5, inForce: 7 })).toBe(
      "2 of 7 carried; left out (over the ledger's share of the budget or the per-prompt limit): L7, L6 and 3 older",
    );
  });
});
