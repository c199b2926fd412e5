import { describe, expect, it } from "vitest";
import { readGitBoolean, type GitConfigEntry } from "./parse-config-list.ts";

const entry = (value: string | null, scope = "local"): GitConfigEntry => ({
  scope,
  originFile: null,
  key: "merge.renormalize",
  value,
});

describe("readGitBoolean", () => {
  it("reads git's words and numbers, a key without a value as true, and unset as false", () => {
    for (const word of ["true", "Yes", "on", "1", "2k", null])
      expect(readGitBoolean([entry(word)], "merge.renormalize")).toBe(true);
    for (const word of ["false", "NO", "off", "0", ""])
      expect(readGitBoolean([entry(word)], "merge.renormalize")).toBe(false);
    expect(readGitBoolean([], "merge.renormalize")).toBe(false);
  });

  it("lets the last entry win, whatever its scope (a repository's false under a global true)", () => {
    expect(readGitBoolean([entry("true", "global"), entry("false")], "merge.renormalize")).toBe(false);
    expect(readGitBoolean([entry("false", "global"), entry("true", "command")], "merge.renormalize")).toBe(true);
  });
});
