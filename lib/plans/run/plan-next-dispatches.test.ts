import { describe, expect, it } from "vitest";
import { applyNodeEvent } from "./apply-node-event.ts";
import type { BudgetInput } from "./budget-check.ts";
import { planNextDispatches, type SlotsInput } from "./plan-next-dispatches.ts";
import type { NodeState, PlanRun } from "./plan-run.ts";
import { nodeIn, ONE_NODE_PER_STATE, planRun, runNode } from "./plan-run-fixtures.ts";

const FREE: SlotsInput = { total: 8, busy: 0 };
const NO_BUDGET: BudgetInput = { limitUsd: null, spentUsd: 0 };

function plan(run: PlanRun, slots: SlotsInput = FREE, budget: BudgetInput = NO_BUDGET) {
  return planNextDispatches(run, { slots, budget });
}

const reasons = (result: ReturnType<typeof plan>) =>
  Object.fromEntries(result.held.map((hold) => [hold.slug, hold.reason]));
const started = (result: ReturnType<typeof plan>) => result.start.map((dispatch) => dispatch.slug);
const LANDED: NodeState = ONE_NODE_PER_STATE.landed;

describe("planNextDispatches: dependencies", () => {
  it("starts the roots side by side from the base, and holds their children until they land", () => {
    const run = planRun([
      runNode("api-schema"),
      runNode("ui-shell"),
      runNode("api-routes", { dependsOn: ["api-schema"] }),
      runNode("ui-pages", { dependsOn: ["ui-shell"] }),
    ]);
    const result = plan(run);
    expect(result.start).toEqual([
      { slug: "api-schema", purpose: "spec", branchFrom: { kind: "base" } },
      { slug: "ui-shell", purpose: "spec", branchFrom: { kind: "base" } },
    ]);
    expect(result.held).toEqual([
      {
        slug: "api-routes",
        reason: "waiting for api-schema to land",
        event: { type: "held", reason: "waiting for api-schema to land", areDependenciesMet: false },
      },
      expect.objectContaining({ slug: "ui-pages", reason: "waiting for ui-shell to land" }),
    ]);
  });

  it("starts a child from the base once its parent has landed, but not while the parent is only ready", () => {
    const child = runNode("api-routes", { dependsOn: ["api-schema"] });
    expect(started(plan(planRun([nodeIn("api-schema", { name: "ready" }), child])))).toEqual([]);
    expect(plan(planRun([nodeIn("api-schema", LANDED), child])).start).toEqual([
      { slug: "api-routes", purpose: "spec", branchFrom: { kind: "base" } },
    ]);
  });

  it("starts a stacked child from its parent's branch once the parent is ready", () => {
    const child = runNode("api-routes", { dependsOn: ["api-schema"], startFrom: "parent_branch" });
    expect(reasons(plan(planRun([nodeIn("api-schema", { name: "checking" }), child])))).toEqual({
      "api-routes": "waiting for api-schema to be ready",
    });
    expect(plan(planRun([nodeIn("api-schema", { name: "ready" }), child])).start[0]?.branchFrom).toEqual({
      kind: "parent_branch",
      parentSlug: "api-schema",
    });
    expect(plan(planRun([nodeIn("api-schema", LANDED), child])).start[0]?.branchFrom).toEqual({ kind: "base" });
  });

  it("goes on without a skipped dependency", () => {
    const run = planRun([
      nodeIn("api-schema", { name: "skipped", phase: "waiting" }),
      runNode("api-routes", { dependsOn: ["api-schema"] }),
    ]);
    expect(started(plan(run))).toEqual(["api-routes"]);
  });

  it("says why a child waits when its parent needs the user", () => {
    const child = runNode("api-routes", { dependsOn: ["api-schema"] });
    const reasonWith = (state: NodeState) => reasons(plan(planRun([nodeIn("api-schema", state), child])))["api-routes"];
    expect(reasonWith({ name: "failed", message: "x", phase: "running" })).toBe(
      "waiting: api-schema failed; retry or skip it",
    );
    expect(reasonWith({ name: "stopped", cause: { kind: "user" }, phase: "running" })).toBe(
      "waiting: api-schema was stopped; retry or skip it",
    );
    expect(reasonWith({ name: "stopped", cause: { kind: "conflict", files: ["a.ts"] }, phase: "landing" })).toBe(
      "waiting: api-schema has a merge conflict; ask Claude to resolve it, or skip it",
    );
    expect(reasonWith({ name: "interrupted", phase: "running" })).toBe(
      "waiting: api-schema was interrupted by a restart; retry it",
    );
    expect(reasonWith(ONE_NODE_PER_STATE.waiting_for_user)).toBe("waiting: api-schema waits for your answer");
    expect(reasonWith({ name: "checks_failed", attempt: 2, maxAttempts: 2, isWaitingForUser: true })).toBe(
      "waiting: api-schema's checks failed and it waits for you",
    );
  });

  it("names every dependency still to land", () => {
    const run = planRun([
      runNode("a", { state: { name: "running" } }),
      runNode("b", { state: { name: "running" } }),
      runNode("c", { dependsOn: ["a", "b"] }),
    ]);
    expect(reasons(plan(run)).c).toBe("waiting for a and b to land");
  });
});

