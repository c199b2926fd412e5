import { describe, expect, it } from "vitest";
import { proposeWorktreeFolder, slugForBranch } from "./propose-worktree.ts";

describe("slugForBranch", () => {
  it("takes the slug the naming rule puts in the branch", () => {
    expect(slugForBranch({ rule: "feat/{slug}", branch: "feat/add-login" })).toBe("add-login");
    expect(slugForBranch({ rule: "{slug}-wip", branch: "cart-wip" })).toBe("cart");
  });

  it("makes one from the last part of a branch that does not follow the rule", () => {
    expect(slugForBranch({ rule: "feat/{slug}", branch: "fix/Login_Page" })).toBe("login-page");
    expect(slugForBranch({ rule: "not a rule", branch: "ana/feat/Ümlaut" })).toBe("umlaut");
    expect(slugForBranch({ rule: "feat/{slug}", branch: "feat/" })).toBe("feat");
  });
});

describe("proposeWorktreeFolder", () => {
  it("puts the worktree next to the main one, named after the repository and the slug", () => {
    expect(proposeWorktreeFolder({ repoRoot: "/src/arbor", slug: "login" })).toBe("/src/arbor-login");
    expect(proposeWorktreeFolder({ repoRoot: "/src/arbor/", slug: "x" })).toBe("/src/arbor-x");
    expect(proposeWorktreeFolder({ repoRoot: "/arbor", slug: "x" })).toBe("/arbor-x");
  });
});
