import { describe, expect, it } from "vitest";
import { matchWorktree } from "./match-worktree.ts";

const worktrees = [
  { repoId: "r1", path: "/a/b" },
  { repoId: "r1", path: "/a/b/nested/wt" },
  { repoId: "r2", path: "/x/y/" },
];

describe("matchWorktree", () => {
  it.each([
    ["/a/b", "/a/b"],
    ["/a/b/src/lib", "/a/b"],
    ["/a/b/nested/wt", "/a/b/nested/wt"],
    ["/a/b/nested/wt/sub", "/a/b/nested/wt"],
    ["/a/b/nested/wtx", "/a/b"],
    ["/x/y", "/x/y/"],
    ["/x/y/z/", "/x/y/"],
  ])("%s → %s", (cwd, path) => {
    expect(matchWorktree({ cwd, worktrees })?.path).toBe(path);
  });

  it.each(["/a/bc", "/a", "/", "/x/yz", "", "a/b"])("%j is unpinned", (cwd) => {
    expect(matchWorktree({ cwd, worktrees })).toBeNull();
  });

  it("returns the caller's own object and prefers the innermost worktree whatever the list order", () => {
    const reversed = [...worktrees].reverse();
    expect(matchWorktree({ cwd: "/a/b/nested/wt/deep", worktrees: reversed })).toBe(worktrees[1]);
  });

  it("lets a worktree at the root match everything", () => {
    expect(matchWorktree({ cwd: "/anything", worktrees: [{ repoId: "root", path: "/" }] })?.repoId).toBe("root");
  });
});
