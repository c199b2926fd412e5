import { describe, expect, it } from "vitest";
import { diffTexts } from "./diff-hunks.ts";
import {
  createDiffHighlighter,
  HIGHLIGHT_WINDOW_LINES,
  highlightLines,
  languageForPath,
  MAX_HIGHLIGHT_DIFF_CHARS,
  MAX_HIGHLIGHT_LINE_CHARS,
  toLinePieces,
  type SyntaxToken,
} from "./diff-syntax.ts";

/** The classes of a line's tokens with their text, plain text left out. */
const coloured = (tokens: SyntaxToken[] | null | undefined) =>
  (tokens ?? []).filter((token) => token.className !== null).map((token) => `${token.className}:${token.text}`);

describe("languageForPath", () => {
  it("names the grammar of common extensions, aliases included, and none for unknown or missing ones", () => {
    expect(languageForPath("src/app/page.tsx")).toBe("typescript");
    expect(languageForPath("lib/x.ts")).toBe("ts");
    expect(languageForPath("script.MJS")).toBe("javascript");
    expect(languageForPath("a/b/tool.py")).toBe("py");
    expect(languageForPath("Cargo.toml")).toBe("ini");
    expect(languageForPath("Makefile")).toBe("makefile");
    expect(languageForPath("styles/site.css")).toBe("css");
    expect(languageForPath("notes.unknownext")).toBeNull();
    expect(languageForPath("LICENSE")).toBeNull();
    expect(languageForPath(".gitignore")).toBeNull();
    expect(languageForPath("trailing.")).toBeNull();
  });
});

describe("highlightLines", () => {
  it("gives each line its own tokens whose text is the line, keywords and strings classed", () => {
    const lines = ['const name = "arbor";', "", "function go(): number {", "  return 42;", "}"];
    const tokens = highlightLines(lines, "typescript");
    expect(tokens).toHaveLength(lines.length);
    tokens.forEach((line, index) => expect(line!.map((token) => token.text).join("")).toBe(lines[index]));
    expect(coloured(tokens[0])).toEqual(["hljs-keyword:const", 'hljs-string:"arbor"']);
    expect(coloured(tokens[1])).toEqual([]);
    expect(coloured(tokens[2])).toContain("hljs-keyword:function");
    expect(coloured(tokens[3])).toEqual(["hljs-keyword:return", "hljs-number:42"]);
  });

  it("carries state across lines: every line of a block comment is a comment", () => {
    const tokens = highlightLines(["/* one", "   two const", "   three */", "let x = 1;"], "typescript");
    expect(coloured(tokens[1])).toEqual(["hljs-comment:   two const"]);
    expect(coloured(tokens[2])).toEqual(["hljs-comment:   three */"]);
    expect(coloured(tokens[3])).toContain("hljs-keyword:let");
  });

  it("draws other languages (Python, CSS) with their own grammar", () => {
    expect(coloured(highlightLines(["def go():"], "python")[0])).toContain("hljs-keyword:def");
    expect(coloured(highlightLines(["a { color: red; }"], "css")[0])).toContain("hljs-selector-tag:a");
  });

  it("falls back to plain text for an unknown language and for a line over the length limit", () => {
    expect(highlightLines(["const a = 1;"], null)).toEqual([null]);
    expect(highlightLines(["const a = 1;"], "no-such-language")).toEqual([null]);
    const long = `const s = "${"x".repeat(MAX_HIGHLIGHT_LINE_CHARS)}";`;
    const tokens = highlightLines(["const a = 1;", long, "let b = 2;"], "typescript");
    expect(tokens[1]).toBeNull();
    expect(coloured(tokens[2])).toContain("hljs-keyword:let");
  });
});

