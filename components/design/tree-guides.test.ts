import { describe, expect, it } from "vitest";
import { buildTreeGuides } from "./tree-guides.ts";

describe("buildTreeGuides", () => {
  it("draws a rail under an ancestor that has a later sibling, and none under a last child", () => {
    // main ├ a │ └ a1 └ b   └ b1
    const rows = [
      { id: "main", parentId: null },
      { id: "a", parentId: "main" },
      { id: "a1", parentId: "a" },
      { id: "b", parentId: "main" },
      { id: "b1", parentId: "b" },
    ];
    const guides = buildTreeGuides(rows);
    expect(guides.get("main")).toEqual({ rails: [], isLast: true });
    expect(guides.get("a")).toEqual({ rails: [], isLast: false });
    expect(guides.get("a1")).toEqual({ rails: [true], isLast: true });
    expect(guides.get("b")).toEqual({ rails: [], isLast: true });
    expect(guides.get("b1")).toEqual({ rails: [false], isLast: true });
  });

  it("gives one rail per level below the parent in a deep chain", () => {
    const rows = [
      { id: "r", parentId: null },
      { id: "x", parentId: "r" },
      { id: "y", parentId: "x" },
      { id: "z", parentId: "y" },
      { id: "x2", parentId: "r" },
    ];
    expect(buildTreeGuides(rows).get("z")).toEqual({ rails: [true, false], isLast: true });
  });
});
