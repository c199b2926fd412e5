import { describe, expect, it } from "vitest";
import { applyNodeEvent } from "./apply-node-event.ts";
import type { NodeEvent } from "./node-events.ts";
import type { NodeState, NodeStateName, PlanRunNode } from "./plan-run.ts";
import { NODE_STATE_NAMES } from "./plan-run.ts";
import { nodeIn, ONE_NODE_PER_STATE, runNode } from "./plan-run-fixtures.ts";

/** For each state, the state name after `event`, or "refused". */
function outcomes(event: NodeEvent): Record<NodeStateName, string> {
  return Object.fromEntries(
    NODE_STATE_NAMES.map((name) => {
      const result = applyNodeEvent(nodeIn("api", ONE_NODE_PER_STATE[name]), event);
      return [name, result.ok ? result.node.state.name : "refused"];
    }),
  ) as Record<NodeStateName, string>;
}

function after(state: NodeState, event: NodeEvent, overrides: Partial<PlanRunNode> = {}): PlanRunNode {
  const result = applyNodeEvent(nodeIn("api", state, overrides), event);
  if (!result.ok) throw new Error(result.refusal.message);
  return result.node;
}

describe("stop, skip and retry in every state", () => {
  it("stops anything not landing or finished", () => {
    expect(outcomes({ type: "stop" })).toEqual({
      waiting: "stopped",
      queued: "stopped",
      running: "stopped",
      waiting_for_user: "stopped",
      checking: "stopped",
      checks_failed: "stopped",
      ready: "stopped",
      landing: "refused",
      landed: "refused",
      failed: "refused",
      stopped: "refused",
      skipped: "refused",
      interrupted: "stopped",
    });
  });

  it("skips only a node with no agent, check or land in progress", () => {
    expect(outcomes({ type: "skip" })).toEqual({
      waiting: "skipped",
      queued: "skipped",
      running: "refused",
      waiting_for_user: "refused",
      checking: "refused",
      checks_failed: "skipped",
      ready: "skipped",
      landing: "refused",
      landed: "refused",
      failed: "skipped",
      stopped: "skipped",
      skipped: "refused",
      interrupted: "skipped",
    });
  });

  it("retries failed, stopped, skipped and interrupted nodes, picking each up where it was", () => {
    expect(outcomes({ type: "retry" })).toEqual({
      waiting: "refused",
      queued: "refused",
      running: "refused",
      waiting_for_user: "refused",
      checking: "refused",
      checks_failed: "refused",
      ready: "refused",
      landing: "refused",
      landed: "refused",
      failed: "waiting",
      stopped: "waiting",
      skipped: "waiting",
      interrupted: "waiting",
    });
    expect(after({ name: "failed", message: "x", phase: "checking" }, { type: "retry" }).state).toEqual({
      name: "checking",
    });
    expect(after({ name: "stopped", cause: { kind: "user" }, phase: "landing" }, { type: "retry" }).state).toEqual({
      name: "ready",
    });
    expect(after({ name: "interrupted", phase: "running" }, { type: "retry" }).nextRun).toBe("continue");
    const neverRan = after(
      { name: "failed", message: "worktree folder exists", phase: "waiting" },
      { type: "retry" },
      { runCount: 0, nextRun: "spec" },
    );
    expect(neverRan).toMatchObject({ nextRun: "spec", state: { name: "waiting" } });
  });

  it("records the phase a node was stopped in, so Retry resumes it there", () => {
    expect(after({ name: "running" }, { type: "stop" }).state).toEqual({
      name: "stopped",
      cause: { kind: "user" },
      phase: "running",
    });
    expect(after({ name: "ready" }, { type: "stop" }).state).toMatchObject({ phase: "landing" });
    expect(after({ name: "interrupted", phase: "checking" }, { type: "stop" }).state).toMatchObject({
      phase: "checking",
    });
    expect(after({ name: "queued", reason: "x" }, { type: "skip" }).state).toEqual({
      name: "skipped",
      phase: "waiting",
    });
  });

  it("says what to do instead when it refuses", () => {
    const landed = nodeIn("api", ONE_NODE_PER_STATE.landed);
    const messageOf = (node: PlanRunNode, event: NodeEvent) => {
      const result = applyNodeEvent(node, event);
      return result.ok ? "accepted" : result.refusal.message;
    };
    expect(messageOf(landed, { type: "retry" })).toBe(
      "Cannot retry a landed node: api has landed. Its work is already on the base branch.",
    );
    expect(messageOf(landed, { type: "skip" })).toContain("Cannot skip a landed node");
    expect(messageOf(nodeIn("api", { name: "running" }), { type: "skip" })).toBe(
      "Cannot skip api while it is running. Stop it first, then skip it.",
    );
    expect(messageOf(nodeIn("api", { name: "landing" }), { type: "stop" })).toBe(
      "Cannot stop api while it is landing. Wait until it lands or reports a conflict.",
    );
    expect(messageOf(nodeIn("api", { name: "running" }), { type: "retry" })).toContain(
      "Only a failed, stopped, skipped or interrupted node",
    );
  });
});

