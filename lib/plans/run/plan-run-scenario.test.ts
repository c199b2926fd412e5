import { describe, expect, it } from "vitest";
import { designParents, topologicalSlugs } from "@/lib/design/merge-order/merge-order.ts";
import type { DesignTree } from "@/lib/design/types.ts";
import { createPlanRun } from "./create-plan-run.ts";
import type { NodeEvent } from "./node-events.ts";
import { hasLiveAgent, planNextDispatches } from "./plan-next-dispatches.ts";
import { nextToLand } from "./next-to-land.ts";
import type { PlanRun } from "./plan-run.ts";
import { applyRunEvent } from "./plan-run-lifecycle.ts";

/** The e2e plan: two roots, children of each, and one node whose checks fail once. */
const TREE: DesignTree = {
  nodes: ["api-schema", "ui-shell", "api-routes", "api-docs", "ui-pages"].map((slug) => ({
    slug,
    title: slug,
    description: null,
    status: "planned" as const,
  })),
  edges: [
    { parent: "api-schema", child: "api-routes" },
    { parent: "api-schema", child: "api-docs" },
    { parent: "ui-shell", child: "ui-pages" },
  ],
};

function apply(run: PlanRun, slug: string, event: NodeEvent): PlanRun {
  const result = applyRunEvent(run, { slug, event });
  if (!result.ok) throw new Error(result.refusal.message);
  return result.run;
}

/**
 * Drives the core the way the wiring will, one tick at a time with two agent slots: dispatch, let
 * every agent finish, check (api-routes fails its first check), land the next in the merge order.
 */
function runToTheEnd() {
  const mergeOrder = { entries: topologicalSlugs(TREE, designParents(TREE).parentOf).map((slug) => ({ slug })) };
  let run = createPlanRun({
    tree: TREE,
    concurrency: 2,
    budgetUsd: null,
    startFromParentBranch: [],
    nodeEstimateUsd: 0.4,
  });
  const landedOrder: string[] = [];
  const startedWhile: Array<{ slug: string; parentState: string | null }> = [];
  let mostAgentsAtOnce = 0;
  let checksOfApiRoutes = 0;
  for (let tick = 0; tick < 50 && landedOrder.length < TREE.nodes.length; tick += 1) {
    const busy = run.nodes.filter(hasLiveAgent).length;
    const { start, held } = planNextDispatches(run, {
      slots: { total: 2, busy },
      budget: { limitUsd: null, spentUsd: 0 },
    });
    for (const hold of held) if (hold.event) run = apply(run, hold.slug, hold.event);
    for (const { slug } of start) {
      const parent = run.nodes.find((node) => node.slug === slug)?.dependsOn[0];
      startedWhile.push({ slug, parentState: run.nodes.find((node) => node.slug === parent)?.state.name ?? null });
      run = apply(run, slug, { type: "dispatched" });
    }
    mostAgentsAtOnce = Math.max(mostAgentsAtOnce, run.nodes.filter(hasLiveAgent).length);
    for (const node of run.nodes.filter(hasLiveAgent))
      run = apply(run, node.slug, { type: "run_ended", question: null });
    for (const node of run.nodes.filter((candidate) => candidate.state.name === "checking")) {
      const fails = node.slug === "api-routes" && checksOfApiRoutes++ === 0;
      run = apply(
        run,
        node.slug,
        fails ? { type: "checks_failed", maxAutomaticRetries: 2 } : { type: "checks_passed" },
      );
    }
    const pick = nextToLand(run, mergeOrder);
    if (pick.slug !== null) {
      run = apply(run, pick.slug, { type: "land_started" });
      run = apply(run, pick.slug, { type: "landed", at: `tick ${tick}` });
      landedOrder.push(pick.slug);
    }
  }
  return { run, mergeOrder, landedOrder, startedWhile, mostAgentsAtOnce };
}

describe("a plan from Run to every node landed", () => {
  it("lands every node in the merge order, no child before its parent, never more than the slots", () => {
    const { run, mergeOrder, landedOrder, startedWhile, mostAgentsAtOnce } = runToTheEnd();
    expect(run.nodes.every((node) => node.state.name === "landed")).toBe(true);
    expect(landedOrder).toEqual(mergeOrder.entries.map((entry) => entry.slug));
    expect(landedOrder).toEqual(["api-schema", "ui-shell", "api-routes", "api-docs", "ui-pages"]);
    for (const { slug, parentState } of startedWhile) {
      if (TREE.edges.some((edge) => edge.child === slug))
        expect({ slug, parentState }).toEqual({ slug, parentState: "landed" });
    }
    expect(mostAgentsAtOnce).toBe(2);
  });

  it("starts each node once, plus one fix run for the node whose checks failed", () => {
    const { run, startedWhile } = runToTheEnd();
    expect(Object.fromEntries(run.nodes.map((node) => [node.slug, node.runCount]))).toEqual({
      "api-schema": 1,
      "ui-shell": 1,
      "api-routes": 2,
      "api-docs": 1,
      "ui-pages": 1,
    });
    expect(startedWhile.map((entry) => entry.slug).sort()).toEqual(
      ["api-docs", "api-routes", "api-routes", "api-schema", "ui-pages", "ui-shell"].sort(),
    );
  });
});
