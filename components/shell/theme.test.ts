import { describe, expect, it } from "vitest";
import { parseTheme, themeAttribute } from "./theme.ts";

describe("theme", () => {
  it("reads a stored choice and falls back to the system's for anything else", () => {
    expect(parseTheme("dark")).toBe("dark");
    expect(parseTheme("light")).toBe("light");
    expect(parseTheme("system")).toBe("system");
    expect(parseTheme("purple")).toBe("system");
    expect(parseTheme(undefined)).toBe("system");
  });

  it("marks <html> only when the user overrides the system", () => {
    expect(themeAttribute("system")).toBeUndefined();
    expect(themeAttribute("dark")).toBe("dark");
  });
});
