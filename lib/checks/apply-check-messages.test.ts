import { describe, expect, it } from "vitest";
import type { CheckRunView, WorktreeChecksView } from "@/lib/realtime/check-views.ts";
import { AUTO_FIX_OFF, toAutoFixView } from "@/lib/checks/auto-fix/auto-fix-view.ts";
import { appendCheckOutput, applyCheckRun, mergeStartedChecks } from "./apply-check-messages.ts";

function run(overrides: Partial<CheckRunView>): CheckRunView {
  return {
    id: "r1",
    batchId: "b1",
    name: "test",
    command: "npm test",
    status: "running",
    exitCode: null,
    commit: "abc1234",
    tree: "t1",
    dirty: false,
    startedAt: "2026-01-01T00:00:00.000Z",
    finishedAt: null,
    output: "",
    droppedBytes: 0,
    message: null,
    cached: false,
    failures: null,
    ...overrides,
  };
}

const empty: WorktreeChecksView = {
  repoId: "repo",
  worktreePath: "/w",
  status: "not_run",
  reason: { code: "no_checks", message: "none yet" },
  checks: [],
  autoFix: toAutoFixView(AUTO_FIX_OFF),
};

describe("applyCheckRun", () => {
  it("adds a new check's run and clears the not-run reason", () => {
    const next = applyCheckRun(empty, run({}));
    expect(next.checks.map((check) => check.id)).toEqual(["r1"]);
    expect(next).toMatchObject({ status: "running", reason: null });
  });

  it("replaces the same check's earlier run and summarizes the worst outcome", () => {
    const view = { ...empty, checks: [run({ status: "passed" }), run({ id: "r2", name: "lint", status: "passed" })] };
    const next = applyCheckRun(view, run({ id: "r3", status: "failed", exitCode: 1 }));
    expect(next.checks.map((check) => `${check.id} ${check.status}`)).toEqual(["r3 failed", "r2 passed"]);
    expect(next.status).toBe("failed");
  });
});

describe("appendCheckOutput", () => {
  it("appends to the running check only and keeps the end within the limit", () => {
    const view = { ...empty, checks: [run({ output: "abc" }), run({ id: "r2", name: "lint", output: "x" })] };
    const next = appendCheckOutput(view, { checkRunId: "r1", text: "defgh" }, 6);
    expect(next.checks.map((check) => check.output)).toEqual(["cdefgh", "x"]);
  });

  it("ignores output of a run the view does not hold", () => {
    const view = { ...empty, checks: [run({})] };
    expect(appendCheckOutput(view, { checkRunId: "other", text: "x" })).toBe(view);
  });
});

describe("mergeStartedChecks", () => {
  it("keeps a run's end that arrived before the answer saying it started", () => {
    const cached = {
      ...empty,
      reason: null,
      status: "passed" as const,
      checks: [run({ status: "passed", exitCode: 0 })],
    };
    const started = {
      ...empty,
      reason: null,
      status: "running" as const,
      checks: [run({}), run({ id: "r2", name: "lint" })],
    };
    const merged = mergeStartedChecks(cached, started);
    expect(merged.checks.map((check) => `${check.id} ${check.status}`)).toEqual(["r1 passed", "r2 running"]);
    expect(merged.status).toBe("running");
    expect(mergeStartedChecks(undefined, started)).toBe(started);
  });
});
