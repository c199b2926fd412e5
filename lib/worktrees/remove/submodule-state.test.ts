import { describe, expect, it } from "vitest";
import { gitlinkPaths } from "./submodule-state.ts";

describe("gitlinkPaths", () => {
  it("keeps the gitlinks of `ls-files --stage -z`, paths with spaces and tabs whole, each once", () => {
    const output = [
      "100644 0123456789abcdef0123456789abcdef01234567 0\tREADME.md",
      "160000 89abcdef0123456789abcdef0123456789abcdef 0\tlibs/the sub",
      "160000 89abcdef0123456789abcdef0123456789abcdef 1\tvendor/x\ty",
      "160000 89abcdef0123456789abcdef0123456789abcdef 2\tvendor/x\ty",
      "",
    ].join("\0");
    expect(gitlinkPaths(output)).toEqual(["libs/the sub", "vendor/x\ty"]);
  });
});
