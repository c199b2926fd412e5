import { describe, expect, it } from "vitest";
import { splitInlineCode } from "./inline-code.ts";

describe("splitInlineCode", () => {
  it("marks what backtick pairs enclose as code and keeps the rest as text", () => {
    expect(splitInlineCode("Run `gh auth login` in a terminal, then `git stash -u`.")).toEqual([
      { text: "Run ", isCode: false },
      { text: "gh auth login", isCode: true },
      { text: " in a terminal, then ", isCode: false },
      { text: "git stash -u", isCode: true },
      { text: ".", isCode: false },
    ]);
  });

  it("leaves a message without backticks whole", () => {
    expect(splitInlineCode("Nothing to land.")).toEqual([{ text: "Nothing to land.", isCode: false }]);
    expect(splitInlineCode("")).toEqual([]);
  });

  it("keeps a backtick without a partner, and an empty pair, as written", () => {
    expect(splitInlineCode("a ` lone one")).toEqual([{ text: "a ` lone one", isCode: false }]);
    expect(splitInlineCode("empty `` pair and `code`")).toEqual([
      { text: "empty `` pair and ", isCode: false },
      { text: "code", isCode: true },
    ]);
    expect(splitInlineCode("`x` then ` open")).toEqual([
      { text: "x", isCode: true },
      { text: " then ` open", isCode: false },
    ]);
  });

  it("closes a span only with a run as long as the one that opened it, so longer runs can hold a backtick", () => {
    expect(splitInlineCode("Use ``a ` b`` here")).toEqual([
      { text: "Use ", isCode: false },
      { text: "a ` b", isCode: true },
      { text: " here", isCode: false },
    ]);
    expect(splitInlineCode("`` ` ``")).toEqual([{ text: "`", isCode: true }]);
    // Three backticks in a sentence, never closed by three: literal, and the later single pair is code.
    expect(splitInlineCode("type ``` to open a block, or `x` inline")).toEqual([
      { text: "type ``` to open a block, or ", isCode: false },
      { text: "x", isCode: true },
      { text: " inline", isCode: false },
    ]);
  });

  it("never lets a span cross a blank line", () => {
    const message = "a stray ` here\n\nand another ` a paragraph later";
    expect(splitInlineCode(message)).toEqual([{ text: message, isCode: false }]);
    expect(splitInlineCode("one `line\nbreak` is fine")).toEqual([
      { text: "one ", isCode: false },
      { text: "line\nbreak", isCode: true },
      { text: " is fine", isCode: false },
    ]);
  });
});