describe("planNextDispatches: slots, budget and pause", () => {
  it("fills only the free slots and says how many are busy", () => {
    const run = planRun([
      runNode("a"),
      nodeIn("b", { name: "queued", reason: "x" }, { runCount: 0, nextRun: "spec" }),
      runNode("c"),
    ]);
    const result = plan(run, { total: 8, busy: 7 });
    expect(started(result)).toEqual(["a"]);
    expect(result.held).toEqual([
      {
        slug: "b",
        reason: "8 of 8 agent slots busy",
        event: { type: "held", reason: "8 of 8 agent slots busy", areDependenciesMet: true },
      },
      {
        slug: "c",
        reason: "8 of 8 agent slots busy",
        event: { type: "dependencies_met", reason: "8 of 8 agent slots busy" },
      },
    ]);
  });

  it("starts nothing that the budget cannot cover, counting running agents' estimates as spent", () => {
    expect(reasons(plan(planRun([runNode("a")]), FREE, { limitUsd: 5, spentUsd: 4.9 }))).toEqual({
      a: "budget reached: $4.90 of $5.00 spent; this node's estimate is $0.40",
    });
    const withRunning = planRun([
      nodeIn("r1", { name: "running" }),
      nodeIn("r2", ONE_NODE_PER_STATE.waiting_for_user),
      runNode("a"),
    ]);
    expect(reasons(plan(withRunning, FREE, { limitUsd: 5, spentUsd: 4.3 })).a).toBe(
      "budget reached: $4.30 of $5.00 spent and $0.80 held for 2 running agents; this node's estimate is $0.40",
    );
  });

  it("starts a node the budget covers to the cent, and a cheaper one after one that does not fit", () => {
    // In dollars, 1.03 + 0.1 > 1.13; in cents it is exactly 113.
    expect(
      started(plan(planRun([runNode("a", { estimateUsd: 0.1 })]), FREE, { limitUsd: 1.13, spentUsd: 1.03 })),
    ).toEqual(["a"]);
    const run = planRun([runNode("big", { estimateUsd: 2 }), runNode("small", { estimateUsd: 0.5 })]);
    const result = plan(run, FREE, { limitUsd: 1, spentUsd: 0 });
    expect(started(result)).toEqual(["small"]);
    expect(reasons(result).big).toBe("budget reached: $0.00 of $1.00 spent; this node's estimate is $2.00");
  });

  it("starts nothing once the budget is spent, not even a node estimated at $0", () => {
    const free = runNode("free", { estimateUsd: 0 });
    expect(reasons(plan(planRun([free]), FREE, { limitUsd: 5, spentUsd: 5 })).free).toBe(
      "budget reached: $5.00 of $5.00 spent; this node's estimate is $0.00",
    );
    expect(started(plan(planRun([free]), FREE, { limitUsd: 5, spentUsd: 4.99 }))).toEqual(["free"]);
  });

  it("counts the nodes it starts against the budget", () => {
    const result = plan(planRun([runNode("a"), runNode("b"), runNode("c")]), FREE, { limitUsd: 1, spentUsd: 0 });
    expect(started(result)).toEqual(["a", "b"]);
  });

  it("starts nothing while the plan is paused", () => {
    const result = plan(planRun([runNode("a")], { isPaused: true }));
    expect(result.start).toEqual([]);
    expect(reasons(result).a).toBe("the plan is paused; resume it to start this node");
  });
});

