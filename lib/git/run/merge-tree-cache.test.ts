import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { cachedMergeTree, clearMergeTreeCache } from "./merge-tree-cache.ts";

const roots: string[] = [];
afterEach(() => {
  clearMergeTreeCache();
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function fakeRepo(withGitDir = true): string {
  const root = mkdtempSync(path.join(os.tmpdir(), "arbor-merge-cache-"));
  roots.push(root);
  if (withGitDir) {
    mkdirSync(path.join(root, ".git", "info"), { recursive: true });
    writeFileSync(path.join(root, ".git", "config"), "[core]\n");
  } else writeFileSync(path.join(root, ".git"), "gitdir: /elsewhere\n");
  return root;
}

describe("merge-tree verdicts kept for the merge order", () => {
  it("answers the same pair from memory until the repository's config or attributes change", async () => {
    const repoRoot = fakeRepo();
    let merges = 0;
    const run = (left = "a") =>
      cachedMergeTree({ repoRoot, left, right: "b", isTrusted: false, extraConfig: [], answer: "conflicts" }, () => {
        merges += 1;
        return Promise.resolve([`conflict-${merges}`]);
      });
    expect(await run()).toEqual(["conflict-1"]);
    expect(await run()).toEqual(["conflict-1"]);
    expect(await run("c")).toEqual(["conflict-2"]);
    appendFileSync(path.join(repoRoot, ".git", "config"), '[merge "x"]\n\tdriver = true\n');
    expect(await run()).toEqual(["conflict-3"]);
    writeFileSync(path.join(repoRoot, ".git", "info", "attributes"), "* merge=x\n");
    expect(await run()).toEqual(["conflict-4"]);
    expect(await run()).toEqual(["conflict-4"]);
  });

  it("keeps trusted and untrusted answers apart, and keeps nothing for a root whose .git is not a folder", async () => {
    const repoRoot = fakeRepo();
    let merges = 0;
    const merge = () => Promise.resolve([String((merges += 1))]);
    await cachedMergeTree(
      { repoRoot, left: "a", right: "b", isTrusted: false, extraConfig: [], answer: "conflicts" },
      merge,
    );
    expect(
      await cachedMergeTree(
        { repoRoot, left: "a", right: "b", isTrusted: true, extraConfig: [], answer: "conflicts" },
        merge,
      ),
    ).toEqual(["2"]);
    const linked = fakeRepo(false);
    await cachedMergeTree(
      { repoRoot: linked, left: "a", right: "b", isTrusted: false, extraConfig: [], answer: "conflicts" },
      merge,
    );
    await cachedMergeTree(
      { repoRoot: linked, left: "a", right: "b", isTrusted: false, extraConfig: [], answer: "conflicts" },
      merge,
    );
    expect(merges).toBe(4);
  });

  it("keeps each reader's answer about a pair apart: the merge order's conflicts, the merged badge's tree", async () => {
    const repoRoot = fakeRepo();
    const pair = { repoRoot, left: "a", right: "b", isTrusted: false, extraConfig: [] };
    expect(await cachedMergeTree({ ...pair, answer: "conflicts" }, () => Promise.resolve(["x.txt"]))).toEqual([
      "x.txt",
    ]);
    expect(await cachedMergeTree({ ...pair, answer: "clean tree" }, () => Promise.resolve(null))).toBeNull();
    // A kept null is an answer too: the merge does not run again.
    expect(await cachedMergeTree({ ...pair, answer: "clean tree" }, () => Promise.resolve("tree"))).toBeNull();
    expect(await cachedMergeTree({ ...pair, answer: "conflicts" }, () => Promise.resolve([]))).toEqual(["x.txt"]);
  });
});
