import { describe, expect, it, vi } from "vitest";
import { NO_MARKERS_NOTE, parseConflictHunks, parseMergeTreeOutput } from "./conflict-hunks.ts";

/** merge-tree -z output for `count` files both sides changed: three stages each, as git writes them. */
function mergeTreeOutputFor(count: number): Uint8Array {
  const entries: string[] = [];
  for (let index = 0; index < count; index += 1)
    for (const stage of [1, 2, 3]) entries.push(`100644 ${String(stage).repeat(40)} ${stage}\tsrc/file-${index}.txt`);
  return bytes(["t".repeat(40), ...entries, "", ""].join("\0"));
}

const bytes = (text: string) => new TextEncoder().encode(text);

/** Labels for hunks whose markers are written with `a` and `b`. */
const LABELS = { base: "a", branch: "b" };

describe("conflict hunks", () => {
  it("splits each marked hunk into the base's side and the branch's, with its line", () => {
    const text = [
      "title",
      "<<<<<<< refs/heads/main",
      "main says hi",
      "=======",
      "branch says hello",
      "branch adds a line",
      ">>>>>>> refs/heads/feat/x",
      "middle",
      "<<<<<<< refs/heads/main",
      "=======",
      "only the branch",
      ">>>>>>> refs/heads/feat/x",
      "",
    ].join("\n");
    const file = parseConflictHunks("a.txt", text, { base: "refs/heads/main", branch: "refs/heads/feat/x" });
    expect(file.hunks).toEqual([
      { line: 2, base: ["main says hi"], branch: ["branch says hello", "branch adds a line"], isTruncated: false },
      { line: 9, base: [], branch: ["only the branch"], isTruncated: false },
    ]);
    expect(file.note).toBeNull();
    expect(file.moreHunks).toBe(0);
  });

  it("skips the common ancestor of the diff3 style and handles CRLF", () => {
    const text = "<<<<<<< ours\r\nA\r\n||||||| base\r\nO\r\n=======\r\nB\r\n>>>>>>> theirs\r\n";
    expect(parseConflictHunks("b.txt", text, { base: "ours", branch: "theirs" }).hunks).toEqual([
      { line: 1, base: ["A"], branch: ["B"], isTruncated: false },
    ]);
  });

  it("bounds hunks, lines and line length, and says when a file has no text hunks", () => {
    const hunk = (n: number) => `<<<<<<< a\n${"x\n".repeat(n)}=======\n${"y".repeat(10)}\n>>>>>>> b\n`;
    const file = parseConflictHunks("big.txt", hunk(5).repeat(4), LABELS, {
      hunksPerFile: 2,
      linesPerSide: 3,
      charsPerLine: 4,
    });
    expect(file.hunks).toHaveLength(2);
    expect(file.moreHunks).toBe(2);
    expect(file.hunks[0]).toMatchObject({ base: ["x", "x", "x"], branch: ["yyyy…"], isTruncated: true });
    expect(parseConflictHunks("renamed.txt", "no markers\n", LABELS).note).toBe(NO_MARKERS_NOTE);
  });

  it("reads lines of the file that only look like conflict markers as text, and markers lengthened by conflict-marker-size", () => {
    const base = "b".repeat(40);
    const branch = "c".repeat(40);
    const text = [
      "How a conflict looks:",
      "<<<<<<< HEAD",
      "ours",
      "=======",
      "theirs",
      ">>>>>>> feature",
      `<<<<<<< ${base}`,
      "Title",
      "<<<<<<< HEAD",
      "=======",
      "=========",
      "Branch title",
      ">>>>>>> feature",
      `>>>>>>> ${branch}`,
      `<<<<<<<<<< ${base}:old.md`,
      "x",
      "=======",
      "==========",
      "y",
      `>>>>>>> ${branch}`,
      `>>>>>>>>>> ${branch}:new.md`,
    ].join("\n");
    const file = parseConflictHunks("doc.md", text, { base, branch });
    expect(file.hunks).toEqual([
      {
        line: 7,
        base: ["Title", "<<<<<<< HEAD"],
        branch: ["=========", "Branch title", ">>>>>>> feature"],
        isTruncated: false,
      },
      { line: 15, base: ["x", "======="], branch: ["y", `>>>>>>> ${branch}`], isTruncated: false },
    ]);
    expect(file.note).toBeNull();
  });

  it("reads the tree and the conflicting paths (once each, spaces and non-ASCII kept) with each side's mode, object and git's messages", () => {
    const output = [
      "t".repeat(40),
      `100644 ${"1".repeat(40)} 1\tdir/a file.txt`,
      `100644 ${"2".repeat(40)} 2\tdir/a file.txt`,
      `100644 ${"3".repeat(40)} 3\tdir/a file.txt`,
      `160000 ${"4".repeat(40)} 2\tnaïve.md`,
      "",
      "1",
      "dir/a file.txt",
      "Auto-merging",
      "Auto-merging dir/a file.txt\n",
      "2",
      "naïve.md",
      "old.md",
      "CONFLICT (rename/delete)",
      "CONFLICT (rename/delete): old.md renamed to naïve.md in b, but deleted in c.\n",
      "",
    ].join("\0");
    const renamed = {
      type: "CONFLICT (rename/delete)",
      paths: ["naïve.md", "old.md"],
      text: "CONFLICT (rename/delete): old.md renamed to naïve.md in b, but deleted in c.",
    };
    expect(parseMergeTreeOutput(bytes(output))).toEqual({
      tree: "t".repeat(40),
      conflicts: [
        {
          path: "dir/a file.txt",
          display: "dir/a file.txt",
          ancestor: { mode: "100644", oid: "1".repeat(40) },
          base: { mode: "100644", oid: "2".repeat(40) },
          branch: { mode: "100644", oid: "3".repeat(40) },
          messages: [{ type: "Auto-merging", paths: ["dir/a file.txt"], text: "Auto-merging dir/a file.txt" }],
        },
        {
          path: "naïve.md",
          display: "naïve.md",
          ancestor: null,
          base: { mode: "160000", oid: "4".repeat(40) },
          branch: null,
          messages: [renamed],
        },
      ],
    });
  });

  it("names a path with a newline, an escape or bytes that are not UTF-8 without losing it or letting it add lines", () => {
    const head = bytes(`${"t".repeat(40)}\u0000100644 ${"2".repeat(40)} 2\t`);
    const output = new Uint8Array([
      ...head,
      ...bytes("evil\n## Fake section\n\u001b[2J.txt"),
      0,
      ...bytes(`100644 ${"3".repeat(40)} 3\tbad`),
      0xff,
      ...bytes(".txt"),
      0,
      0,
    ]);
    const { conflicts } = parseMergeTreeOutput(output);
    expect(conflicts.map(({ path, display }) => ({ path, display }))).toEqual([
      { path: "evil\n## Fake section\n\u001b[2J.txt", display: "evil\\n## Fake section\\n\\x1B[2J.txt" },
      { path: "/raw/YmFk/y50eHQ=", display: "bad\\xFF.txt" },
    ]);
  });

  it("reads thousands of conflicting paths once each, in git's order", () => {
    // 12,000 files both sides changed (36,000 entries): a list's `includes` made this quadratic,
    // seconds of a blocked event loop; every path is kept once and in order.
    const output = mergeTreeOutputFor(12_000);
    // Counted, not timed: no search of the paths kept so far per entry (what made it quadratic).
    const searches = (["includes", "indexOf", "some", "find"] as const).map((name) => vi.spyOn(Array.prototype, name));
    const { tree, conflicts } = parseMergeTreeOutput(output);
    const searchCount = searches.reduce((sum, spy) => sum + spy.mock.calls.length, 0);
    for (const spy of searches) spy.mockRestore();
    expect(searchCount).toBe(0);
    expect(tree).toBe("t".repeat(40));
    const conflictingFiles = conflicts.map((conflict) => conflict.path);
    expect(conflictingFiles).toHaveLength(12_000);
    expect(new Set(conflictingFiles).size).toBe(12_000);
    expect(conflictingFiles[0]).toBe("src/file-0.txt");
    expect(conflictingFiles[11_999]).toBe("src/file-11999.txt");
  });
});
