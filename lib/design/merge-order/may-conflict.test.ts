import { describe, expect, it } from "vitest";
import { mayConflict } from "./may-conflict.ts";
import type { RawChange } from "./parse-raw-changes.ts";

const NONE = "0".repeat(40);
const id = (digit: string) => digit.repeat(40);
const change = (status: string, to: string): RawChange => ({
  status,
  oldMode: status === "A" ? "000000" : "100644",
  oldBlob: status === "A" ? NONE : id("1"),
  newMode: status === "D" ? "000000" : "100644",
  newBlob: status === "D" ? NONE : id(to),
});
const diff = (entries: Record<string, [string, string?]>) =>
  new Map(Object.entries(entries).map(([file, [status, to = "0"]]) => [file, change(status, to)]));

describe("mayConflict", () => {
  it("is true for a path both sides changed differently, or a file one side has where the other has a folder", () => {
    expect(mayConflict({ left: diff({ "a.txt": ["M", "2"] }), right: diff({ "a.txt": ["M", "3"] }) })).toBe(true);
    expect(mayConflict({ left: diff({ x: ["A", "2"] }), right: diff({ "x/y": ["A", "3"] }) })).toBe(true);
  });

  it("is false when the shared paths end up the same, or nothing is shared and no side can have renamed", () => {
    expect(mayConflict({ left: diff({ "a.txt": ["M", "2"] }), right: diff({ "a.txt": ["M", "2"] }) })).toBe(false);
    expect(mayConflict({ left: diff({ "a.txt": ["M", "2"] }), right: diff({ "b.txt": ["A", "3"] }) })).toBe(false);
    // Deletions alone, or additions alone, make no rename.
    expect(mayConflict({ left: diff({ "a.txt": ["D"] }), right: diff({ "a.txt": ["D"] }) })).toBe(false);
    expect(mayConflict({ left: diff({ "pkg/a.txt": ["D"] }), right: diff({ "pkg/b.txt": ["A", "2"] }) })).toBe(false);
  });

  it("is true when a side that deleted and added meets the other side's deletion of the same path", () => {
    expect(
      mayConflict({ left: diff({ "old.txt": ["D"], "new.txt": ["A", "2"] }), right: diff({ "old.txt": ["D"] }) }),
    ).toBe(true);
    expect(mayConflict({ left: diff({ "a.txt": ["D"] }), right: diff({ "a.txt": ["D"], "b.txt": ["A", "2"] }) })).toBe(
      true,
    );
  });

  it("is true when the other side added a file in a folder the renaming side deleted from, at any depth", () => {
    const renaming = diff({ "pkg/one.txt": ["D"], "lib/one.txt": ["A", "2"] });
    expect(mayConflict({ left: renaming, right: diff({ "pkg/three.txt": ["A", "3"] }) })).toBe(true);
    expect(mayConflict({ left: diff({ "pkg/deep/three.txt": ["A", "3"] }), right: renaming })).toBe(true);
    expect(mayConflict({ left: renaming, right: diff({ "other/three.txt": ["A", "3"] }) })).toBe(false);
  });
});
