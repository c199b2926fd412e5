import { describe, expect, it } from "vitest";
import { unshownConflicts } from "./unshown-conflicts.ts";

describe("unshownConflicts", () => {
  it("lists the files not shown, in order", () => {
    expect(unshownConflicts(["a", "b", "c", "d"], ["c", "a"])).toEqual(["b", "d"]);
    expect(unshownConflicts(["a"], ["a"])).toEqual([]);
  });

  it("keeps a second file whose shortened name is the same as a shown one's", () => {
    const long = "aaaa…zzzz";
    expect(unshownConflicts([long, "b", long], [long])).toEqual(["b", long]);
  });
});
