import { describe, expect, it } from "vitest";
import { removalBlockers, worktreesInside, type RemovalFacts } from "./removal-blockers.ts";

const now = new Date("2026-11-24T10:00:00Z");
const safe: RemovalFacts = {
  isMain: false,
  isLocked: false,
  lockReason: null,
  changedFiles: 0,
  branch: "feat/x",
  unmergedCommits: 0,
  runState: "idle",
  lastSessionActivityAt: null,
  now,
  recentSessionMs: 5 * 60_000,
};

describe("what stops a worktree's removal", () => {
  it("lets a clean, merged, idle worktree go", () => {
    expect(removalBlockers(safe)).toEqual([]);
    expect(removalBlockers({ ...safe, lastSessionActivityAt: new Date(now.getTime() - 6 * 60_000) })).toEqual([]);
  });

  it("names each reason with what to do", () => {
    const blockers = removalBlockers({
      ...safe,
      isLocked: true,
      lockReason: "on a USB disk",
      changedFiles: 2,
      unmergedCommits: 1,
      runState: "waiting",
      lastSessionActivityAt: new Date(now.getTime() - 2 * 60_000),
    });
    expect(blockers).toEqual([
      "git has this worktree locked (on a USB disk); unlock it with `git worktree unlock` first.",
      "It has 2 uncommitted changes; commit, stash or discard them first.",
      "1 commit is on branch feat/x and in no other branch or remote; push or merge it first.",
      "Claude is waiting for your answer in this worktree; answer or stop the run first.",
      "A Claude Code session was active here 2 min ago; end it (or wait 5 min after its last activity) first.",
    ]);
  });

  it("refuses the main worktree and says why for a run and a detached HEAD", () => {
    expect(removalBlockers({ ...safe, isMain: true })).toEqual([
      "This is the repository's main worktree; git cannot remove it.",
    ]);
    expect(removalBlockers({ ...safe, runState: "running" })[0]).toMatch(/answering/);
    expect(removalBlockers({ ...safe, branch: null, unmergedCommits: 3 })[0]).toMatch(
      /3 commits are on its detached HEAD/,
    );
  });

  it("names a land under way in it instead of the changes it leaves meanwhile", () => {
    expect(removalBlockers({ ...safe, changedFiles: 2, busyWith: "landing feat/x into main" })).toEqual([
      "Arbor is landing feat/x into main in it right now; wait until it is done.",
    ]);
  });

  it("names ignored files only the worktree has, until the user says they may go", () => {
    const ignored = [".env.local", "notes/", "a", "b", "c", "d"];
    expect(removalBlockers({ ...safe, ignoredOnlyHere: ignored })).toEqual([
      "It has 6 ignored files or folders that exist only here (.env.local, notes/, a, b, c and 1 more), which git would delete with it; copy out what you need, or confirm they may go.",
    ]);
    expect(removalBlockers({ ...safe, ignoredOnlyHere: ["x"] })[0]).toMatch(
      /^It has an ignored file or folder that exists only here \(x\)/,
    );
    expect(removalBlockers({ ...safe, ignoredOnlyHere: ignored, isIgnoredDiscardConfirmed: true })).toEqual([]);
  });

  it("refuses while another worktree lives inside its folder, naming it", () => {
    expect(
      removalBlockers({ ...safe, nestedWorktrees: [{ path: "/r/wt/node_modules/inner", branch: "feat/inner" }] }),
    ).toEqual([
      "Another worktree lives inside its folder (feat/inner at /r/wt/node_modules/inner), and removing this one would delete it with everything in it; remove that one first.",
    ]);
  });
});

describe("worktreesInside", () => {
  const worktrees = [
    { path: "/r/wt" },
    { path: "/r/wt/.worktrees/a" },
    { path: "/r/wt-other" },
    { path: "/r/wtx/b" },
    { path: "/r/wt/deep/er/c" },
  ];
  it("finds the folders below, not the folder itself nor its look-alike neighbours", () => {
    expect(worktreesInside("/r/wt", worktrees).map((worktree) => worktree.path)).toEqual([
      "/r/wt/.worktrees/a",
      "/r/wt/deep/er/c",
    ]);
    expect(worktreesInside("/r/wt-other", worktrees)).toEqual([]);
  });
});
