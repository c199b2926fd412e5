import { describe, expect, it } from "vitest";
import { buildRecorderRules, parseMetaTag, stripMetaTags } from "./meta-tag.ts";

describe("meta tag", () => {
  it("parses the last tag of an answer", () => {
    const text =
      "Answer.\n<!-- [meta] project: arbor (id: 1a2b) | topic: Old (id: 1) -->\nMore.\n<!-- [meta] project: arbor (id: 1a2b) | topic: Login flow (id: 12) -->";
    expect(parseMetaTag(text)).toEqual({
      projectName: "arbor",
      projectId: "1a2b",
      topicTitle: "Login flow",
      topicId: 12,
    });
    expect(stripMetaTags(text)).toBe("Answer.\n\nMore.");
  });

  it("treats a non-numeric topic id as a new topic and finds nothing without a tag", () => {
    expect(parseMetaTag("x <!-- [meta] project: p (id: 9) | topic: Fresh idea (id: new) -->")).toMatchObject({
      topicTitle: "Fresh idea",
      topicId: null,
    });
    expect(parseMetaTag("No tag here.")).toBeNull();
    expect(parseMetaTag("<!-- meta project: p | topic: t -->")).toBeNull();
  });

  it("writes rules that show the exact tag format", () => {
    expect(buildRecorderRules({ projectName: "arbor", projectId: "1a2b" })).toContain(
      "<!-- [meta] project: arbor (id: 1a2b) | topic: TITLE (id: M) -->",
    );
  });
});
