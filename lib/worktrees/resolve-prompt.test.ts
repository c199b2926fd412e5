import { describe, expect, it } from "vitest";
import { buildResolvePrompt, RESOLVE_PROMPT_MAX_CHARS } from "./resolve-prompt.ts";
import type { ConflictFile } from "./worktree-types.ts";

const file = (path: string, base: string[], branch: string[]): ConflictFile => ({
  path,
  hunks: [{ line: 3, base, branch, isTruncated: false }],
  moreHunks: 0,
  note: null,
});

describe("the Ask Claude to resolve message", () => {
  it("asks to merge the base into the branch, resolve and commit, with both sides of each hunk in order", () => {
    const prompt = buildResolvePrompt({
      base: "main",
      branch: "feat/naïve",
      conflictingFiles: ["a file.txt"],
      conflicts: [file("a file.txt", ["main side"], ["branch side", "```fenced```"])],
    });
    expect(prompt).toContain("`git merge main`");
    expect(prompt).toMatch(/commit the merge/);
    expect(prompt).toContain("## a file.txt");
    const baseAt = prompt.indexOf("main (the base):\n```\nmain side\n```");
    const branchAt = prompt.indexOf("feat/naïve (this branch):\n````\nbranch side\n```fenced```\n````");
    expect(baseAt).toBeGreaterThan(0);
    expect(branchAt).toBeGreaterThan(baseAt);
  });

  it("stays within its size bound and names the files it could not show", () => {
    const huge = Array.from({ length: 40 }, () => "x".repeat(399));
    const conflicts = Array.from({ length: 20 }, (_, index) => file(`f${index}.txt`, huge, huge));
    const prompt = buildResolvePrompt({
      base: "main",
      branch: "feat/x",
      conflictingFiles: [...conflicts.map((c) => c.path), "unread.bin"],
      conflicts,
    });
    expect(prompt.length).toBeLessThanOrEqual(RESOLVE_PROMPT_MAX_CHARS + 2000);
    expect(prompt).toContain("## f0.txt");
    expect(prompt).toMatch(/Not shown here.*`f19\.txt`.*`unread\.bin`/s);
  });
});
