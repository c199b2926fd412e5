import { describe, expect, it } from "vitest";
import { decodeGitPath } from "@/lib/git/git-path.ts";
import { parsePatch } from "./parse-patch.ts";

const A = "bdc955b7b2e610ad5a72302b139a2e6cb325519a";
const B = "8835708590a9afa236e1bbad18df9d23de82ccd3";

// What `git diff --cached` with PATCH_ARGS and -M printed for a binary change, a Latin-1 name, a
// rename, a mode change and a name with a space whose last line has no newline.
const PATCH = [
  "diff --git a/bin.dat b/bin.dat",
  `index ${A}..${B} 100644`,
  "Binary files a/bin.dat and b/bin.dat differ",
  'diff --git "a/caf\\351" "b/caf\\351"',
  `index ${A}..${B} 100644`,
  '--- "a/caf\\351"',
  '+++ "b/caf\\351"',
  "@@ -1 +1 @@",
  "-q",
  "+r",
  "diff --git a/old.txt b/new.txt",
  "similarity index 100%",
  "rename from old.txt",
  "rename to new.txt",
  "diff --git a/script.sh b/script.sh",
  "old mode 100644",
  "new mode 100755",
  "diff --git a/sp ace.txt b/sp ace.txt",
  `index ${A}..${B} 100644`,
  "--- a/sp ace.txt\t",
  "+++ b/sp ace.txt\t",
  "@@ -1,2 +1,2 @@",
  " a",
  "-b",
  "\\ No newline at end of file",
  "+B",
  "\\ No newline at end of file",
  "",
].join("\n");

describe("parsePatch", () => {
  it("reads binary files, quoted non-UTF-8 names, renames, mode changes and names with spaces", () => {
    const files = parsePatch(PATCH);
    expect(files.map((file) => [file.display, file.oldPath, file.isBinary, file.oldMode, file.newMode])).toEqual([
      ["bin.dat", null, true, "100644", "100644"],
      ["caf\\xE9", null, false, "100644", "100644"],
      ["new.txt", "old.txt", false, null, null],
      ["script.sh", null, false, "100644", "100755"],
      ["sp ace.txt", null, false, "100644", "100644"],
    ]);
    expect(files[1]?.path).toBe(decodeGitPath(Uint8Array.of(0x63, 0x61, 0x66, 0xe9)).path);
    expect(files[2]).toMatchObject({ similarity: 100, hunks: [] });
    expect(files[0]).toMatchObject({ oldBlob: A, newBlob: B });
  });

  it("numbers old and new lines and marks a missing final newline", () => {
    const [, , , , spaced] = parsePatch(PATCH);
    expect(spaced?.hunks[0]?.lines).toEqual([
      { kind: "context", text: "a", oldNo: 1, newNo: 1 },
      { kind: "del", text: "b", oldNo: 2, newNo: null, noNewline: true },
      { kind: "add", text: "B", oldNo: null, newNo: 2, noNewline: true },
    ]);
  });

  it("reads a line that looks like a header inside a hunk as content", () => {
    const patch = [
      "diff --git a/x b/x",
      "--- a/x",
      "+++ b/x",
      "@@ -1,2 +1,2 @@",
      "--- a/x",
      "+diff --git a/y b/y",
      " k",
      "",
    ];
    const [file] = parsePatch(patch.join("\n"));
    expect(file?.hunks[0]?.lines.map((line) => [line.kind, line.text])).toEqual([
      ["del", "-- a/x"],
      ["add", "diff --git a/y b/y"],
      ["context", "k"],
    ]);
  });

  it("keeps the first lines of a big patch and marks the file truncated", () => {
    const body = Array.from({ length: 50 }, (_, index) => `+line ${index}`);
    const patch = [
      "diff --git a/big b/big",
      "new file mode 100644",
      "--- /dev/null",
      "+++ b/big",
      "@@ -0,0 +1,50 @@",
      ...body,
    ];
    const [file] = parsePatch(patch.join("\n"), { maxLines: 10 });
    expect(file).toMatchObject({ path: "big", isNew: true, isTruncated: true });
    expect(file?.hunks[0]?.lines).toHaveLength(10);
    expect(file?.hunks[0]?.lines.at(-1)).toMatchObject({ text: "line 9", newNo: 10 });
  });
});
