import { describe, expect, it } from "vitest";
import {
  buildGitSafetyEnv,
  buildGitSafetyOptions,
  needsRepositoryOverrides,
  withSubcommandSafetyFlags,
} from "./git-safety.ts";
import { listRepositoryFilterNames, parseConfigList, splitConfigKey } from "./parse-config-list.ts";

const filterOff = (name: string) =>
  ["clean", "smudge", "process"].map((part) => ({ key: `filter.${name}.${part}`, value: "" }));

describe("buildGitSafetyOptions", () => {
  it("switches off fsmonitor, signature checks, submodule recursion and hooks, then applies the overrides", () => {
    const overrides = [...filterOff("Mixed.Case"), { key: "diff.evil.textconv", value: "cat" }];
    const options = buildGitSafetyOptions({ overrides, allowRepositoryCode: false });
    const values = options.filter((_, index) => index % 2 === 1);
    expect(options.filter((_, index) => index % 2 === 0).every((flag) => flag === "-c")).toBe(true);
    expect(values).toEqual([
      "core.fsmonitor=false",
      "log.showSignature=false",
      "submodule.recurse=false",
      "core.hooksPath=/dev/null",
      "filter.Mixed.Case.clean=",
      "filter.Mixed.Case.smudge=",
      "filter.Mixed.Case.process=",
      "diff.evil.textconv=cat",
    ]);
  });

  it("leaves hooks and the repository's programs on for an operation that runs them on purpose", () => {
    const values = buildGitSafetyOptions({ overrides: filterOff("evil"), allowRepositoryCode: true });
    expect(values.join(" ")).not.toMatch(/hooksPath|filter\./);
    expect(values).toContain("core.fsmonitor=false");
  });

  it("refuses a filter that git's -c could not express, and leaves out other such keys Arbor never runs", () => {
    expect(() => buildGitSafetyOptions({ overrides: filterOff("a=b"), allowRepositoryCode: false })).toThrow(
      /cannot be overridden/,
    );
    const options = buildGitSafetyOptions({
      overrides: [{ key: "diff.a=b.command", value: "x" }],
      allowRepositoryCode: false,
    });
    expect(options.join(" ")).not.toContain("a=b");
  });
});

describe("needsRepositoryOverrides", () => {
  it("is false only for commands that never read working-tree files", () => {
    expect(needsRepositoryOverrides(["status", "--porcelain=v2"])).toBe(true);
    expect(needsRepositoryOverrides(["worktree", "add", "-b", "x"])).toBe(true);
    expect(needsRepositoryOverrides(["diff"])).toBe(true);
    expect(needsRepositoryOverrides(["some-future-command"])).toBe(true);
    expect(needsRepositoryOverrides(["worktree", "list", "--porcelain"])).toBe(false);
    expect(needsRepositoryOverrides(["log", "--branches"])).toBe(false);
    expect(needsRepositoryOverrides(["for-each-ref"])).toBe(false);
    expect(needsRepositoryOverrides(["rev-parse", "--git-common-dir"])).toBe(false);
  });
});

describe("withSubcommandSafetyFlags", () => {
  it("puts the flags right after the subcommand, before any -- separator", () => {
    expect(withSubcommandSafetyFlags(["log", "-z", "HEAD", "--"])).toEqual([
      "log",
      "--no-ext-diff",
      "--no-textconv",
      "-z",
      "HEAD",
      "--",
    ]);
    expect(withSubcommandSafetyFlags(["status", "-z"])).toEqual(["status", "--ignore-submodules=dirty", "-z"]);
    expect(withSubcommandSafetyFlags(["diff", "--", "a"])).toEqual([
      "diff",
      "--no-ext-diff",
      "--no-textconv",
      "--ignore-submodules=dirty",
      "--",
      "a",
    ]);
    expect(withSubcommandSafetyFlags(["for-each-ref", "refs/heads"])).toEqual(["for-each-ref", "refs/heads"]);
  });
});

describe("parseConfigList", () => {
  const output = [
    "system\0file:/etc/gitconfig\0core.pager\nless\0",
    "local\0file:.git/config\0filter.Evil.clean\n/x/clean %f\0",
    "local\0file:.git/config\0core.bare\0",
    "local\0file:/repo/.git/extra\0include.path\nweird\nvalue\0",
    "command\0command line:\0core.fsmonitor\nfalse\0",
  ].join("");

  it("keeps scope, origin file, key and value (a value may hold newlines; a bare key has none)", () => {
    expect(parseConfigList(output)).toEqual([
      { scope: "system", originFile: "/etc/gitconfig", key: "core.pager", value: "less" },
      { scope: "local", originFile: ".git/config", key: "filter.Evil.clean", value: "/x/clean %f" },
      { scope: "local", originFile: ".git/config", key: "core.bare", value: null },
      { scope: "local", originFile: "/repo/.git/extra", key: "include.path", value: "weird\nvalue" },
      { scope: "command", originFile: null, key: "core.fsmonitor", value: "false" },
    ]);
  });

  it("lists the filter names of the repository's own scopes only", () => {
    const entries = parseConfigList(
      output +
        "global\0file:/home/u/.gitconfig\0filter.lfs.clean\ngit-lfs clean\0worktree\0file:x\0filter.wt.smudge\ns\0",
    );
    expect(listRepositoryFilterNames(entries)).toEqual(["Evil", "wt"]);
  });

  it("splits a key whose subsection holds dots", () => {
    expect(splitConfigKey("filter.a.b.clean")).toEqual({ section: "filter", subsection: "a.b", name: "clean" });
    expect(splitConfigKey("core.fsmonitor")).toEqual({ section: "core", subsection: null, name: "fsmonitor" });
  });
});

describe("buildGitSafetyEnv", () => {
  it("adds the overrides after the parent's own GIT_CONFIG entries, any filter name included", () => {
    const env = buildGitSafetyEnv({
      overrides: filterOff("a=b"),
      inherited: { GIT_CONFIG_COUNT: "1", GIT_CONFIG_KEY_0: "user.name", GIT_CONFIG_VALUE_0: "me" },
    });
    expect(env.GIT_CONFIG_COUNT).toBe("8");
    expect(env.GIT_CONFIG_KEY_0).toBeUndefined();
    expect([env.GIT_CONFIG_KEY_1, env.GIT_CONFIG_VALUE_1]).toEqual(["core.fsmonitor", "false"]);
    expect([env.GIT_CONFIG_KEY_4, env.GIT_CONFIG_VALUE_4]).toEqual(["core.hooksPath", "/dev/null"]);
    expect([env.GIT_CONFIG_KEY_5, env.GIT_CONFIG_VALUE_5]).toEqual(["filter.a=b.clean", ""]);
    expect(buildGitSafetyEnv({ overrides: [], inherited: { GIT_CONFIG_COUNT: "junk" } }).GIT_CONFIG_COUNT).toBe("4");
  });
});
