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
  ])("is null for %s", (url) => expect(parseGithubRemote(url)).toBeNull());
});

describe("githubCompareUrl", () => {
  it("keeps the branch's slashes and escapes the rest", () => {
    expect(
      githubCompareUrl({ repository: { owner: "octo", name: "hello" }, base: "main", branch: "feat/ünï #1" }),
    ).toBe("https://github.com/octo/hello/compare/main...feat/%C3%BCn%C3%AF%20%231?expand=1");
  });
});
