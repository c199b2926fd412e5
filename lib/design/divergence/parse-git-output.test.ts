import { describe, expect, it } from "vitest";
import { chooseDefaultBranch } from "@/lib/design/choose-default-branch.ts";
import { parseBranchLog } from "./parse-branch-log.ts";
import { parseBranchRefs } from "./parse-branch-refs.ts";
import { afterChanges, parseRawChanges } from "@/lib/design/merge-order/parse-raw-changes.ts";

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

describe("parseRawChanges", () => {
  const raw = (newMode: string, newBlob: string, status: string) => `:100644 ${newMode} ${A} ${newBlob} ${status}`;
  const change = (newMode: string, newBlob: string, status: string) => ({
    status,
    oldMode: "100644",
    oldBlob: A,
    newMode,
    newBlob,
  });

  it("reads diff-tree's pairs and a log's commits alike: per header, each path's change", () => {
    const diffTree = [B, raw("100644", C, "M"), "a.txt", raw("000000", "0".repeat(40), "D"), "gone.txt", C, ""].join(
      "\0",
    );
    const parts = parseRawChanges(diffTree);
    expect(parts).toEqual([
      {
        header: B,
        changes: new Map([
          ["a.txt", change("100644", C, "M")],
          ["gone.txt", change("000000", "0".repeat(40), "D")],
        ]),
      },
      { header: C, changes: new Map() },
    ]);
    expect(afterChanges(parts[0]!.changes)).toEqual(
      new Map([
        ["a.txt", `100644 ${C}`],
        ["gone.txt", `000000 ${"0".repeat(40)}`],
      ]),
    );
    // `--format=%x00%H`: every commit starts with a NUL, its files with a newline.
    const log = [
      "",
      C,
      `\n${raw("100755", B, "M")}`,
      "a\nb.txt",
      "",
      B,
      `\n${raw("100644", A, "A")}`,
      ":x.txt",
      "",
    ].join("\0");
    expect(parseRawChanges(log)).toEqual([
      { header: C, changes: new Map([["a\nb.txt", change("100755", B, "M")]]) },
      { header: B, changes: new Map([[":x.txt", change("100644", A, "A")]]) },
    ]);
  });

  it("leaves out files before any header and a path cut off at the end", () => {
    expect(parseRawChanges([raw("100644", C, "M"), "early.txt", B, raw("100644", C, "M")].join("\0"))).toEqual([
      { header: B, changes: new Map() },
    ]);
  });
});
