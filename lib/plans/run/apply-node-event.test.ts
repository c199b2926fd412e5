import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors/app-error.ts";
import { applyNodeEvent, applyNodeEventOrThrow } from "./apply-node-event.ts";
import type { NodeEvent } from "./node-events.ts";
import type { PlanRunNode } from "./plan-run.ts";
import { nodeIn, runNode } from "./plan-run-fixtures.ts";

/** The node after each event in turn; fails the test on the first refusal. */
function walk(node: PlanRunNode, ...events: NodeEvent[]): PlanRunNode {
  return events.reduce((current, event) => {
    const result = applyNodeEvent(current, event);
    if (!result.ok) throw new Error(`refused ${event.type}: ${result.refusal.message}`);
    return result.node;
  }, node);
}

function refusalOf(node: PlanRunNode, event: NodeEvent): string {
  const result = applyNodeEvent(node, event);
  if (result.ok) throw new Error(`${event.type} was accepted in ${node.state.name}`);
  return result.refusal.message;
}

const FAILED_CHECKS: NodeEvent = { type: "checks_failed", maxAutomaticRetries: 2 };

describe("applyNodeEvent: the way to landed", () => {
  it("goes waiting → queued → running → waiting for a tool → running → checking → ready → landing → landed", () => {
    const queued = walk(runNode("api"), { type: "dependencies_met", reason: "8 of 8 agent slots busy" });
    expect(queued.state).toEqual({ name: "queued", reason: "8 of 8 agent slots busy" });
    const running = walk(queued, { type: "dispatched" });
    expect(running).toMatchObject({ state: { name: "running" }, runCount: 1, nextRun: "continue" });
    const asking = walk(running, { type: "needs_user", waitingFor: { kind: "tool", toolName: "Bash" } });
    expect(asking.state).toEqual({
      name: "waiting_for_user",
      waitingFor: { kind: "tool", toolName: "Bash" },
      isRunLive: true,
    });
    const answered = walk(asking, { type: "user_answered" });
    expect(answered).toMatchObject({ state: { name: "running" }, runCount: 1 });
    const checking = walk(answered, { type: "run_ended", question: null });
    expect(checking.state).toEqual({ name: "checking" });
    const landed = walk(
      checking,
      { type: "checks_passed" },
      { type: "land_started" },
      { type: "landed", at: "2026-11-29T22:00:00Z" },
    );
    expect(landed.state).toEqual({ name: "landed", landedAt: "2026-11-29T22:00:00Z" });
  });

  it("waits for the user when the run ends with a question, and counts the answer's run as a new run", () => {
    const asked = walk(nodeIn("api", { name: "running" }), { type: "run_ended", question: "Postgres or SQLite?" });
    expect(asked.state).toEqual({
      name: "waiting_for_user",
      waitingFor: { kind: "question", question: "Postgres or SQLite?" },
      isRunLive: false,
    });
    expect(refusalOf(asked, { type: "run_ended", question: null })).toContain("Cannot end the run of api");
    expect(walk(asked, { type: "user_answered" })).toMatchObject({ state: { name: "running" }, runCount: 2 });
  });

  it("moves a waiting or queued node with `held`, back to waiting when its dependencies are no longer met", () => {
    const queued = nodeIn("api", { name: "queued", reason: "8 of 8 agent slots busy" });
    expect(walk(queued, { type: "held", reason: "waiting for db to land", areDependenciesMet: false }).state).toEqual({
      name: "waiting",
      reason: "waiting for db to land",
    });
    expect(walk(runNode("api"), { type: "held", reason: "budget reached", areDependenciesMet: true }).state.name).toBe(
      "queued",
    );
    expect(
      refusalOf(nodeIn("api", { name: "running" }), { type: "held", reason: "x", areDependenciesMet: true }),
    ).toContain("Cannot hold api while it is running");
  });

  it("never starts a node twice", () => {
    for (const state of [{ name: "running" }, { name: "checking" }, { name: "ready" }] as const) {
      expect(refusalOf(nodeIn("api", state), { type: "dispatched" })).toMatch(
        /^Cannot start api while .*never started twice/,
      );
    }
  });
});

