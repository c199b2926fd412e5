import { describe, expect, it } from "vitest";
import { javaStringHash, projectSlugForPath } from "./project-slug.ts";

describe("projectSlugForPath (the rule observed in Claude Code 2.1.197)", () => {
  it.each([
    ["/work/example-repo", "-work-example-repo"],
    ["/T/repos/My Repo.v2_test", "-T-repos-My-Repo-v2-test"],
    ["/T/repos/répo-ü", "-T-repos-r-po--"],
    ["/T/repos/slugreal", "-T-repos-slugreal"],
  ])("%s → %s", (path, slug) => {
    expect(projectSlugForPath(path)).toBe(slug);
  });

  it("replaces each UTF-16 code unit, so an emoji (a surrogate pair) becomes two dashes", () => {
    expect(projectSlugForPath("/a/😀")).toBe("-a---");
  });

  it("cuts a slug longer than 200 characters and appends the base36 hash of the full path", () => {
    const path = `/work/repos/long-${"abcdefghij".repeat(20)}`;
    const slug = projectSlugForPath(path);
    expect(path.length).toBe(217);
    expect(slug).toBe(`${path.replace(/[^A-Za-z0-9]/g, "-").slice(0, 200)}-g0je60`);
  });

  it("keeps a slug of exactly 200 characters as it is", () => {
    const path = `/${"a".repeat(199)}`;
    expect(projectSlugForPath(path)).toBe(`-${"a".repeat(199)}`);
  });
});

describe("javaStringHash", () => {
  it("matches Java's String.hashCode, including 32-bit overflow", () => {
    expect(javaStringHash("")).toBe(0);
    expect(javaStringHash("a")).toBe(97);
    expect(javaStringHash("hello")).toBe(99162322);
    expect(javaStringHash("polygenelubricants")).toBe(-2147483648);
  });
});
