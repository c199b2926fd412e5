import { describe, expect, it } from "vitest";
import { stepWorktree } from "./worktree-keys.ts";

describe("stepWorktree", () => {
  const paths = ["/main", null, "/a", "/b"];

  it("moves to the next or previous worktree that can be opened, skipping the others", () => {
    expect(stepWorktree({ paths, current: "/main", step: 1 })).toBe("/a");
    expect(stepWorktree({ paths, current: "/a", step: -1 })).toBe("/main");
  });

  it("stops at either end instead of wrapping", () => {
    expect(stepWorktree({ paths, current: "/b", step: 1 })).toBe("/b");
    expect(stepWorktree({ paths, current: "/main", step: -1 })).toBe("/main");
  });

  it("starts from the first (down) or last (up) when none is open, and gives nothing for an empty list", () => {
    expect(stepWorktree({ paths, current: null, step: 1 })).toBe("/main");
    expect(stepWorktree({ paths, current: "/gone", step: -1 })).toBe("/b");
    expect(stepWorktree({ paths: [null], current: null, step: 1 })).toBeNull();
  });
});
