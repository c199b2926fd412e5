import { describe, expect, it } from "vitest";
import { parseDiffRecords } from "./parse-diff-records.ts";
import { parseStatusEntries } from "./parse-status-entries.ts";
import { isGeneratedPath, recordToChangedFile, statusToChangedFile } from "./to-changed-file.ts";

const H = "1".repeat(40);
const Z = "0".repeat(40);
const z = (...fields: string[]) => new TextEncoder().encode(fields.map((field) => `${field}\0`).join(""));

describe("changed files", () => {
  it("tells a mode change, a symlink, a submodule and a binary file apart", () => {
    const records = parseDiffRecords(
      z(
        `:100644 100755 ${H} ${H} M`,
        "run.sh",
        `:000000 120000 ${Z} ${H} A`,
        "link",
        `:160000 160000 ${H} ${H} M`,
        "vendor/lib",
        `:100644 100644 ${H} ${H} M`,
        "img.png",
        "0\t0\trun.sh",
        "1\t0\tlink",
        "1\t1\tvendor/lib",
        "-\t-\timg.png",
      ),
    );
    const files = records.map(recordToChangedFile);
    expect(files.map((file) => [file.path, file.kind, file.oldMode, file.newMode])).toEqual([
      ["run.sh", "modified", "100644", "100755"],
      ["link", "added", null, "120000"],
      ["vendor/lib", "modified", "160000", "160000"],
      ["img.png", "modified", "100644", "100644"],
    ]);
    expect(files.map((file) => [file.isSymlink, file.isSubmodule, file.isBinary])).toEqual([
      [false, false, false],
      [true, false, false],
      [false, true, false],
      [false, false, true],
    ]);
  });

  it("says what is staged, unstaged, untracked and conflicted", () => {
    const { entries } = parseStatusEntries(
      z(
        `1 MM N... 100644 100644 100644 ${H} ${H} both.txt`,
        `1 A. N... 000000 100644 100644 ${Z} ${H} new.txt`,
        `1 .D N... 100644 100644 000000 ${H} ${H} gone.txt`,
        `u UU N... 100644 100644 100644 100644 ${H} ${H} ${H} clash.txt`,
        "? fresh.txt",
      ),
    );
    expect(
      entries.map((entry) => {
        const file = statusToChangedFile(entry, undefined);
        return [file.path, file.kind, file.isStaged, file.isUnstaged];
      }),
    ).toEqual([
      ["both.txt", "modified", true, true],
      ["new.txt", "added", true, false],
      ["gone.txt", "deleted", false, true],
      ["clash.txt", "conflicted", false, true],
      ["fresh.txt", "untracked", false, true],
    ]);
  });

  it("knows lock files and build output by name", () => {
    expect(["package-lock.json", "web/yarn.lock", "a.min.js", "dist/x.js"].every(isGeneratedPath)).toBe(true);
    expect(["src/lock.ts", "distance.ts"].some(isGeneratedPath)).toBe(false);
  });
});
