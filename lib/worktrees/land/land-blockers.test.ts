import { describe, expect, it } from "vitest";
import { landBlockers, type LandFacts } from "./land-blockers.ts";

const ready: LandFacts = {
  branch: "feat/x",
  base: "main",
  baseWorktreePath: "/src/app",
  baseChangedFiles: 0,
  branchChangedFiles: 0,
  branchRunState: "idle",
  baseRunState: "idle",
};

describe("landBlockers", () => {
  it("has nothing to say when both worktrees are clean and idle", () => {
    expect(landBlockers(ready)).toEqual([]);
  });

  it("names every reason, with what to do", () => {
    expect(
      landBlockers({
        ...ready,
        baseWorktreePath: null,
        baseChangedFiles: 2,
        branchChangedFiles: 1,
        branchRunState: "running",
        baseRunState: "waiting",
      }),
    ).toEqual([
      "No worktree has main checked out; check it out (the main worktree is usual) to land into it.",
      "The main worktree has 2 uncommitted changes; commit, stash (`git stash -u` takes new files too) or remove them there first, so the merge does not mix with uncommitted work.",
      "This worktree has 1 uncommitted change that would not be landed; commit or discard it first.",
      "Claude is answering in this worktree; stop or wait for the run first.",
      "Claude is waiting for your answer in the main worktree; answer or stop the run first.",
    ]);
    expect(landBlockers({ ...ready, baseRunState: "queued" })).toEqual([
      "Claude is queued in the main worktree; stop or wait for the run first.",
    ]);
  });

  it("names a land or abort under way instead of the half-made changes it leaves meanwhile", () => {
    expect(
      landBlockers({ ...ready, baseChangedFiles: 3, baseBusyWith: "landing feat/y into main", branchBusyWith: null }),
    ).toEqual(["Arbor is landing feat/y into main in the main worktree right now; wait until it is done."]);
    expect(landBlockers({ ...ready, branchChangedFiles: 1, branchBusyWith: "aborting the rebase" })).toEqual([
      "Arbor is aborting the rebase in this worktree right now; wait until it is done.",
    ]);
  });

  it("says the base's worktree folder is missing, naming it, with the two ways out", () => {
    expect(landBlockers({ ...ready, baseWorktreePath: "/src/develop", isBaseWorktreeMissing: true })).toEqual([
      "The worktree that has main checked out, /src/develop, is missing: its folder was deleted or moved. Restore the folder, or run `git worktree prune` so git forgets it (then check main out in another worktree), and land again.",
    ]);
  });

  it("names a merge or rebase stopped in either worktree instead of the changes it left", () => {
    const merge =
      'A merge is in progress in /src/app with conflicts in a.txt. Abort it (the worktree row\'s "Merge in progress…"), or finish it in a terminal and commit.';
    expect(landBlockers({ ...ready, baseChangedFiles: 1, baseOperation: merge })).toEqual([
      `In the main worktree: ${merge}`,
    ]);
    expect(landBlockers({ ...ready, branchChangedFiles: 2, branchOperation: merge })).toEqual([
      `In this worktree: ${merge}`,
    ]);
  });

  it("says the base is not checked out because a rebase of it is stopped in a worktree", () => {
    const description =
      "A rebase of main onto abc1234 is stopped in /src/other … `git rebase --continue` in a terminal.";
    expect(
      landBlockers({ ...ready, baseWorktreePath: null, baseRebase: { worktreePath: "/src/other", description } }),
    ).toEqual([
      `The worktree /src/other is in the middle of a rebase of main, so no worktree has main checked out to land into. ${description}`,
    ]);
  });
});
