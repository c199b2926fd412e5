import { describe, expect, it } from "vitest";
import { parsePatch } from "@/lib/git/parse/parse-patch.ts";
import { diffLineKey } from "@/components/ui/diff-hunks.ts";
import { toSplitRows, toSplitViewRows, toTextDiff } from "./diff-adapter.ts";
import { describeSelection, formatReview, parseStoredComments } from "./review.ts";

const PATCH = [
  "diff --git a/f.ts b/f.ts",
  "--- a/f.ts",
  "+++ b/f.ts",
  "@@ -1,4 +1,4 @@",
  " keep",
  "-const answer = 41;",
  "-gone();",
  "+const answer = 42;",
  " tail",
  "-last",
  "\\ No newline at end of file",
  "+last!",
  "\\ No newline at end of file",
  "",
].join("\n");

const diff = () => toTextDiff(parsePatch(PATCH)[0]!);

describe("a git diff drawn by DiffView", () => {
  it("keeps numbers, pairs the changed line for word highlights and marks the missing newline", () => {
    const { hunks, added, removed } = diff();
    expect([added, removed]).toEqual([2, 3]);
    const lines = hunks[0]!.lines;
    expect(lines.map((line) => `${line.kind} ${line.oldNumber ?? "-"} ${line.newNumber ?? "-"}`)).toEqual([
      "context 1 1",
      "removed 2 -",
      "removed 3 -",
      "added - 2",
      "context 4 3",
      "removed 5 -",
      "added - 4",
    ]);
    expect(lines[3]!.segments?.filter((segment) => segment.isChanged).map((segment) => segment.text)).toEqual(["42"]);
    expect(lines.at(-1)!.hasNoNewline).toBe(true);
    expect(new Set(lines.map(diffLineKey)).size).toBe(lines.length);
  });

  it("flattens the side-by-side rows of every hunk, with the unchanged lines skipped before each", () => {
    const hunk = diff().hunks[0]!;
    const rows = toSplitViewRows({ ...diff(), hunks: [hunk, { ...hunk, hiddenBefore: 12 }] });
    expect(rows.map((row) => (row.kind === "gap" ? `gap ${row.count}` : (row.right?.text ?? "·")))).toEqual([
      "keep",
      "const answer = 42;",
      "·",
      "tail",
      "last!",
      "gap 12",
      "keep",
      "const answer = 42;",
      "·",
      "tail",
      "last!",
    ]);
  });

  it("puts removed and added runs side by side", () => {
    const rows = toSplitRows(diff().hunks[0]!);
    expect(rows.map((row) => `${row.left?.text ?? "·"} | ${row.right?.text ?? "·"}`)).toEqual([
      "keep | keep",
      "const answer = 41; | const answer = 42;",
      "gone(); | ·",
      "tail | tail",
      "last | last!",
    ]);
  });
});

describe("a review", () => {
  it("quotes each comment's file, lines and code, and the comment verbatim", () => {
    const lines = diff().hunks[0]!.lines;
    const first = { id: "1", file: "f.ts", text: "Why 42? Explain `answer`.", ...describeSelection(lines.slice(1, 4)) };
    const second = { id: "2", file: "f.ts", text: "keep the old name", ...describeSelection([lines[5]!]) };
    expect(first).toMatchObject({ side: "new", startLine: 2, endLine: 2 });
    expect(second).toMatchObject({ side: "old", startLine: 5, endLine: 5 });
    expect(formatReview([first, second])).toBe(
      [
        "Review of the changes in this worktree (2 comments). Please address each one:",
        "1. f.ts, line 2:\n```diff\n-const answer = 41;\n-gone();\n+const answer = 42;\n```\nWhy 42? Explain `answer`.",
        "2. f.ts, line 5 (before the change):\n```diff\n-last\n```\nkeep the old name",
      ].join("\n\n"),
    );
  });
});

describe("review comments kept in the browser", () => {
  const comment = {
    id: "c1",
    file: "README.md",
    side: "new",
    startLine: 2,
    endLine: 3,
    code: ["+a", "+b"],
    text: "Why?",
  };

  it("reads back what was stored", () => {
    expect(parseStoredComments(JSON.stringify([comment]))).toEqual([comment]);
    expect(parseStoredComments("")).toEqual([]);
  });

  it("drops what is not a whole comment, and reads text that is not a list as none", () => {
    const broken = [comment, { ...comment, id: 7 }, { ...comment, side: "left" }, { ...comment, code: [1] }, null];
    expect(parseStoredComments(JSON.stringify(broken))).toEqual([comment]);
    expect(parseStoredComments("{not json")).toEqual([]);
    expect(parseStoredComments('{"id":"c1"}')).toEqual([]);
  });
});
