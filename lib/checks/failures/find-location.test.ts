import { describe, expect, it } from "vitest";
import { findLocation, splitLocation } from "./find-location.ts";

describe("findLocation", () => {
  it("finds the first place outside dependencies, or the first in the test's own file", () => {
    const stack = [
      "Error: boom at 13:38:14 from 127.0.0.1:3000",
      "    at run (node_modules/lib/index.js:3:1)",
      "    at Object.<anonymous> (file:///repo/src/a.test.ts:12:5)",
      "    at helper (src/helper.ts:40:2)",
    ];
    expect(findLocation(stack)).toEqual({ file: "/repo/src/a.test.ts", line: 12 });
    expect(findLocation(stack, "src/helper.ts")).toEqual({ file: "src/helper.ts", line: 40 });
    expect(findLocation(["./src/lib.rs:16:9: panicked"], "src/lib.rs")).toEqual({ file: "src/lib.rs", line: 16 });
    expect(findLocation(["no place here", "version 1.2:3"], undefined)).toBeNull();
  });
});

describe("splitLocation", () => {
  it("splits a path from its line and column, from the end", () => {
    expect(splitLocation("/repo/a.test.mjs:8:1")).toEqual({ file: "/repo/a.test.mjs", line: 8 });
    expect(splitLocation("file:///repo/a.js:3")).toEqual({ file: "/repo/a.js", line: 3 });
    expect(splitLocation("C:\\repo\\a.js:4:2")).toEqual({ file: "C:\\repo\\a.js", line: 4 });
    expect(splitLocation("a.js")).toBeNull();
    expect(splitLocation(":0:1")).toBeNull();
  });
});
