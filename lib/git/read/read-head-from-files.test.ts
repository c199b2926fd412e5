import { describe, expect, it } from "vitest";
import { findPackedRef, parseHeadFile } from "./read-head-from-files.ts";

const SHA = "0123456789abcdef0123456789abcdef01234567";

describe("reading HEAD from the git dir's files", () => {
  it("tells a detached commit from a branch, and leaves anything else to git", () => {
    expect(parseHeadFile(`${SHA}\n`)).toEqual({ commit: SHA });
    expect(parseHeadFile("ref: refs/heads/feat/x\n")).toEqual({ ref: "refs/heads/feat/x" });
    expect(parseHeadFile("ref: refs/remotes/origin/main\n")).toBeNull();
    expect(parseHeadFile("ref: refs/heads/.invalid extra")).toBeNull();
    expect(parseHeadFile("garbage")).toBeNull();
  });

  it("finds a packed ref by its exact name, skipping comments and peeled lines", () => {
    const packed = `# pack-refs with: peeled fully-peeled sorted\n${SHA} refs/heads/main\n^${SHA}\n${SHA.replace("0", "f")} refs/heads/main-2\n`;
    expect(findPackedRef(packed, "refs/heads/main")).toBe(SHA);
    expect(findPackedRef(packed, "refs/heads/main-2")).toBe(SHA.replace("0", "f"));
    expect(findPackedRef(packed, "refs/heads/mai")).toBeNull();
    expect(findPackedRef("", "refs/heads/main")).toBeNull();
  });
});
