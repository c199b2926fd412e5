import { describe, expect, it } from "vitest";
import { readSelection, selectionQuery } from "./url-selection.ts";

describe("selection in the URL", () => {
  it("writes repository, worktree and plan and reads them back, paths with spaces and non-ASCII included", () => {
    const selection = { repoId: "r1", worktreePath: "/tmp/my repo/wörk tree", planId: "p 1" };
    const query = selectionQuery("", selection);
    expect(readSelection(new URLSearchParams(query))).toEqual(selection);
  });

  it("drops cleared fields and keeps unrelated parameters", () => {
    const query = selectionQuery("?repo=r1&wt=%2Fa&plan=p&debug=1", { repoId: "r2", worktreePath: null, planId: null });
    expect(new URLSearchParams(query).get("debug")).toBe("1");
    expect(readSelection(new URLSearchParams(query))).toEqual({ repoId: "r2", worktreePath: null, planId: null });
  });

  it("is empty when nothing is selected", () => {
    expect(selectionQuery("?repo=r1", { repoId: null, worktreePath: null, planId: null })).toBe("");
  });
});
