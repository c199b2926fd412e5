import { describe, expect, it } from "vitest";
import { revealHiddenText } from "./reveal-hidden-text.ts";

describe("revealHiddenText", () => {
  it("writes bidirectional controls, zero-width characters and escapes as their code points", () => {
    expect(revealHiddenText("if (a)\u202e } \u2066\u2069 return")).toBe("if (a)⟨U+202E⟩ } ⟨U+2066⟩⟨U+2069⟩ return");
    expect(revealHiddenText("pass\u200bword\ufeff")).toBe("pass⟨U+200B⟩word⟨U+FEFF⟩");
    expect(revealHiddenText("\u001b[2Jred\r")).toBe("⟨U+001B⟩[2Jred⟨U+000D⟩");
  });

  it("leaves ordinary text, tabs and other scripts as they are", () => {
    expect(revealHiddenText("\tconst naïve = 'שלום' + \"😀\";")).toBe("\tconst naïve = 'שלום' + \"😀\";");
  });
});
