import { describe, expect, it } from "vitest";
import { shiftIntoView } from "./use-keep-in-viewport.ts";

describe("shiftIntoView", () => {
  it("leaves a box inside the window where it is", () => {
    expect(shiftIntoView({ left: 100, right: 300 }, 390)).toBe(0);
  });

  it("moves a box off the left edge right, and one off the right edge left, keeping 8 px", () => {
    expect(shiftIntoView({ left: -40, right: 248 }, 390)).toBe(48);
    expect(shiftIntoView({ left: 200, right: 488 }, 390)).toBe(-106);
  });

  it("puts a box wider than the window at its left margin", () => {
    expect(shiftIntoView({ left: -100, right: 400 }, 390)).toBe(108);
  });
});
