import { describe, expect, it } from "vitest";
import { isAtLatest, sameRowProps, shouldLoadOlder } from "./virtual-list.ts";

describe("shouldLoadOlder", () => {
  const base = { firstVisibleIndex: 1, isReaderScrollingUp: true, hasOlder: true, isLoading: false };

  it("loads the page before once the reader scrolled up to the oldest loaded rows", () => {
    expect(shouldLoadOlder(base)).toBe(true);
    expect(shouldLoadOlder({ ...base, firstVisibleIndex: 3 })).toBe(true);
  });

  it("waits while the oldest rows are further up, and never loads unless the reader scrolls up (first paint, rows removed)", () => {
    expect(shouldLoadOlder({ ...base, firstVisibleIndex: 4 })).toBe(false);
    expect(shouldLoadOlder({ ...base, isReaderScrollingUp: false })).toBe(false);
    expect(shouldLoadOlder({ ...base, firstVisibleIndex: null })).toBe(false);
  });

  it("does not ask twice, nor past the oldest page", () => {
    expect(shouldLoadOlder({ ...base, isLoading: true })).toBe(false);
    expect(shouldLoadOlder({ ...base, hasOlder: false })).toBe(false);
  });
});

describe("isAtLatest", () => {
  it("counts the last 80 px as the end, and anything above as scrolled up", () => {
    expect(isAtLatest({ scrollHeight: 1000, scrollTop: 600, clientHeight: 400 })).toBe(true);
    expect(isAtLatest({ scrollHeight: 1000, scrollTop: 520, clientHeight: 400 })).toBe(true);
    expect(isAtLatest({ scrollHeight: 1000, scrollTop: 519, clientHeight: 400 })).toBe(false);
    // At its very end: a pixel of rounding, no more.
    expect(isAtLatest({ scrollHeight: 1000, scrollTop: 599, clientHeight: 400 }, { within: 1 })).toBe(true);
    expect(isAtLatest({ scrollHeight: 1000, scrollTop: 571, clientHeight: 400 }, { within: 1 })).toBe(false);
  });
});

describe("sameRowProps", () => {
  const message = { id: 1 };
  const approval = { id: "a" };

  it("treats rebuilt arrays holding the same objects as the same props", () => {
    expect(sameRowProps({ message, approvals: [approval] }, { message, approvals: [approval] })).toBe(true);
  });

  it("sees a changed object, a changed array item or a different set of props", () => {
    expect(sameRowProps({ message }, { message: { id: 1 } })).toBe(false);
    expect(sameRowProps({ approvals: [approval] }, { approvals: [{ id: "a" }] })).toBe(false);
    expect(sameRowProps({ approvals: [approval] }, { approvals: [approval, approval] })).toBe(false);
    expect(sameRowProps<Record<string, unknown>>({ message }, { message, extra: 1 })).toBe(false);
  });
});
