import { describe, expect, it } from "vitest";
import { compareRunCheckpoints } from "./run-checkpoints.ts";

const at = (tree: string, head: string | null) => ({ tree, head });

describe("compareRunCheckpoints", () => {
  it("finds nothing changed when files and HEAD are the same", () => {
    expect(compareRunCheckpoints(at("t1", "h1"), at("t1", "h1"))).toEqual({ files: false, worktree: false });
  });

  it("counts changed files as a changed worktree, and their checks as due", () => {
    expect(compareRunCheckpoints(at("t1", "h1"), at("t2", "h1"))).toEqual({ files: true, worktree: true });
  });

  it("counts a commit that kept the files (or a first commit) as a changed worktree, with no checks due", () => {
    expect(compareRunCheckpoints(at("t1", "h1"), at("t1", "h2"))).toEqual({ files: false, worktree: true });
    expect(compareRunCheckpoints(at("t1", null), at("t1", "h1"))).toEqual({ files: false, worktree: true });
  });

  it("knows nothing when either checkpoint is missing", () => {
    expect(compareRunCheckpoints(null, at("t1", "h1"))).toBeNull();
    expect(compareRunCheckpoints(at("t1", "h1"), null)).toBeNull();
  });
});