describe("toLinePieces", () => {
  const tokens: SyntaxToken[] = [
    { text: "const", className: "hljs-keyword" },
    { text: " answer = ", className: null },
    { text: "42", className: "hljs-number" },
    { text: ";", className: null },
  ];

  it("cuts tokens where a changed word starts and ends, so the changed word keeps its colour", () => {
    const pieces = toLinePieces("const answer = 42;", tokens, [
      { text: "const answer = ", isChanged: false },
      { text: "42", isChanged: true },
      { text: ";", isChanged: false },
    ]);
    expect(pieces).toEqual([
      { text: "const", className: "hljs-keyword", isChanged: false },
      { text: " answer = ", className: null, isChanged: false },
      { text: "42", className: "hljs-number", isChanged: true },
      { text: ";", className: null, isChanged: false },
    ]);
  });

  it("splits a token that a changed word covers only in part", () => {
    const pieces = toLinePieces("const answer = 42;", tokens, [
      { text: "con", isChanged: false },
      { text: "st answer", isChanged: true },
      { text: " = 42;", isChanged: false },
    ]);
    expect(pieces.filter((piece) => piece.isChanged)).toEqual([
      { text: "st", className: "hljs-keyword", isChanged: true },
      { text: " answer", className: null, isChanged: true },
    ]);
    expect(pieces.map((piece) => piece.text).join("")).toBe("const answer = 42;");
  });

  it("keeps the words when there are no colours, and the colours when there are no words", () => {
    expect(
      toLinePieces("a b", null, [
        { text: "a ", isChanged: false },
        { text: "b", isChanged: true },
      ]),
    ).toEqual([
      { text: "a ", className: null, isChanged: false },
      { text: "b", className: null, isChanged: true },
    ]);
    expect(toLinePieces("const answer = 42;", tokens, null).map((piece) => piece.className)).toEqual([
      "hljs-keyword",
      null,
      "hljs-number",
      null,
    ]);
    expect(toLinePieces("", null, null)).toEqual([]);
  });

  it("ignores tokens that do not spell the line (never draws other text than the line's)", () => {
    expect(toLinePieces("let x;", tokens, null)).toEqual([{ text: "let x;", className: null, isChanged: false }]);
  });
});

describe("createDiffHighlighter", () => {
  it("colours removed lines from the old side and added ones from the new side, with word highlights kept apart", () => {
    const diff = diffTexts({ before: "/* a\n b */\nconst x = 1;\n", after: "/* a\n b */\nlet x = 2;\n" });
    const highlighter = createDiffHighlighter(diff, "src/x.ts");
    expect(highlighter.language).toBe("ts");
    const lines = diff.hunks[0]!.lines;
    const removed = lines.find((line) => line.kind === "removed")!;
    const added = lines.find((line) => line.kind === "added")!;
    expect(coloured(highlighter.tokensOf(lines[1]!))).toEqual(["hljs-comment: b */"]);
    expect(coloured(highlighter.tokensOf(removed))).toEqual(["hljs-keyword:const", "hljs-number:1"]);
    expect(coloured(highlighter.tokensOf(added))).toEqual(["hljs-keyword:let", "hljs-number:2"]);
  });

  it("colours a long hunk window by window, keeping a comment opened just before a window", () => {
    const count = HIGHLIGHT_WINDOW_LINES * 3;
    const after = Array.from({ length: count }, (_, index) =>
      index === HIGHLIGHT_WINDOW_LINES - 2
        ? "/* opened"
        : index === HIGHLIGHT_WINDOW_LINES + 1
          ? "closed */"
          : `const v${index} = ${index};`,
    );
    const diff = diffTexts({ before: "", after: `${after.join("\n")}\n` });
    const highlighter = createDiffHighlighter(diff, "big.ts");
    const lines = diff.hunks[0]!.lines;
    expect(coloured(highlighter.tokensOf(lines[count - 1]!))).toContain(`hljs-keyword:const`);
    // The first line of the second window is inside the comment opened in the first.
    expect(coloured(highlighter.tokensOf(lines[HIGHLIGHT_WINDOW_LINES]!))).toEqual([
      `hljs-comment:const v${HIGHLIGHT_WINDOW_LINES} = ${HIGHLIGHT_WINDOW_LINES};`,
    ]);
    expect(coloured(highlighter.tokensOf(lines[HIGHLIGHT_WINDOW_LINES + 2]!))).toContain("hljs-keyword:const");
  });

  it("draws plain text for an unknown file type and for a diff over the size limit", () => {
    const diff = diffTexts({ before: "", after: "const a = 1;\n" });
    expect(createDiffHighlighter(diff, "notes.unknownext").tokensOf(diff.hunks[0]!.lines[0]!)).toBeNull();
    const line = "x".repeat(900);
    const count = Math.ceil(MAX_HIGHLIGHT_DIFF_CHARS / line.length) + 1;
    const huge = diffTexts({ before: "", after: `${Array.from({ length: count }, () => line).join("\n")}\n` });
    const highlighter = createDiffHighlighter(huge, "huge.ts");
    expect(highlighter.language).toBeNull();
    expect(highlighter.tokensOf(huge.hunks[0]!.lines[0]!)).toBeNull();
  });
});
