import { describe, expect, it } from "vitest";
import { chooseDefaultBranch } from "./choose-default-branch.ts";
import { parseBranchLog } from "./parse-branch-log.ts";
import { parseBranchRefs } from "./parse-branch-refs.ts";

const A = "a".repeat(40);
const B = "b".repeat(40);
const C = "c".repeat(40);

describe("parseBranchLog", () => {
  it("reads commits with their parents, and the local branches decorating them", () => {
    const output = [
      `${C}\t${A} ${B}\tHEAD -> refs/heads/main, refs/heads/feature/ünïcode`,
      `${B}\t${A}\trefs/heads/feat/x`,
      `${A}\t\t`,
      "",
    ].join("\n");
    expect(parseBranchLog(output)).toEqual({
      commits: [
        { sha: C, parents: [A, B] },
        { sha: B, parents: [A] },
        { sha: A, parents: [] },
      ],
      heads: [
        { name: "main", headSha: C },
        { name: "feature/ünïcode", headSha: C },
        { name: "feat/x", headSha: B },
      ],
    });
  });

  it("ignores decorations that are not local branches, and an empty repository prints nothing", () => {
    expect(parseBranchLog(`${A}\t\tHEAD, tag: refs/tags/v1, refs/remotes/origin/main, refs/heads/x\n`).heads).toEqual([
      { name: "x", headSha: A },
    ]);
    expect(parseBranchLog("")).toEqual({ commits: [], heads: [] });
  });
});

describe("parseBranchRefs", () => {
  it("reads upstream counts, treating an empty track as level and a gone upstream as none", () => {
    const output = [
      "refs/heads/main\0refs/remotes/origin/main\0\0",
      "refs/heads/ahead\0refs/remotes/origin/ahead\0ahead 3\0",
      "refs/heads/both\0refs/remotes/origin/both\0ahead 1, behind 12\0",
      "refs/heads/behind\0refs/remotes/origin/behind\0behind 2\0",
      "refs/heads/gone\0refs/remotes/origin/gone\0gone\0",
      "refs/heads/local\0\0\0",
      "refs/remotes/origin/HEAD\0\0\0refs/remotes/origin/trunk",
      "",
    ].join("\n");
    const { upstreams, originHead } = parseBranchRefs(output);
    expect(Object.fromEntries(upstreams)).toEqual({
      main: { ahead: 0, behind: 0 },
      ahead: { ahead: 3, behind: 0 },
      both: { ahead: 1, behind: 12 },
      behind: { ahead: 0, behind: 2 },
    });
    expect(originHead).toBe("trunk");
  });

  it("has no origin head when origin/HEAD is missing", () => {
    expect(parseBranchRefs("refs/heads/main\0\0\0\n").originHead).toBeNull();
  });
});

describe("chooseDefaultBranch", () => {
  const names = (...list: string[]) => new Set(list);

  it("prefers origin/HEAD's branch, then main, then master, then the main worktree's branch", () => {
    expect(
      chooseDefaultBranch({ branchNames: names("main", "trunk"), originHead: "trunk", mainWorktreeBranch: "x" }),
    ).toBe("trunk");
    expect(
      chooseDefaultBranch({ branchNames: names("main", "master"), originHead: "gone", mainWorktreeBranch: "x" }),
    ).toBe("main");
    expect(chooseDefaultBranch({ branchNames: names("master", "x"), originHead: null, mainWorktreeBranch: "x" })).toBe(
      "master",
    );
    expect(chooseDefaultBranch({ branchNames: names("dev", "x"), originHead: null, mainWorktreeBranch: "dev" })).toBe(
      "dev",
    );
  });

  it("returns null when none of them exists locally", () => {
    expect(chooseDefaultBranch({ branchNames: names("x"), originHead: "main", mainWorktreeBranch: null })).toBeNull();
  });
});
