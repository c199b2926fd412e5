import { describe, expect, it } from "vitest";
import { FALLBACK_NAMING_RULE, inferNamingRule } from "./infer-naming-rule.ts";

const infer = (branches: string[], defaultBranch: string | null = "main") =>
  inferNamingRule({ branches, defaultBranch });

describe("inferNamingRule", () => {
  it("follows the prefix most other branches share", () => {
    expect(infer(["main", "feat/a", "feat/b", "fix/c"])).toBe("feat/{slug}");
    expect(infer(["main", "feature/login", "feature/cart", "feature/x", "bug/y"])).toBe("feature/{slug}");
    expect(infer(["trunk", "fix/a", "fix/b"], "trunk")).toBe("fix/{slug}");
  });

  it("uses the first path part only", () => {
    expect(infer(["main", "ana/feat/a", "ana/fix/b", "bob/c"])).toBe("ana/{slug}");
  });

  it("proposes a bare slug when most branches have no prefix", () => {
    expect(infer(["main", "login-page", "cart", "feat/x"])).toBe("{slug}");
  });

  it("falls back when no prefix has a majority, or there is nothing to learn from", () => {
    expect(infer(["main", "feat/a", "fix/b"])).toBe(FALLBACK_NAMING_RULE);
    expect(infer(["main", "feat/a", "fix/b", "chore/c", "feat/d"])).toBe(FALLBACK_NAMING_RULE);
    expect(infer(["main"])).toBe(FALLBACK_NAMING_RULE);
    expect(infer([])).toBe(FALLBACK_NAMING_RULE);
    expect(infer(["master", "develop"], null)).toBe(FALLBACK_NAMING_RULE);
  });

  it("leaves out the default branch even when it has a prefix", () => {
    expect(infer(["release/main", "x", "y"], "release/main")).toBe("{slug}");
  });

  it("never returns a rule git would refuse", () => {
    expect(infer(["main", ".hidden/a", ".hidden/b"])).toBe(FALLBACK_NAMING_RULE);
  });
});
