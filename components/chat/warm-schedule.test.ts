import { describe, expect, it } from "vitest";
import { nextWarmAllowedAt, WARM_BACKOFF_MS, WARM_INTERVAL_MS } from "./warm-schedule.ts";

describe("nextWarmAllowedAt", () => {
  it("spaces warm requests out, and waits longer after one failed", () => {
    expect(nextWarmAllowedAt({ requestedAt: 1000, hasFailed: false })).toBe(1000 + WARM_INTERVAL_MS);
    expect(nextWarmAllowedAt({ requestedAt: 1000, hasFailed: true })).toBe(1000 + WARM_BACKOFF_MS);
    expect(WARM_BACKOFF_MS).toBeGreaterThan(WARM_INTERVAL_MS);
  });
});
