import { describe, expect, it } from "vitest";
import { splitSnippet } from "./split-snippet.ts";

describe("splitSnippet", () => {
  it("marks the bracketed words the search matched", () => {
    expect(splitSnippet("the [flamingo] migration [plan]")).toEqual([
      { text: "the ", isMatch: false },
      { text: "flamingo", isMatch: true },
      { text: " migration ", isMatch: false },
      { text: "plan", isMatch: true },
    ]);
  });

  it("keeps brackets that were part of the message as text", () => {
    expect(splitSnippet("see [the docs](x) [[[mock]:text ok]]")).toEqual([
      { text: "see [the docs](x) [[", isMatch: false },
      { text: "mock", isMatch: true },
      { text: ":text ok]]", isMatch: false },
    ]);
    expect(splitSnippet("")).toEqual([]);
  });
});
