import { describe, expect, it } from "vitest";
import { listAnswerDecisions, stripAnswerTags } from "./answer-tags.ts";

describe("answer tags in the chat", () => {
  it("hides the meta and decision tags of a finished answer and lists its decisions", () => {
    const answer = [
      "Use the LRU cache.",
      "<!-- [decision] topic: 3 | Cache with an in-process LRU -->",
      "<!-- [meta] project: arbor (id: 1) | topic: Caching (id: 3) -->",
    ].join("\n");
    expect(stripAnswerTags(answer)).toBe("Use the LRU cache.");
    expect(listAnswerDecisions(answer)).toEqual(["Cache with an in-process LRU"]);
    expect(listAnswerDecisions("<!-- [decision] Ship on Fridays -->")).toEqual(["Ship on Fridays"]);
  });

  it("hides a tag still streaming, but keeps other comments and text", () => {
    expect(stripAnswerTags("Done.\n<!-- [me")).toBe("Done.");
    expect(stripAnswerTags("Done.\n<!-- [decision] topic: 1 | Use W")).toBe("Done.");
    expect(stripAnswerTags("Done.\n<!--")).toBe("Done.");
    expect(stripAnswerTags("Compare <!-- a note --> this")).toBe("Compare <!-- a note --> this");
    expect(stripAnswerTags("x <!-- TODO later")).toBe("x <!-- TODO later");
  });
});