describe("planNextDispatches: what it never starts, and what goes first", () => {
  it("never returns a node past waiting, queued or a due automatic fix", () => {
    const run = planRun(
      Object.entries(ONE_NODE_PER_STATE).map(([name, state]) => nodeIn(name.replaceAll("_", "-"), state)),
    );
    const result = plan(run);
    expect(started(result)).toEqual(["waiting", "queued", "checks-failed"]);
    expect(result.held).toEqual([]);
  });

  it("does not start a node again once its dispatch is recorded", () => {
    let run = planRun([runNode("a"), runNode("b")]);
    for (const dispatch of plan(run).start) {
      run = {
        ...run,
        nodes: run.nodes.map((node) => {
          const result = node.slug === dispatch.slug ? applyNodeEvent(node, { type: "dispatched" }) : null;
          return result?.ok ? result.node : node;
        }),
      };
    }
    expect(run.nodes.map((node) => node.state.name)).toEqual(["running", "running"]);
    expect(plan(run)).toEqual({ start: [], held: [] });
  });

  it("gives work under way a slot before fresh nodes, with the purpose of its next run", () => {
    const fixDue = nodeIn(
      "fix-me",
      { name: "checks_failed", attempt: 1, maxAttempts: 2, isWaitingForUser: false },
      { nextRun: "fix_checks" },
    );
    const conflicted = nodeIn(
      "resolve-me",
      { name: "waiting", reason: "waiting to resolve its conflict" },
      { nextRun: "resolve_conflict" },
    );
    const result = plan(planRun([runNode("fresh"), conflicted, fixDue]), { total: 2, busy: 0 });
    expect(result.start.map(({ slug, purpose }) => [slug, purpose])).toEqual([
      ["resolve-me", "resolve_conflict"],
      ["fix-me", "fix_checks"],
    ]);
    expect(result.held).toEqual([expect.objectContaining({ slug: "fresh", reason: "2 of 2 agent slots busy" })]);
  });

  it("says a node waits for the team's runners when it runs on them: their slots busy, or none running", () => {
    const full = plan(planRun([runNode("fresh")]), { total: 4, busy: 4, isRunners: true });
    expect(full.held).toEqual([expect.objectContaining({ slug: "fresh", reason: "4 of 4 runner slots busy" })]);
    const none = plan(planRun([runNode("fresh")]), { total: 0, busy: 0, isRunners: true });
    expect(none.start).toEqual([]);
    expect(none.held).toEqual([
      expect.objectContaining({
        slug: "fresh",
        reason:
          "no runner of this repository is running: it starts when one is seen again, or when another offers its clone",
      }),
    ]);
  });

  it("holds a due fix without an event: its state already says checks failed", () => {
    const fixDue = nodeIn("fix-me", { name: "checks_failed", attempt: 1, maxAttempts: 2, isWaitingForUser: false });
    expect(plan(planRun([fixDue]), { total: 1, busy: 1 }).held).toEqual([
      { slug: "fix-me", reason: "1 of 1 agent slots busy", event: null },
    ]);
  });
});