describe("restarts and resuming", () => {
  it("interrupts only a node whose agent, checks or land were under way", () => {
    expect(outcomes({ type: "interrupted_by_restart" })).toMatchObject({
      waiting: "refused",
      running: "interrupted",
      waiting_for_user: "interrupted",
      checking: "interrupted",
      landing: "interrupted",
      ready: "refused",
      landed: "refused",
    });
    const askedAtEnd: NodeState = {
      name: "waiting_for_user",
      waitingFor: { kind: "question", question: "?" },
      isRunLive: false,
    };
    expect(applyNodeEvent(nodeIn("api", askedAtEnd), { type: "interrupted_by_restart" }).ok).toBe(false);
    expect(after({ name: "landing" }, { type: "interrupted_by_restart" }).state).toEqual({
      name: "interrupted",
      phase: "landing",
    });
  });

  it("resumes an interrupted node in its phase, and leaves every other node as it is", () => {
    expect(after({ name: "interrupted", phase: "running" }, { type: "plan_resumed" }).state.name).toBe("waiting");
    expect(after({ name: "interrupted", phase: "checking" }, { type: "plan_resumed" }).state.name).toBe("checking");
    expect(after({ name: "interrupted", phase: "landing" }, { type: "plan_resumed" }).state.name).toBe("ready");
    const running = nodeIn("api", { name: "running" });
    const result = applyNodeEvent(running, { type: "plan_resumed" });
    expect(result.ok && result.node).toBe(running);
  });
});

describe("editing the spec", () => {
  it("changes the spec until the node's first run starts", () => {
    expect(after(ONE_NODE_PER_STATE.queued, { type: "spec_edited", spec: "New spec" }, { runCount: 0 }).spec).toBe(
      "New spec",
    );
    const edited = applyNodeEvent(runNode("api"), { type: "spec_edited", spec: "Use the v2 schema" });
    expect(edited.ok && edited.node).toMatchObject({ spec: "Use the v2 schema", state: { name: "waiting" } });
  });

  it("refuses once the agent has the spec, saying to send it a message", () => {
    const result = applyNodeEvent(nodeIn("api", { name: "waiting", reason: "waiting to start again" }), {
      type: "spec_edited",
      spec: "x",
    });
    expect(result).toMatchObject({
      ok: false,
      refusal: {
        message:
          "Cannot edit the spec of api. Its agent has already started from the spec: send the agent a message instead.",
      },
    });
  });
});

describe("failures", () => {
  it("fails a node from any phase with work under way, keeping the message and the phase", () => {
    expect(after({ name: "running" }, { type: "failed", message: "the CLI crashed" }).state).toEqual({
      name: "failed",
      message: "the CLI crashed",
      phase: "running",
    });
    expect(after({ name: "landing" }, { type: "failed", message: "git refused" }).state).toMatchObject({
      phase: "landing",
    });
    expect(applyNodeEvent(nodeIn("api", { name: "ready" }), { type: "failed", message: "x" }).ok).toBe(false);
  });
});
