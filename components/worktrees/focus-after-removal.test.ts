import { describe, expect, it } from "vitest";
import { pickRowAfterRemoval } from "./focus-after-removal.ts";

describe("pickRowAfterRemoval", () => {
  it("moves to the row that took the removed row's place", () => {
    expect(pickRowAfterRemoval({ previousKeys: ["a", "b", "c"], nextKeys: ["a", "c"], focusedKey: "b" })).toBe("c");
  });

  it("moves to the row before it when it was the last, skipping rows removed with it", () => {
    expect(pickRowAfterRemoval({ previousKeys: ["a", "b", "c"], nextKeys: ["a"], focusedKey: "c" })).toBe("a");
    expect(pickRowAfterRemoval({ previousKeys: ["a", "b", "c", "d"], nextKeys: ["a", "d"], focusedKey: "b" })).toBe(
      "d",
    );
  });

  it("leaves the focus alone while its row is listed, and has nowhere to go in an empty list", () => {
    expect(pickRowAfterRemoval({ previousKeys: ["a", "b"], nextKeys: ["b", "a"], focusedKey: "b" })).toBeNull();
    expect(pickRowAfterRemoval({ previousKeys: ["a"], nextKeys: [], focusedKey: "a" })).toBeNull();
  });

  it("falls back to the first row when the focused row was never seen", () => {
    expect(pickRowAfterRemoval({ previousKeys: ["a"], nextKeys: ["a", "b"], focusedKey: "x" })).toBe("a");
  });
});
