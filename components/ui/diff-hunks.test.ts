import { parsePatch } from "diff";
import { describe, expect, it } from "vitest";
import { diffTexts, maxLineNumber, toDiffHunks, toUnifiedRows, type DiffLine } from "./diff-hunks.ts";

const summary = (lines: DiffLine[]) =>
  lines.map((line) => `${line.oldNumber ?? "-"} ${line.newNumber ?? "-"} ${line.kind} ${line.text}`);

describe("diffTexts", () => {
  it("numbers the lines of an edit and pairs the changed line with its replacement, word by word", () => {
    const diff = diffTexts({ before: "one\ntwo words here\nthree\n", after: "one\ntwo WORDS here\nthree\n" });
    expect(diff).toMatchObject({ added: 1, removed: 1, hiddenAfter: 0 });
    expect(diff.hunks).toHaveLength(1);
    const [hunk] = diff.hunks;
    expect(hunk!.hiddenBefore).toBe(0);
    expect(summary(hunk!.lines)).toEqual([
      "1 1 context one",
      "2 - removed two words here",
      "- 2 added two WORDS here",
      "3 3 context three",
    ]);
    expect(hunk!.lines[1]!.segments).toEqual([
      { text: "two ", isChanged: false },
      { text: "words", isChanged: true },
      { text: " here", isChanged: false },
    ]);
    expect(hunk!.lines[2]!.segments?.filter((segment) => segment.isChanged)).toEqual([
      { text: "WORDS", isChanged: true },
    ]);
  });

  it("shows a new file as added lines only", () => {
    const diff = diffTexts({ before: "", after: "a\nb\n" });
    expect(diff).toMatchObject({ added: 2, removed: 0, hiddenAfter: 0 });
    expect(summary(diff.hunks[0]!.lines)).toEqual(["- 1 added a", "- 2 added b"]);
  });

  it("splits far-apart changes into hunks and counts the unchanged lines between and after them", () => {
    const before = Array.from({ length: 30 }, (_, index) => `line ${index + 1}`).join("\n") + "\n";
    const after = before.replace("line 5\n", "line five\n").replace("line 20\n", "");
    const diff = diffTexts({ before, after, context: 2 });
    expect(diff.hunks.map((hunk) => hunk.hiddenBefore)).toEqual([2, 10]);
    expect(diff.hiddenAfter).toBe(8);
    expect(diff.hunks[1]!.lines.filter((line) => line.kind === "removed").map((line) => line.oldNumber)).toEqual([20]);
  });

  it("does not word-highlight lines that share too little, and marks a missing final newline", () => {
    const diff = diffTexts({ before: "completely different\nend", after: "nothing alike here\nend\n" });
    const changed = diff.hunks[0]!.lines.filter((line) => line.kind !== "context");
    expect(changed.find((line) => line.text === "completely different")?.segments).toBeNull();
    expect(changed.find((line) => line.kind === "removed" && line.text === "end")?.hasNoNewline).toBe(true);
  });

  it("leaves unpaired removals whole when more lines are removed than added", () => {
    const diff = diffTexts({ before: "a = 1\nb = 2\nc = 3\n", after: "a = 10\n" });
    const lines = diff.hunks[0]!.lines;
    expect(lines.map((line) => [line.kind, line.segments === null])).toEqual([
      ["removed", false],
      ["removed", true],
      ["removed", true],
      ["added", false],
    ]);
  });
});

describe("toDiffHunks", () => {
  it("reads hunks parsed from a git diff, insertions included", () => {
    const [patch] = parsePatch("--- a/f\n+++ b/f\n@@ -3,0 +4,1 @@\n+inserted\n@@ -10,2 +11,1 @@\n-x\n y\n");
    const hunks = toDiffHunks(patch!.hunks);
    expect(hunks.map((hunk) => hunk.hiddenBefore)).toEqual([3, 6]);
    expect(summary(hunks[0]!.lines)).toEqual(["- 4 added inserted"]);
    expect(summary(hunks[1]!.lines)).toEqual(["10 - removed x", "11 11 context y"]);
  });
});

describe("toUnifiedRows", () => {
  it("flattens hunks into rows: the gap before each, its lines, a missing newline under its line, the gap after", () => {
    const before = Array.from({ length: 40 }, (_, index) => `line ${index + 1}`).join("\n");
    const after = before.replace("line 5\n", "five\n").replace("line 40", "forty");
    const diff = diffTexts({ before, after, context: 1 });
    const rows = toUnifiedRows(diff).map((row) =>
      row.kind === "gap"
        ? `gap ${row.count}`
        : row.kind === "no-newline"
          ? "no newline"
          : `${row.line.kind} ${row.line.text}`,
    );
    expect(rows).toEqual([
      "gap 3",
      "context line 4",
      "removed line 5",
      "added five",
      "context line 6",
      "gap 32",
      "context line 39",
      "removed line 40",
      "no newline",
      "added forty",
      "no newline",
    ]);
    expect(maxLineNumber(diff)).toBe(41);
    expect(
      toUnifiedRows(diffTexts({ before: "a\nb\nc\nd\ne\n", after: "A\nb\nc\nd\ne\n", context: 1 })).at(-1),
    ).toEqual({
      kind: "gap",
      count: 3,
    });
  });
});
