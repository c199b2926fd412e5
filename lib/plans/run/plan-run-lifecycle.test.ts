import { describe, expect, it } from "vitest";
import { planNextDispatches } from "./plan-next-dispatches.ts";
import { applyRunEvent, pausePlan, recoverAfterRestart, resumePlan } from "./plan-run-lifecycle.ts";
import { nodeIn, ONE_NODE_PER_STATE, planRun, runNode } from "./plan-run-fixtures.ts";

const NO_LIMITS = { slots: { total: 8, busy: 0 }, budget: { limitUsd: null, spentUsd: 0 } };

/** A plan cut by kill -9 with three nodes at work and one waiting for the first of them. */
const CUT = planRun([
  nodeIn("agent", { name: "running" }),
  nodeIn("asking", ONE_NODE_PER_STATE.waiting_for_user),
  nodeIn("checks", { name: "checking" }),
  nodeIn("lands", { name: "landing" }),
  nodeIn("done", ONE_NODE_PER_STATE.landed),
  runNode("child", { dependsOn: ["agent"], state: { name: "waiting", reason: "waiting for agent to land" } }),
]);

describe("recoverAfterRestart and resumePlan", () => {
  it("marks every node whose agent, checks or land were cut as interrupted, and lists them", () => {
    const { run, interruptedSlugs } = recoverAfterRestart(CUT);
    expect(interruptedSlugs).toEqual(["agent", "asking", "checks", "lands"]);
    expect(run.nodes.map((node) => node.state.name)).toEqual([
      "interrupted",
      "interrupted",
      "interrupted",
      "interrupted",
      "landed",
      "waiting",
    ]);
    expect(planNextDispatches(run, NO_LIMITS).start).toEqual([]);
  });

  it("resumes each cut node where it was and starts each cut agent exactly once", () => {
    const resumed = resumePlan(pausePlan(recoverAfterRestart(CUT).run));
    expect(resumed.isPaused).toBe(false);
    expect(resumed.nodes.map((node) => node.state.name)).toEqual([
      "waiting",
      "waiting",
      "checking",
      "ready",
      "landed",
      "waiting",
    ]);
    const { start } = planNextDispatches(resumed, NO_LIMITS);
    expect(start.map(({ slug, purpose }) => [slug, purpose])).toEqual([
      ["agent", "continue"],
      ["asking", "continue"],
    ]);
  });

  it("finds nothing to interrupt in a plan at rest", () => {
    const atRest = planRun([nodeIn("a", ONE_NODE_PER_STATE.ready), runNode("b")]);
    expect(recoverAfterRestart(atRest)).toEqual({ run: atRest, interruptedSlugs: [] });
  });
});

describe("pausePlan", () => {
  it("holds new starts until resumed", () => {
    const paused = pausePlan(planRun([runNode("a")]));
    expect(planNextDispatches(paused, NO_LIMITS).start).toEqual([]);
    expect(planNextDispatches(resumePlan(paused), NO_LIMITS).start.map((dispatch) => dispatch.slug)).toEqual(["a"]);
  });
});

describe("applyRunEvent", () => {
  it("moves only the named node", () => {
    const result = applyRunEvent(planRun([runNode("a"), runNode("b")]), { slug: "b", event: { type: "dispatched" } });
    expect(result.ok && result.run.nodes.map((node) => node.state.name)).toEqual(["waiting", "running"]);
  });

  it("refuses an unknown node and passes a node's refusal on", () => {
    const run = planRun([nodeIn("a", ONE_NODE_PER_STATE.landed)]);
    expect(applyRunEvent(run, { slug: "ghost", event: { type: "retry" } })).toEqual({
      ok: false,
      refusal: {
        slug: "ghost",
        event: "retry",
        state: null,
        message: "This plan has no node ghost. Reload the plan: it may have changed.",
      },
    });
    expect(applyRunEvent(run, { slug: "a", event: { type: "retry" } })).toMatchObject({
      ok: false,
      refusal: { message: expect.stringContaining("Cannot retry a landed node") },
    });
  });
});
