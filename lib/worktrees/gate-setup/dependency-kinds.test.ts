import { describe, expect, it } from "vitest";
import { isFolderOfPackages, isInstalledFolder, manifestPathspecs, planMirroredLink } from "./dependency-kinds.ts";

describe("isInstalledFolder", () => {
  it("accepts installed dependency folders at any depth, and Bundler's vendor/bundle", () => {
    for (const folder of ["node_modules", "packages/web/node_modules", ".venv", "venv", "vendor", "app/vendor/bundle"])
      expect(isInstalledFolder(folder)).toBe(true);
  });

  it("refuses build output, caches, other names and paths out of the worktree", () => {
    for (const folder of ["dist", "target", ".next", "__pycache__", "bundle", "src", "../node_modules", ".git/venv"])
      expect(isInstalledFolder(folder)).toBe(false);
  });
});

describe("manifestPathspecs", () => {
  it("matches each manifest at any depth with git's glob magic", () => {
    const specs = manifestPathspecs();
    expect(specs).toContain(":(glob)**/package-lock.json");
    expect(specs).toContain(":(glob)**/requirements*.txt");
    expect(specs.every((spec) => spec.startsWith(":(glob)**/"))).toBe(true);
  });
});

describe("isFolderOfPackages", () => {
  it("mirrors scopes and .bin entry by entry, links packages and caches whole", () => {
    expect([isFolderOfPackages("@types"), isFolderOfPackages(".bin")]).toEqual([true, true]);
    expect([isFolderOfPackages("react"), isFolderOfPackages(".pnpm")]).toEqual([false, false]);
  });
});

describe("planMirroredLink", () => {
  const roots = { sourceRoot: "/w/branch", scratchRoot: "/tmp/gate/merge" };

  it("points a workspace package's link at the scratch's own copy, relative", () => {
    const plan = planMirroredLink({
      ...roots,
      sourceFolder: "/w/branch/node_modules/@me",
      scratchFolder: "/tmp/gate/merge/node_modules/@me",
      text: "../../packages/util",
    });
    expect(plan).toBe("../../packages/util");
    const fromTop = planMirroredLink({
      ...roots,
      sourceFolder: "/w/branch/node_modules",
      scratchFolder: "/tmp/gate/merge/node_modules",
      text: "/w/branch/packages/app",
    });
    expect(fromTop).toBe("../packages/app");
  });

  it("keeps a link that leads out of the source worktree where it leads, absolute", () => {
    const plan = planMirroredLink({
      ...roots,
      sourceFolder: "/w/branch/node_modules",
      scratchFolder: "/tmp/gate/merge/node_modules",
      text: "../../shared-lib",
    });
    expect(plan).toBe("/w/shared-lib");
    const sibling = planMirroredLink({
      ...roots,
      sourceFolder: "/w/branch/node_modules",
      scratchFolder: "/tmp/gate/merge/node_modules",
      text: "../../branch-other/x",
    });
    expect(sibling).toBe("/w/branch-other/x");
  });
});
