import { describe, expect, it } from "vitest";
import { once, SubscriptionCounts } from "./subscription-counts.ts";

describe("SubscriptionCounts", () => {
  it("reports the first add and the last remove only", () => {
    const counts = new SubscriptionCounts();
    expect(counts.add("s")).toBe(true);
    expect(counts.add("s")).toBe(false);
    expect(counts.remove("s")).toBe(false);
    expect(counts.keys()).toEqual(["s"]);
    expect(counts.remove("s")).toBe(true);
    expect(counts.remove("s")).toBe(false);
    expect(counts.keys()).toEqual([]);
  });

  it("once runs its action a single time", () => {
    let calls = 0;
    const release = once(() => calls++);
    release();
    release();
    expect(calls).toBe(1);
  });
});
