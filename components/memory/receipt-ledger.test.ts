import { describe, expect, it } from "vitest";
import { groupReceiptLedger } from "./receipt-ledger.ts";

describe("the receipt's ledger groups", () => {
  it("lists carried decisions, tasks and proposals apart, and what was left out with why", () => {
    const groups = groupReceiptLedger({
      includedIds: [9, 8, 5, 4],
      proposedIds: [9, 8],
      taskIds: [8, 4],
      leftOutIds: [2],
      leftOutCount: 3,
      inForce: 7,
      closed: [
        { id: 3, status: "dismissed" },
        { id: 1, status: "superseded" },
      ],
    });
    expect(groups.map((group) => [group.key, group.ids, group.count])).toEqual([
      ["decisions", [5], 1],
      ["tasks", [4], 1],
      ["proposed", [9, 8], 2],
      ["budget", [2], 3],
      ["closed", [3, 1], 2],
    ]);
    expect(groups.at(-1)!.reasons!.get(3)).toBe("dismissed by you");
  });
});
