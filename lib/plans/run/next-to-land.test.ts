import { describe, expect, it } from "vitest";
import { nextToLand } from "./next-to-land.ts";
import type { NodeState } from "./plan-run.ts";
import { nodeIn, ONE_NODE_PER_STATE, planRun } from "./plan-run-fixtures.ts";

const order = (...slugs: string[]) => ({ entries: slugs.map((slug) => ({ slug })) });
const READY: NodeState = { name: "ready" };
const LANDED = ONE_NODE_PER_STATE.landed;
const CONFLICT: NodeState = { name: "stopped", cause: { kind: "conflict", files: ["a.ts"] }, phase: "landing" };

describe("nextToLand", () => {
  it("lands the ready nodes one at a time in the merge order, not the plan's order", () => {
    const run = planRun([nodeIn("a", READY), nodeIn("b", READY)]);
    expect(nextToLand(run, order("b", "a"))).toEqual({ slug: "b" });
    expect(nextToLand(planRun([nodeIn("a", READY), nodeIn("b", LANDED)]), order("b", "a"))).toEqual({ slug: "a" });
  });

  it("lands nothing while another node is landing", () => {
    const run = planRun([nodeIn("a", { name: "landing" }), nodeIn("b", READY)]);
    expect(nextToLand(run, order("a", "b"))).toEqual({ slug: null, reason: "a is landing; one node lands at a time" });
  });

  it("keeps to the merge order: a ready node waits behind an earlier one still at work", () => {
    const run = planRun([nodeIn("a", { name: "checking" }), nodeIn("b", READY)]);
    expect(nextToLand(run, order("a", "b"))).toEqual({
      slug: null,
      reason: "next to land is a, which is not ready yet",
    });
  });

  it("passes over a conflicted node and its dependents, so the rest still land", () => {
    const run = planRun([
      nodeIn("a", CONFLICT),
      nodeIn("a-child", READY, { dependsOn: ["a"], startFrom: "parent_branch" }),
      nodeIn("a-grandchild", { name: "waiting", reason: "x" }, { dependsOn: ["a-child"] }),
      nodeIn("c", READY),
    ]);
    expect(nextToLand(run, order("a", "a-child", "a-grandchild", "c"))).toEqual({ slug: "c" });
    const onlyStuck = planRun(run.nodes.map((node) => (node.slug === "c" ? { ...node, state: LANDED } : node)));
    expect(nextToLand(onlyStuck, order("a", "a-child", "a-grandchild", "c"))).toEqual({
      slug: null,
      reason: "nothing can land until you act on a",
    });
  });

  it("passes over every state that needs the user", () => {
    const stuckStates: NodeState[] = [
      ONE_NODE_PER_STATE.failed,
      ONE_NODE_PER_STATE.stopped,
      ONE_NODE_PER_STATE.interrupted,
      ONE_NODE_PER_STATE.waiting_for_user,
      { name: "checks_failed", attempt: 2, maxAttempts: 2, isWaitingForUser: true },
    ];
    for (const state of stuckStates) {
      expect(nextToLand(planRun([nodeIn("a", state), nodeIn("b", READY)]), order("a", "b"))).toEqual({ slug: "b" });
    }
  });

  it("lands a parent before its stacked child, even when the order lists the child first", () => {
    const run = planRun([
      nodeIn("child", READY, { dependsOn: ["parent"], startFrom: "parent_branch" }),
      nodeIn("parent", READY),
    ]);
    expect(nextToLand(run, order("child", "parent"))).toEqual({ slug: "parent" });
  });

  it("lands nodes missing from the merge order after the others, in plan order", () => {
    const run = planRun([nodeIn("new", READY), nodeIn("a", READY)]);
    expect(nextToLand(run, order("a"))).toEqual({ slug: "a" });
    expect(nextToLand(run, order())).toEqual({ slug: "new" });
  });

  it("says when everything is done, and lands nothing while the plan is paused", () => {
    const done = planRun([nodeIn("a", LANDED), nodeIn("b", ONE_NODE_PER_STATE.skipped)]);
    expect(nextToLand(done, order("a", "b"))).toEqual({ slug: null, reason: "every node has landed or been skipped" });
    expect(nextToLand(planRun([nodeIn("a", READY)], { isPaused: true }), order("a"))).toEqual({
      slug: null,
      reason: "the plan is paused; resume it to land",
    });
  });
});
