import { describe, expect, it } from "vitest";
import { describeOperation, whyRebaseStopped } from "./operation-state.ts";
import type { OperationState } from "@/lib/worktrees/worktree-types.ts";

const stopped = (conflictingFiles: string[]): OperationState => ({
  worktreePath: "/w/feat",
  operation: "rebase",
  branch: "feat/x",
  onto: { sha: "abc1234", subject: "Main moves" },
  stoppedAt: { sha: "def5678", subject: "Branch work" },
  step: 1,
  total: 2,
  conflictingFiles,
  conflictingFileCount: conflictingFiles.length,
});

describe("whyRebaseStopped", () => {
  it("calls it a conflict only when git left conflicted files", () => {
    expect(whyRebaseStopped({ stopped: stopped(["a.txt"]), gitOutput: "CONFLICT (content)", isTimedOut: false })).toBe(
      "stopped on a conflict",
    );
  });

  it("otherwise quotes git's complaint, or names the time limit", () => {
    const gitOutput =
      "Auto-merging a.txt\nerror: The following untracked working tree files would be overwritten by merge:\n\tu.txt\n";
    expect(whyRebaseStopped({ stopped: stopped([]), gitOutput, isTimedOut: false })).toBe(
      "stopped without a conflict (git: error: The following untracked working tree files would be overwritten by merge:)",
    );
    expect(whyRebaseStopped({ stopped: stopped([]), gitOutput: "", isTimedOut: true })).toBe(
      "was stopped because it took too long",
    );
    expect(whyRebaseStopped({ stopped: stopped([]), gitOutput: "", isTimedOut: false })).toBe(
      "stopped without a conflict",
    );
    expect(describeOperation(stopped([]))).toContain(
      'at def5678 (Branch work). Abort it (the worktree row\'s "Rebase stopped…"), or fix what stopped it and run `git rebase --continue`',
    );
  });
});

describe("describeOperation", () => {
  it("names the branch, where it stopped and the conflicts, with both ways out", () => {
    expect(describeOperation(stopped(["a.txt"]))).toBe(
      'A rebase of feat/x onto abc1234 is stopped in /w/feat at def5678 (Branch work) with conflicts in a.txt. Abort it (the worktree row\'s "Rebase stopped…"), or resolve the files and run `git rebase --continue` in a terminal.',
    );
  });

  it("names a few of thousands of conflicting files, then how many more", () => {
    const files = Array.from({ length: 100 }, (_, index) => `src/f${index}.txt`);
    const message = describeOperation({ ...stopped(files), conflictingFileCount: 12_000 });
    expect(message).toContain("with conflicts in src/f0.txt, src/f1.txt, ");
    expect(message).toContain("src/f9.txt and 11990 more. Abort it");
    expect(message).not.toContain("src/f10.txt");
    expect(message.length).toBeLessThan(600);
  });
});
