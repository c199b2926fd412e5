import { describe, expect, it } from "vitest";
import { nodeIn, planRun, runNode } from "./plan-run-fixtures.ts";
import { emptyWork } from "./plan-run-record.ts";
import type { PlanRunView } from "./plan-run-view.ts";
import { applyOrKeep, estimateOfOneRun, NODE_ESTIMATE_USD, withEstimate, withTitles } from "./run-pass.ts";

const viewWithCosts = (costs: Array<number | null>) =>
  ({
    nodes: [{ runs: costs.map((costUsd) => ({ costUsd })) }],
  }) as unknown as PlanRunView;

describe("one pass's inputs", () => {
  it("estimates a run by the mean of the plan's reported costs, rounded up to a cent, or the default", () => {
    expect(estimateOfOneRun(viewWithCosts([]))).toBe(NODE_ESTIMATE_USD);
    expect(estimateOfOneRun(viewWithCosts([null]))).toBe(NODE_ESTIMATE_USD);
    expect(estimateOfOneRun(viewWithCosts([0.116, 0.2, null]))).toBe(0.16);
  });

  it("gives the estimate only to nodes yet to start, and the same run back when none changes", () => {
    const run = planRun([runNode("waiting"), nodeIn("running", { name: "running" })]);
    const next = withEstimate(run, 0.16);
    expect(next.nodes.map((node) => node.estimateUsd)).toEqual([0.16, 0.4]);
    expect(withEstimate(next, 0.16)).toBe(next);
  });

  it("follows the tree's titles, keeping the same map when none changed", () => {
    const work = new Map([["api", emptyWork("Old")]]);
    const next = withTitles(work, [
      { slug: "api", title: "New" },
      { slug: "ui", title: "UI" },
    ]);
    expect([...next.entries()].map(([slug, entry]) => [slug, entry.title])).toEqual([
      ["api", "New"],
      ["ui", "UI"],
    ]);
    expect(withTitles(next, [{ slug: "api", title: "New" }])).toBe(next);
  });

  it("keeps the run as it was when an event is refused", () => {
    const run = planRun([nodeIn("api", { name: "landed", landedAt: "2026-11-30T10:00:00.000Z" })]);
    expect(applyOrKeep(run, "api", { type: "retry" })).toBe(run);
  });
});
