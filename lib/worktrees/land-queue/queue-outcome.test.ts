import { describe, expect, it } from "vitest";
import type { CheckRunView } from "@/lib/realtime/check-views.ts";
import { describeQueueNotRun, describeQueueStop, finalStatuses, findRepeated, listNames } from "./queue-outcome.ts";

const run = (name: string, status: CheckRunView["status"]) => ({ name, status }) as CheckRunView;
const branches = ["feat/a", "feat/b", "feat/c"];
const commit = "0123456789abcdef0123456789abcdef01234567";

describe("a land queue's outcome", () => {
  it("lands the branches before the stop, not the ones after it", () => {
    expect(finalStatuses(3, null)).toEqual(["landed", "landed", "landed"]);
    expect(finalStatuses(3, { index: 1, kind: "failed", checks: [], commit, tree: commit })).toEqual([
      "landed",
      "failed",
      "not_tested",
    ]);
    expect(finalStatuses(2, { index: 0, kind: "conflict", files: ["a.txt"], count: 1 })).toEqual([
      "conflict",
      "not_tested",
    ]);
  });

  it("says which check failed on top of what, what landed, what was not tested and what to do", () => {
    const checks = [run("lint", "passed"), run("unit", "timed_out")];
    const stop = { index: 1, kind: "failed" as const, checks, commit, tree: commit };
    expect(describeQueueStop({ branches, base: "main", stop, commit })).toBe(
      'feat/b was not landed: on main with feat/a merged before it, "unit" (timed out) did not pass. feat/a was tested and landed: main is now at 0123456. feat/c was not tested or landed. Fix it on feat/b (merge main into it to see the failure there), then land it and the branches after it again.',
    );
  });

  it("says the base did not move when the first branch fails, and names the conflicting files", () => {
    const first = { index: 0, kind: "failed" as const, checks: [run("unit", "failed")], commit, tree: commit };
    expect(describeQueueStop({ branches: ["feat/a"], base: "main", stop: first, commit })).toBe(
      'feat/a was not landed: on main, "unit" (failed) did not pass. Nothing landed, so main did not move. Fix it on feat/a (merge main into it to see the failure there), then land it again.',
    );
    const conflict = { index: 2, kind: "conflict" as const, files: ["a.txt", "b.txt"], count: 2 };
    expect(describeQueueStop({ branches, base: "main", stop: conflict, commit })).toBe(
      "feat/c was not landed: merging it onto main with feat/a and feat/b merged before it would conflict in 2 files (a.txt, b.txt). feat/a and feat/b were tested and landed: main is now at 0123456. Merge main into feat/c and resolve the conflicts in its worktree, then land it again.",
    );
  });

  it("says why it does not run in an untrusted repository or one without checks", () => {
    expect(describeQueueNotRun({ code: "untrusted", message: "" })).toMatch(/only in a repository you trust/);
    expect(describeQueueNotRun({ code: "no_checks", message: "" })).toMatch(/none is configured.*Checks/);
  });

  it("names lists and finds a path listed twice", () => {
    expect([listNames([]), listNames(["a"]), listNames(["a", "b"]), listNames(["a", "b", "c"])]).toEqual([
      "",
      "a",
      "a and b",
      "a, b and c",
    ]);
    expect(findRepeated(["/x", "/y", "/x"])).toBe("/x");
    expect(findRepeated(["/x", "/y"])).toBeNull();
  });
});
