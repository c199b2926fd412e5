import { describe, expect, it } from "vitest";
import { explainNotDependencyFolder } from "./dependency-folder-check.ts";

describe("explainNotDependencyFolder", () => {
  it("accepts a top-most dependency folder at any depth", () => {
    expect(explainNotDependencyFolder("node_modules")).toBeNull();
    expect(explainNotDependencyFolder("packages/web/.venv")).toBeNull();
  });

  it("refuses other names, paths out of the worktree or into .git, and folders inside a dependency folder", () => {
    for (const folder of ["src", "..", "../node_modules", "./node_modules", "a//node_modules", ".git/node_modules", ""])
      expect(explainNotDependencyFolder(folder)).toContain("is not a dependency folder of this worktree");
    expect(explainNotDependencyFolder("vendor/pkg/node_modules")).toBe(
      "is inside vendor, a dependency folder itself; only that outer folder is deleted",
    );
  });
});
