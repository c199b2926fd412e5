import { describe, expect, it } from "vitest";
import { shellWord } from "./shell-word.ts";

describe("shellWord", () => {
  it("keeps plain branch and remote names as they are", () => {
    expect(shellWord("feat/login-2.0")).toBe("feat/login-2.0");
    expect(shellWord("origin")).toBe("origin");
  });

  it("quotes what a shell would expand, split or end", () => {
    expect(shellWord("feat/$HOME")).toBe("'feat/$HOME'");
    expect(shellWord("a;rm -rf x")).toBe("'a;rm -rf x'");
    expect(shellWord("it's")).toBe(`'it'\\''s'`);
    expect(shellWord("")).toBe("''");
  });
});
