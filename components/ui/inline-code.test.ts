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
});
