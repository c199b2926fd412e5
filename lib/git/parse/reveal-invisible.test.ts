import { describe, expect, it } from "vitest";
import { revealInvisible, revealInvisibleParts } from "./reveal-invisible.ts";

describe("revealInvisible", () => {
  it("writes out text-direction overrides, so a reversed word cannot pass for another", () => {
    expect(revealInvisible("feat/\u202Eevil\u202C-name")).toBe("feat/[U+202E]evil[U+202C]-name");
  });

  it("writes out zero-width and isolate characters, and leaves every other letter as it is", () => {
    expect(revealInvisible("fix/a\u200Bb\u2066c\u2069")).toBe("fix/a[U+200B]b[U+2066]c[U+2069]");
    expect(revealInvisible("feat/日本語-ünï")).toBe("feat/日本語-ünï");
  });
});

describe("revealInvisibleParts", () => {
  it("splits a name into what is written and the invisible characters written out, in order", () => {
    expect(revealInvisibleParts("\u202Eab\u200Bc")).toEqual([
      { text: "[U+202E]", isHidden: true },
      { text: "ab", isHidden: false },
      { text: "[U+200B]", isHidden: true },
      { text: "c", isHidden: false },
    ]);
  });

  it("keeps a name without them as one part, and an empty name as none", () => {
    expect(revealInvisibleParts("feat/login")).toEqual([{ text: "feat/login", isHidden: false }]);
    expect(revealInvisibleParts("")).toEqual([]);
  });

  it("joins back to what revealInvisible writes", () => {
    const name = "x\u2066y\u2069\u202Ez";
    expect(
      revealInvisibleParts(name)
        .map((part) => part.text)
        .join(""),
    ).toBe(revealInvisible(name));
  });
});
