import { describe, expect, it } from "vitest";
import { parseShortstat } from "./read-branch-progress.ts";

describe("parseShortstat", () => {
  it("reads insertions and deletions, singular or plural", () => {
    expect(parseShortstat(" 3 files changed, 10 insertions(+), 2 deletions(-)\n")).toEqual({ added: 10, removed: 2 });
    expect(parseShortstat(" 1 file changed, 1 insertion(+)\n")).toEqual({ added: 1, removed: 0 });
    expect(parseShortstat(" 1 file changed, 1 deletion(-)\n")).toEqual({ added: 0, removed: 1 });
  });

  it("reads no change as zero", () => {
    expect(parseShortstat("")).toEqual({ added: 0, removed: 0 });
  });
});
