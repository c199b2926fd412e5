import { describe, expect, it } from "vitest";
import { githubCompareUrl, parseGithubRemote } from "./github-remote.ts";

describe("parseGithubRemote", () => {
  it.each([
    ["https://github.com/octo/hello.git", "octo", "hello"],
    ["https://github.com/octo/hello", "octo", "hello"],
    ["https://token@github.com/octo/hello.git/", "octo", "hello"],
    ["git@github.com:octo/hello.git", "octo", "hello"],
    ["ssh://git@github.com/octo/hello.git", "octo", "hello"],
    ["ssh://git@github.com:22/octo/my.repo", "octo", "my.repo"],
  ])("reads %s", (url, owner, name) => {
    expect(parseGithubRemote(url)).toEqual({ owner, name });
  });

  it.each([
    "https://gitlab.com/octo/hello.git",
    "/srv/git/hello.git",
    "git@github.com:octo",
    "https://github.com.evil.example/o/r",
    "https://github.com/../repo.git",
    "https://github.com/./repo.git",
    "https://github.com/octo/...git",
    "git@github.com:../repo.git",
    "https://github.com/octo/..",
  ])("is null for %s", (url) => expect(parseGithubRemote(url)).toBeNull());
});

describe("githubCompareUrl", () => {
  it("keeps the branch's slashes and escapes the rest", () => {
    expect(
      githubCompareUrl({ repository: { owner: "octo", name: "hello" }, base: "main", branch: "feat/ünï#1%x" }),
    ).toBe("https://github.com/octo/hello/compare/main...feat/%C3%BCn%C3%AF%231%25x?expand=1");
  });

  it("is null for a name git would refuse as a branch (a `..` part would climb into another repository)", () => {
    const repository = { owner: "octo", name: "hello" };
    expect(githubCompareUrl({ repository, base: "../../../attacker/repo/compare/main", branch: "feat/a" })).toBeNull();
    expect(githubCompareUrl({ repository, base: "main", branch: "feat/../../x" })).toBeNull();
    expect(githubCompareUrl({ repository, base: "main", branch: "feat/.hidden" })).toBeNull();
    expect(githubCompareUrl({ repository, base: "-main", branch: "feat/a" })).toBeNull();
  });
});
