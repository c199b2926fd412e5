import { describe, expect, it } from "vitest";
import { parseSettingsText, renderSettings } from "./settings-text.ts";

describe("parseSettingsText", () => {
  it("recognises Claude Code's own layout and renders it back identically", () => {
    const text = `${JSON.stringify({ hooks: {}, permissions: { allow: ["Read"] } }, null, 2)}\n`;
    const parsed = parseSettingsText({ text, fileLabel: "f" });
    if (parsed.kind !== "json" || !parsed.format) throw new Error("expected canonical json");
    expect(parsed.format).toEqual({ indent: 2, eol: "\n", trailingNewline: true, bom: false });
    expect(renderSettings({ settings: parsed.settings, format: parsed.format })).toBe(text);
  });

  it.each([
    ["a number written as 1.0", '{\n  "n": 1.0\n}\n'],
    ["an escaped character", '{\n  "s": "\\u00e9"\n}\n'],
    ["a duplicate key", '{\n  "a": 1,\n  "a": 2\n}\n'],
    ["space before a colon", '{\n  "a" : 1\n}\n'],
  ])("marks %s as not safe to re-serialise", (_name, text) => {
    expect(parseSettingsText({ text, fileLabel: "f" })).toMatchObject({ kind: "json", format: null });
  });

  it("reads JSONC without mistaking // or /* inside strings for comments", () => {
    const text = '{\n  "url": "http://x/*y*/", // trailing\n  /* block */ "list": ["a,]", "b",],\n}';
    expect(parseSettingsText({ text, fileLabel: "f" })).toEqual({
      kind: "jsonc",
      settings: { url: "http://x/*y*/", list: ["a,]", "b"] },
    });
  });

  it("treats null and blank text as a missing file", () => {
    expect(parseSettingsText({ text: null, fileLabel: "f" })).toEqual({ kind: "missing" });
    expect(parseSettingsText({ text: "\n\t ", fileLabel: "f" })).toEqual({ kind: "missing" });
  });

  it("throws invalid_input for text that is not JSON even without comments", () => {
    expect(() => parseSettingsText({ text: "{ hooks: {} }", fileLabel: "settings.json" })).toThrow(
      /settings\.json is not valid JSON/,
    );
  });
});