describe("applyNodeEvent: checks", () => {
  it("sends up to N fixes to the agent, then waits for the user; Retry gives a fresh round", () => {
    const first = walk(nodeIn("api", { name: "checking" }), FAILED_CHECKS);
    expect(first).toMatchObject({
      checkFailures: 1,
      nextRun: "fix_checks",
      state: { name: "checks_failed", attempt: 1, maxAttempts: 2, isWaitingForUser: false },
    });
    const second = walk(first, { type: "dispatched" }, { type: "run_ended", question: null }, FAILED_CHECKS);
    expect(second.state).toEqual({ name: "checks_failed", attempt: 2, maxAttempts: 2, isWaitingForUser: false });
    const third = walk(second, { type: "dispatched" }, { type: "run_ended", question: null }, FAILED_CHECKS);
    expect(third).toMatchObject({ runCount: 3, checkFailures: 3 });
    expect(third.state).toEqual({ name: "checks_failed", attempt: 2, maxAttempts: 2, isWaitingForUser: true });
    expect(refusalOf(third, { type: "dispatched" })).toContain("Cannot start api");
    const retried = walk(third, { type: "retry" });
    expect(retried).toMatchObject({ checkFailures: 1, state: { attempt: 1, maxAttempts: 2, isWaitingForUser: false } });
  });

  it("with no automatic fixes, waits for the user at once; Retry still sends one fix", () => {
    const failed = walk(nodeIn("api", { name: "checking" }), { type: "checks_failed", maxAutomaticRetries: 0 });
    expect(failed.state).toEqual({ name: "checks_failed", attempt: 0, maxAttempts: 0, isWaitingForUser: true });
    expect(walk(failed, { type: "retry" }).state).toMatchObject({
      attempt: 1,
      maxAttempts: 1,
      isWaitingForUser: false,
    });
  });

  it("resets the failure count when the checks pass", () => {
    const failedOnce = walk(nodeIn("api", { name: "checking" }), FAILED_CHECKS, { type: "dispatched" });
    const passed = walk(failedOnce, { type: "run_ended", question: null }, { type: "checks_passed" });
    expect(passed).toMatchObject({ checkFailures: 0, state: { name: "ready" } });
    expect(walk(passed, { type: "checks_started" }, FAILED_CHECKS).state).toMatchObject({ attempt: 1 });
  });

  it("counts a merge gate's failed checks while landing", () => {
    expect(walk(nodeIn("api", { name: "landing" }), FAILED_CHECKS).state).toMatchObject({
      name: "checks_failed",
      attempt: 1,
    });
  });

  it("runs the checks again only from ready or from failed checks that wait for the user", () => {
    const waitingForUser = nodeIn("api", { name: "checks_failed", attempt: 2, maxAttempts: 2, isWaitingForUser: true });
    expect(walk(waitingForUser, { type: "checks_started" }).state).toEqual({ name: "checking" });
    const fixDue = nodeIn("api", { name: "checks_failed", attempt: 1, maxAttempts: 2, isWaitingForUser: false });
    expect(refusalOf(fixDue, { type: "checks_started" })).toContain("Checks run again on a node that is ready");
  });
});

describe("applyNodeEvent: landing", () => {
  it("stops a node on a conflict; Retry asks its agent to resolve it", () => {
    const conflicted = walk(nodeIn("api", { name: "landing" }), { type: "land_conflict", files: ["a.ts"] });
    expect(conflicted.state).toEqual({
      name: "stopped",
      cause: { kind: "conflict", files: ["a.ts"] },
      phase: "landing",
    });
    expect(walk(conflicted, { type: "retry" })).toMatchObject({
      nextRun: "resolve_conflict",
      state: { name: "waiting" },
    });
  });

  it("lands only a ready node, and marks landed only a landing one", () => {
    expect(refusalOf(nodeIn("api", { name: "checking" }), { type: "land_started" })).toBe(
      "Cannot land api while it is running its checks. A node lands once its checks pass and its agent asks nothing.",
    );
    expect(refusalOf(nodeIn("api", { name: "ready" }), { type: "landed", at: "x" })).toContain(
      "Cannot mark as landed api",
    );
  });
});

describe("applyNodeEventOrThrow", () => {
  it("throws a conflict AppError carrying the refusal", () => {
    const landed = nodeIn("api", { name: "landed", landedAt: "2026-11-29T22:00:00Z" });
    expect(() => applyNodeEventOrThrow(landed, { type: "retry" })).toThrow(AppError);
    try {
      applyNodeEventOrThrow(landed, { type: "retry" });
    } catch (error) {
      expect(error).toMatchObject({
        code: "conflict",
        status: 409,
        details: { slug: "api", event: "retry", state: "landed" },
      });
      expect((error as AppError).message).toMatch(/^Cannot retry a landed node: api has landed\./);
    }
    expect(applyNodeEventOrThrow(runNode("api"), { type: "stop" }).state.name).toBe("stopped");
  });
});
