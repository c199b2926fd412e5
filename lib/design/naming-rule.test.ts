import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors/app-error.ts";
import { explainInvalidBranchName } from "./branch-name.ts";
import { expectedBranchName, matchNamingRule, validateNamingRule } from "./naming-rule.ts";

function messageOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError && error.code === "invalid_input") return error.message;
    throw error;
  }
  throw new Error("expected an invalid_input error");
}

describe("validateNamingRule", () => {
  it.each(["feat/{slug}", "{slug}", "user/ana/{slug}-wip", "{slug}.v2", "feature-{slug}"])("accepts %s", (rule) => {
    expect(() => validateNamingRule(rule)).not.toThrow();
  });

  it.each([
    ["feat/", "no {slug} placeholder"],
    ["", "no {slug} placeholder"],
    ["{user}/{slug}", "the only placeholder"],
    ["{slug}/{slug}", "the only placeholder"],
    ["feat/{slug", "no {slug} placeholder"],
    ["feat/{slug}}", "the only placeholder"],
    ["feat /{slug}", "contains a space"],
    ["feat..x/{slug}", 'contains ".."'],
    ["-{slug}", 'starts with "-"'],
    ["/{slug}", 'starts or ends with "/"'],
    ["feat//{slug}", 'contains "//"'],
    ["{slug}/", 'starts or ends with "/"'],
    ["{slug}.", 'ends with "."'],
    ["feat/.{slug}", 'starts with "."'],
    ["{slug}.lock", 'ends with ".lock"'],
    ["feat~{slug}", "~ ^ :"],
    ["a@{{slug}", "the only placeholder"],
    [`${"x".repeat(95)}{slug}`, "longer than 100"],
  ])("rejects %j: %s", (rule, reason) => {
    const message = messageOf(() => validateNamingRule(rule));
    expect(message).toContain(`"${rule}"`);
    expect(message).toContain(reason);
    expect(message).toContain('Use a rule such as "feat/{slug}"');
  });
});

describe("expectedBranchName", () => {
  it("replaces {slug}", () => {
    expect(expectedBranchName({ rule: "feat/{slug}", slug: "add-login" })).toBe("feat/add-login");
    expect(expectedBranchName({ rule: "{slug}", slug: "x" })).toBe("x");
    expect(expectedBranchName({ rule: "u/{slug}-wip", slug: "a1" })).toBe("u/a1-wip");
  });

  it("refuses an invalid slug or rule", () => {
    expect(messageOf(() => expectedBranchName({ rule: "feat/{slug}", slug: "Bad Slug" }))).toContain(
      '"Bad Slug" is not a valid node slug',
    );
    expect(messageOf(() => expectedBranchName({ rule: "feat", slug: "ok" }))).toContain("no {slug} placeholder");
  });
});

describe("matchNamingRule", () => {
  it("returns the slug a branch stands for", () => {
    expect(matchNamingRule({ rule: "feat/{slug}", branch: "feat/add-login" })).toBe("add-login");
    expect(matchNamingRule({ rule: "u/{slug}-wip", branch: "u/a1-wip" })).toBe("a1");
    expect(matchNamingRule({ rule: "{slug}", branch: "main" })).toBe("main");
  });

  it("returns null when the branch does not follow the rule or the slug part is not a slug", () => {
    expect(matchNamingRule({ rule: "feat/{slug}", branch: "fix/add-login" })).toBeNull();
    expect(matchNamingRule({ rule: "feat/{slug}", branch: "feat/" })).toBeNull();
    expect(matchNamingRule({ rule: "feat/{slug}", branch: "feat/Add-Login" })).toBeNull();
    expect(matchNamingRule({ rule: "feat/{slug}", branch: "feat/a/b" })).toBeNull();
    expect(matchNamingRule({ rule: "u/{slug}-wip", branch: "u/-wip" })).toBeNull();
    expect(matchNamingRule({ rule: "{slug}", branch: "feature/ünïcode" })).toBeNull();
  });

  it("round-trips with expectedBranchName", () => {
    for (const rule of ["feat/{slug}", "{slug}", "x-{slug}-y"]) {
      for (const slug of ["a", "add-login", "9-lives", "a".repeat(60)]) {
        expect(matchNamingRule({ rule, branch: expectedBranchName({ rule, slug }) })).toBe(slug);
      }
    }
  });
});

describe("explainInvalidBranchName", () => {
  it("accepts ordinary names and rejects what git check-ref-format --branch rejects", () => {
    expect(explainInvalidBranchName("feat/ünïcode")).toBeNull();
    expect(explainInvalidBranchName("release/1.2")).toBeNull();
    for (const name of [
      "",
      "HEAD",
      "@",
      "a b",
      "a\tb",
      "a:b",
      "a?b",
      "a*b",
      "a[b",
      "a\\b",
      "a^b",
      "x@{1}",
      "a/.b",
      "a.lock",
      "a/",
      "a.",
    ]) {
      expect(explainInvalidBranchName(name), name).not.toBeNull();
    }
  });

  it("refuses a full ref name, which git would nest under refs/heads/", () => {
    expect(explainInvalidBranchName("refs/heads/foo")).toBe(
      'it starts with "refs/" (give the short name: git would make refs/heads/refs/…)',
    );
    expect(explainInvalidBranchName("a:b")).toBe(
      "it contains a space, a control character or a character git forbids (~ ^ : ? * [ \\)",
    );
  });

  it("refuses names that shadow git's own refs, hide characters, or cannot be file names", () => {
    expect(explainInvalidBranchName("ORIG_HEAD")).toBe(
      '"ORIG_HEAD" is the name of one of git\'s own refs, which would shadow the branch',
    );
    expect(explainInvalidBranchName("FETCH_HEAD")).not.toBeNull();
    expect(explainInvalidBranchName("feat/orig_head")).toBeNull();
    expect(explainInvalidBranchName("a\u200bb")).toMatch(/invisible formatting character/);
    expect(explainInvalidBranchName("fix/\u202egnp.exe")).toMatch(/invisible formatting character/);
    expect(explainInvalidBranchName(`feat/${"é".repeat(121)}`)).toMatch(/longer than 240 bytes/);
    expect(explainInvalidBranchName(`feat/${"é".repeat(120)}`)).toBeNull();
  });
});
