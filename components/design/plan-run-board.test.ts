import { describe, expect, it } from "vitest";
import { ONE_NODE_PER_STATE, nodeIn, planRun } from "@/lib/plans/run/plan-run-fixtures.ts";
import { emptyWork } from "@/lib/plans/run/plan-run-record.ts";
import { toPlanRunView, type PlanRunNodeView } from "@/lib/plans/run/plan-run-view.ts";
import type { NodeState } from "@/lib/plans/run/plan-run.ts";
import { groupIntoColumns, nodeActions, parseOptionalNumber, summarizeRun } from "./plan-run-board.ts";

function viewOf(states: Record<string, NodeState>, options: { autoLand?: boolean; budgetUsd?: number | null } = {}) {
  const run = planRun(Object.entries(states).map(([slug, state]) => nodeIn(slug, state)));
  return toPlanRunView(
    {
      id: "r",
      planId: "p",
      repoId: "repo",
      version: 1,
      options: {
        concurrency: null,
        autoLand: options.autoLand ?? false,
        permissionMode: "default",
        budgetUsd: options.budgetUsd ?? null,
        allowedDomains: [],
      },
      run,
      work: new Map(run.nodes.map((node) => [node.slug, emptyWork(node.slug)])),
    },
    { runs: new Map(), concurrencyInForce: 4, landing: { slug: "ready" } },
  );
}

const slugs = (nodes: PlanRunNodeView[]) => nodes.map((node) => node.slug);

describe("the plan run board", () => {
  it("puts every state in one column, and whatever waits on the user under Needs you", () => {
    const view = viewOf(ONE_NODE_PER_STATE);
    const columns = groupIntoColumns(view.nodes);
    expect(slugs(columns.needs_you)).toEqual(["waiting_for_user", "failed", "stopped", "interrupted"]);
    expect(slugs(columns.waiting)).toEqual(["waiting", "queued"]);
    expect(slugs(columns.running)).toEqual(["running"]);
    expect(slugs(columns.checking)).toEqual(["checking", "checks_failed"]);
    expect(slugs(columns.ready)).toEqual(["ready", "landing"]);
    expect(slugs(columns.landed)).toEqual(["landed", "skipped"]);
    const shown = Object.values(columns).flat().length;
    expect(shown).toBe(view.nodes.length);
  });

  it("offers Land only on the node that lands next when the plan does not land by itself", () => {
    const view = viewOf({ ready: { name: "ready" }, other: { name: "ready" } });
    const [ready, other] = view.nodes;
    expect(nodeActions(ready!, { autoLand: false, nextToLand: "ready" })).toEqual(["land", "recheck"]);
    expect(nodeActions(other!, { autoLand: false, nextToLand: "ready" })).toEqual(["recheck"]);
    expect(nodeActions(ready!, { autoLand: true, nextToLand: "ready" })).toEqual(["recheck"]);
  });

  it("lets a node's task be edited until its agent first starts", () => {
    const { nodes } = viewOf({ waits: { name: "waiting", reason: "waiting for api to land" } });
    expect(nodeActions(nodes[0]!, { autoLand: true, nextToLand: null })).toEqual(["edit", "skip"]);
    const restarted = {
      ...nodes[0]!,
      runs: [{ id: "r1", purpose: "spec" as const, startedAt: "", status: "interrupted", costUsd: null }],
    };
    expect(nodeActions(restarted, { autoLand: true, nextToLand: null })).toEqual(["skip"]);
  });

  it("offers an answer to a question an ended run left, and Stop to a live one", () => {
    const view = viewOf({
      asked: { name: "waiting_for_user", waitingFor: { kind: "question", question: "Amex too?" }, isRunLive: false },
      tool: { name: "waiting_for_user", waitingFor: { kind: "tool", toolName: "Bash" }, isRunLive: true },
      stuck: { name: "checks_failed", attempt: 2, maxAttempts: 2, isWaitingForUser: true },
    });
    const [asked, tool, stuck] = view.nodes;
    expect(nodeActions(asked!, { autoLand: true, nextToLand: null })).toEqual(["answer", "stop"]);
    expect(nodeActions(tool!, { autoLand: true, nextToLand: null })).toEqual(["stop"]);
    expect(nodeActions(stuck!, { autoLand: true, nextToLand: null })).toEqual(["retry", "recheck", "skip"]);
  });

  it("sums the plan up in one line", () => {
    const view = viewOf(
      { a: { name: "landed", landedAt: "2026-11-30T10:00:00.000Z" }, b: { name: "running" } },
      { budgetUsd: 5 },
    );
    expect(summarizeRun(view)).toBe("1 of 2 landed · $0.00 spent of $5.00 · 4 agents at once");
    expect(summarizeRun({ ...view, isPaused: true, budgetUsd: null })).toBe(
      "1 of 2 landed · $0.00 spent · 4 agents at once · paused",
    );
    // A plan that asked for more than Settings allows says so.
    expect(summarizeRun({ ...view, concurrency: 8, budgetUsd: null })).toBe(
      "1 of 2 landed · $0.00 spent · 4 agents at once (8 asked; Settings allows 4)",
    );
  });
});

describe("parseOptionalNumber", () => {
  it("reads empty as none, a number as itself, and refuses anything else saying what to type", () => {
    expect(parseOptionalNumber("  ", "Agents at once")).toEqual({ ok: true, value: null });
    expect(parseOptionalNumber(" 3 ", "Agents at once")).toEqual({ ok: true, value: 3 });
    expect(parseOptionalNumber("2.50", "Budget")).toEqual({ ok: true, value: 2.5 });
    expect(parseOptionalNumber("three", "Agents at once")).toEqual({
      ok: false,
      message: 'Agents at once must be a number, not "three". Type a number, or leave it empty.',
    });
  });
});
