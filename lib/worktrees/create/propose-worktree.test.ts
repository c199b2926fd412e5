import { describe, expect, it } from "vitest";
import { proposeWorktreeFolder, folderNameForBranch } from "./propose-worktree.ts";

describe("folderNameForBranch", () => {
  it("takes the slug the naming rule puts in the branch", () => {
    expect(folderNameForBranch({ rule: "feat/{slug}", branch: "feat/add-login" })).toBe("add-login");
    expect(folderNameForBranch({ rule: "{slug}-wip", branch: "cart-wip" })).toBe("cart");
  });

  it("makes one from the last part of a branch that does not follow the rule", () => {
    expect(folderNameForBranch({ rule: "feat/{slug}", branch: "fix/Login_Page" })).toBe("login-page");
    expect(folderNameForBranch({ rule: "not a rule", branch: "ana/feat/Ümlaut" })).toBe("umlaut");
    expect(folderNameForBranch({ rule: "feat/{slug}", branch: "feat/" })).toBe("feat");
  });

  it("keeps the letters of a name with no ASCII letter or digit, so such branches get folders of their own", () => {
    expect(folderNameForBranch({ rule: "feat/{slug}", branch: "feat/日本語" })).toBe("日本語");
    expect(folderNameForBranch({ rule: "feat/{slug}", branch: "feat/中文 分支" })).toBe("中文-分支");
    expect(folderNameForBranch({ rule: "feat/{slug}", branch: "feat/Ветка" })).toBe("ветка");
    // Vowel signs are marks, not separators; a right-to-left override is neither letter nor digit.
    expect(folderNameForBranch({ rule: "feat/{slug}", branch: "feat/हिन्दी" })).toBe("हिन्दी");
    expect(folderNameForBranch({ rule: "feat/{slug}", branch: "feat/\u202eعربي" })).toBe("عربي");
    expect(folderNameForBranch({ rule: "feat/{slug}", branch: "feat/😀😀" })).toBe("task");
    // Cut to 120 bytes of UTF-8 (a folder name may take 255, the repository's name comes first), between letters.
    const long = folderNameForBranch({ rule: "x/{slug}", branch: `feat/${"𠀋".repeat(70)}` });
    expect(long).toBe("𠀋".repeat(30));
    expect(folderNameForBranch({ rule: "x/{slug}", branch: `feat/${"नि".repeat(30)}` })).toBe("नि".repeat(20));
  });
});

describe("proposeWorktreeFolder", () => {
  it("puts the worktree next to the main one, named after the repository and the slug", () => {
    expect(proposeWorktreeFolder({ repoRoot: "/src/arbor", slug: "login" })).toBe("/src/arbor-login");
    expect(proposeWorktreeFolder({ repoRoot: "/src/arbor/", slug: "x" })).toBe("/src/arbor-x");
    expect(proposeWorktreeFolder({ repoRoot: "/arbor", slug: "x" })).toBe("/arbor-x");
  });

  it("names a bare repository without its .git, and puts a hidden one's worktrees in its project folder", () => {
    expect(proposeWorktreeFolder({ repoRoot: "/src/arbor.git", slug: "login" })).toBe("/src/arbor-login");
    expect(proposeWorktreeFolder({ repoRoot: "/src/arbor/.bare", slug: "login" })).toBe("/src/arbor/login");
    expect(proposeWorktreeFolder({ repoRoot: "/src/arbor/.git/", slug: "login" })).toBe("/src/arbor/login");
    expect(proposeWorktreeFolder({ repoRoot: "/.bare", slug: "x" })).toBe("/x");
    expect(proposeWorktreeFolder({ repoRoot: "/src/a.github", slug: "x" })).toBe("/src/a.github-x");
  });
});
