import { describe, expect, it } from "vitest";
import { formatDuration } from "./format-duration.ts";

describe("formatDuration", () => {
  it("reads as ms, seconds or minutes", () => {
    expect(formatDuration(85)).toBe("85 ms");
    expect(formatDuration(850)).toBe("850 ms");
    expect(formatDuration(1234)).toBe("1.2 s");
    expect(formatDuration(12_345)).toBe("12.3 s");
    expect(formatDuration(42_000)).toBe("42 s");
    expect(formatDuration(125_000)).toBe("2 min 5 s");
    expect(formatDuration(120_000)).toBe("2 min");
  });

  it("rounds up to the next unit instead of showing 1000 ms or 60 s", () => {
    expect(formatDuration(999.7)).toBe("1 s");
    expect(formatDuration(59_960)).toBe("1 min");
  });
});
