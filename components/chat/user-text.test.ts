import { describe, expect, it } from "vitest";
import { splitFencedBlocks } from "./user-text.ts";

describe("splitFencedBlocks", () => {
  it("keeps a message without fences as one piece of text, exactly as typed", () => {
    const message = "## not a heading to render\n* a star, _underscores_ and <b>tags</b>\n";
    expect(splitFencedBlocks(message)).toEqual([{ kind: "text", text: message }]);
  });

  it("cuts out fenced blocks with their language, the text around them kept", () => {
    expect(splitFencedBlocks("Before:\n```ts\nconst a = 1;\n\nconst b = 2;\n```\nAfter.")).toEqual([
      { kind: "text", text: "Before:" },
      { kind: "code", text: "const a = 1;\n\nconst b = 2;", language: "ts" },
      { kind: "text", text: "After." },
    ]);
  });

  it("closes a fence only with one at least as long, and an unclosed fence runs to the end", () => {
    expect(splitFencedBlocks("````\n```\ninner\n```\n````")).toEqual([
      { kind: "code", text: "```\ninner\n```", language: "" },
    ]);
    expect(splitFencedBlocks("x\n```\nopen to the end")).toEqual([
      { kind: "text", text: "x" },
      { kind: "code", text: "open to the end", language: "" },
    ]);
  });

  it("does not take inline backticks or a fence with backticks in its info string for a block", () => {
    const message = "use ``` inline\n```a`b\nstill text";
    expect(splitFencedBlocks(message)).toEqual([{ kind: "text", text: message }]);
  });
});
