import { describe, expect, it } from "vitest";
import { parsePullRequestView } from "@/lib/worktrees/ship/pull-request-draft.ts";
import { findActionsIds, parsePullRequestCi } from "./ci-checks.ts";

// The shapes `gh pr view --json statusCheckRollup,reviewDecision` prints: GitHub's CheckRun and
// StatusContext objects of the head commit's status check rollup, as gh serializes them.
const checkRun = (fields: Record<string, unknown>) => ({
  __typename: "CheckRun",
  completedAt: "2026-11-20T10:02:11Z",
  startedAt: "2026-11-20T10:00:03Z",
  ...fields,
});
const rollup = [
  checkRun({
    name: "lint",
    workflowName: "CI",
    status: "COMPLETED",
    conclusion: "SUCCESS",
    detailsUrl: "https://github.com/octo/hello/actions/runs/6940331133/job/18879453211",
  }),
  checkRun({
    name: "test (20.x)",
    workflowName: "CI",
    status: "COMPLETED",
    conclusion: "FAILURE",
    detailsUrl: "https://github.com/octo/hello/actions/runs/6940331133/job/18879453460",
  }),
  checkRun({
    name: "e2e",
    workflowName: "CI",
    status: "IN_PROGRESS",
    conclusion: "",
    completedAt: "0001-01-01T00:00:00Z",
    detailsUrl: "https://github.com/octo/hello/actions/runs/6940331133/job/18879453999",
  }),
  checkRun({ name: "deploy", workflowName: "Release", status: "COMPLETED", conclusion: "SKIPPED", detailsUrl: "" }),
  checkRun({ name: "bench", workflowName: "CI", status: "COMPLETED", conclusion: "CANCELLED" }),
  {
    __typename: "StatusContext",
    context: "ci/circleci: build",
    startedAt: "2026-11-20T10:00:00Z",
    state: "ERROR",
    targetUrl: "https://circleci.com/gh/octo/hello/812",
  },
  { __typename: "StatusContext", context: "codecov/patch", state: "PENDING", targetUrl: "javascript:alert(1)" },
];

describe("parsePullRequestCi", () => {
  it("reads CheckRun and StatusContext entries, failed first, with Actions' run and job ids", () => {
    const ci = parsePullRequestCi({ statusCheckRollup: rollup, reviewDecision: "CHANGES_REQUESTED" });
    expect(ci.problem).toBeNull();
    expect(ci.review).toBe("changes_requested");
    expect(ci.checks.map((check) => [check.name, check.state])).toEqual([
      ["test (20.x)", "failed"],
      ["ci/circleci: build", "failed"],
      ["e2e", "running"],
      ["codecov/patch", "running"],
      ["bench", "cancelled"],
      ["lint", "passed"],
      ["deploy", "skipped"],
    ]);
    expect(ci.checks[0]).toEqual({
      name: "test (20.x)",
      workflow: "CI",
      state: "failed",
      url: "https://github.com/octo/hello/actions/runs/6940331133/job/18879453460",
      runId: "6940331133",
      jobId: "18879453460",
    });
    expect(ci.checks[1]).toMatchObject({ workflow: null, url: "https://circleci.com/gh/octo/hello/812", runId: null });
    // A URL that is not http(s) is never a link.
    expect(ci.checks[3]!.url).toBeNull();
  });

  it.each([
    ["APPROVED", "approved"],
    ["REVIEW_REQUIRED", "review_required"],
    ["", "none"],
    [null, "none"],
  ])("reads reviewDecision %j as %s", (decision, review) => {
    expect(parsePullRequestCi({ statusCheckRollup: [], reviewDecision: decision })).toEqual({
      checks: [],
      review,
      problem: null,
    });
  });

  it("shows what it cannot read as unknown and says why, without throwing", () => {
    const ci = parsePullRequestCi({
      statusCheckRollup: [42, checkRun({ name: "odd", status: "COMPLETED", conclusion: "EXPLODED" })],
      reviewDecision: "MAYBE",
    });
    expect(ci.review).toBe("unknown");
    expect(ci.checks.map((check) => [check.name, check.state])).toEqual([
      ["check 1", "unknown"],
      ["odd", "unknown"],
    ]);
    expect(ci.problem).toContain('"reviewDecision" is not one Arbor knows: "MAYBE"');
    expect(ci.problem).toContain('check "odd" has no state Arbor knows');
    expect(parsePullRequestCi({ statusCheckRollup: "broken" }).problem).toBe(
      '"statusCheckRollup" is not a list: "broken"',
    );
  });

  it("is part of parsePullRequestView: odd checks cost only themselves", () => {
    const stdout = JSON.stringify({
      number: 7,
      url: "https://github.com/octo/hello/pull/7",
      state: "OPEN",
      statusCheckRollup: { nodes: [] },
      reviewDecision: "APPROVED",
    });
    expect(parsePullRequestView(stdout)).toMatchObject({
      view: { number: 7, ci: { checks: [], review: "approved", problem: expect.stringContaining("not a list") } },
    });
  });
});

describe("findActionsIds", () => {
  it.each([
    ["https://github.com/o/r/actions/runs/11/job/22", { runId: "11", jobId: "22" }],
    ["https://github.com/o/r/actions/runs/11/jobs/22?pr=3", { runId: "11", jobId: "22" }],
    ["https://github.com/o/r/actions/runs/11", { runId: "11", jobId: null }],
    ["https://github.com/o/r/runs/33?check_suite_focus=true", { runId: null, jobId: "33" }],
    ["https://circleci.com/gh/o/r/actions/runs/11", { runId: null, jobId: null }],
    [null, { runId: null, jobId: null }],
  ])("%s", (url, ids) => {
    expect(findActionsIds(url)).toEqual(ids);
  });
});
