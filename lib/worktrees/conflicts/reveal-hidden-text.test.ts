import { describe, expect, it } from "vitest";
import { revealHiddenText } from "./reveal-hidden-text.ts";

describe("revealHiddenText", () => {
  it("writes bidirectional controls, zero-width characters and escapes as their code points", () => {
    expect(revealHiddenText("if (a)\u202e } \u2066\u2069 return")).toBe("if (a)⟨U+202E⟩ } ⟨U+2066⟩⟨U+2069⟩ return");
    expect(revealHiddenText("pass\u200bword\ufeff")).toBe("pass⟨U+200B⟩word⟨U+FEFF⟩");
    expect(revealHiddenText("\u001b[2Jred\r")).toBe("⟨U+001B⟩[2Jred⟨U+000D⟩");
  });

  it("writes out tag characters, C1 controls, separators, fillers and other invisible format characters", () => {
    // "hi" in tag characters: invisible on screen, read by a model.
    expect(revealHiddenText("ok\u{e0068}\u{e0069}")).toBe("ok⟨U+E0068⟩⟨U+E0069⟩");
    expect(revealHiddenText("a\u0085b\u009bc")).toBe("a⟨U+0085⟩b⟨U+009B⟩c");
    expect(revealHiddenText("x\u2028y\u2029")).toBe("x⟨U+2028⟩y⟨U+2029⟩");
    expect(revealHiddenText("\u00ad\u034f\u115f\u1160\u180e\u2061\u206a\u3164\uffa0\ufff9")).toBe(
      "⟨U+00AD⟩⟨U+034F⟩⟨U+115F⟩⟨U+1160⟩⟨U+180E⟩⟨U+2061⟩⟨U+206A⟩⟨U+3164⟩⟨U+FFA0⟩⟨U+FFF9⟩",
    );
  });

  it("leaves ordinary text, tabs and other scripts as they are", () => {
    expect(revealHiddenText("\tconst naïve = 'שלום' + \"😀\";")).toBe("\tconst naïve = 'שלום' + \"😀\";");
  });
});
