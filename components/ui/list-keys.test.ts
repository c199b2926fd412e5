import { describe, expect, it } from "vitest";
import { listStep } from "./list-keys.ts";

describe("listStep", () => {
  it("moves down on j and ArrowDown, up on k and ArrowUp", () => {
    expect(["j", "ArrowDown"].map(listStep)).toEqual([1, 1]);
    expect(["k", "ArrowUp"].map(listStep)).toEqual([-1, -1]);
  });

  it("ignores every other key, capitals included (Shift+J is not a move)", () => {
    expect(["J", "K", "Enter", "a", "PageDown"].map(listStep)).toEqual([0, 0, 0, 0, 0]);
  });
});
