import { describe, expect, it } from "vitest";
import { buildHunkPatch } from "./build-hunk-patch.ts";
import { hunkId } from "./hunk-id.ts";
import { parsePatch } from "./parse-patch.ts";

const PATCH = [
  "diff --git a/f.txt b/f.txt",
  "--- a/f.txt",
  "+++ b/f.txt",
  "@@ -1,3 +1,4 @@",
  " a",
  "+new 1",
  " b",
  " c",
  "@@ -10,3 +11,2 @@",
  " j",
  "-k",
  " l",
  "@@ -20,2 +20,3 @@",
  " t",
  "+new 2",
  " u",
  "",
].join("\n");

describe("buildHunkPatch", () => {
  it("moves a picked hunk's new start by only the picked hunks before it", () => {
    const hunks = parsePatch(PATCH)[0]!.hunks;
    const patch = buildHunkPatch({ path: "f.txt", hunks: [hunks[2]!, hunks[0]!] });
    expect(patch.split("\n").filter((line) => line.startsWith("@@"))).toEqual(["@@ -1,3 +1,4 @@", "@@ -20,2 +21,3 @@"]);
    expect(patch.startsWith('diff --git "a/f.txt" "b/f.txt"\n--- "a/f.txt"\n+++ "b/f.txt"\n')).toBe(true);
  });

  it("quotes names with newlines and non-ASCII so git apply reads them back", () => {
    const hunks = parsePatch(PATCH)[0]!.hunks;
    const patch = buildHunkPatch({ path: 'caf\u00e9\n"x"', hunks: [hunks[0]!] });
    expect(patch.split("\n")[0]).toBe('diff --git "a/caf\\303\\251\\n\\"x\\"" "b/caf\\303\\251\\n\\"x\\""');
  });
});

describe("hunkId", () => {
  it("changes when a hunk's lines change and not otherwise", () => {
    const [first, second] = parsePatch(PATCH)[0]!.hunks;
    expect(hunkId(first!)).toBe(hunkId(parsePatch(PATCH)[0]!.hunks[0]!));
    expect(hunkId(first!)).not.toBe(hunkId(second!));
    const edited = { ...first!, lines: first!.lines.map((line) => ({ ...line, text: `${line.text}!` })) };
    expect(hunkId(edited)).not.toBe(hunkId(first!));
    expect(hunkId(first!).startsWith("1,3,1,4:")).toBe(true);
  });
});
