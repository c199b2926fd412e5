import { describe, expect, it } from "vitest";
import { revealInvisible } from "./reveal-invisible.ts";

describe("revealInvisible", () => {
  it("writes out text-direction overrides, so a reversed word cannot pass for another", () => {
    expect(revealInvisible("feat/\u202Eevil\u202C-name")).toBe("feat/[U+202E]evil[U+202C]-name");
  });

  it("writes out zero-width and isolate characters, and leaves every other letter as it is", () => {
    expect(revealInvisible("fix/a\u200Bb\u2066c\u2069")).toBe("fix/a[U+200B]b[U+2066]c[U+2069]");
    expect(revealInvisible("feat/日本語-ünï")).toBe("feat/日本語-ünï");
  });
});
