import { describe, expect, it } from "vitest";
import { nodeIn, planRun } from "@/lib/plans/run/plan-run-fixtures.ts";
import { emptyWork, serializeNodes } from "@/lib/plans/run/plan-run-record.ts";
import { planNodeLabels } from "./plan-node-labels.ts";

const row = (planId: string, autoLand: boolean) => ({
  planId,
  autoLand,
  nodes: serializeNodes(
    planRun([nodeIn("api", { name: "ready" }), nodeIn("docs", { name: "waiting", reason: "waiting for api to land" })]),
    new Map([
      ["api", { ...emptyWork("Payment API"), worktreePath: `/w/${planId}-api` }],
      ["docs", emptyWork("API docs")],
    ]),
  ),
});

describe("planNodeLabels", () => {
  it("names each node's worktree by its node and plan; a node without a worktree has no row", () => {
    const labels = planNodeLabels([row("p", false)], new Map([["p", "Shop"]]));
    expect([...labels.keys()]).toEqual(["/w/p-api"]);
    expect(labels.get("/w/p-api")).toEqual({
      planId: "p",
      planTitle: "Shop",
      slug: "api",
      title: "Payment API",
      description: "ready to land",
      needsUser: true,
    });
    expect(planNodeLabels([row("p", true)], new Map()).get("/w/p-api")).toMatchObject({
      planTitle: "",
      needsUser: false,
    });
  });

  it("leaves out a run whose row cannot be read, keeping the others", () => {
    const labels = planNodeLabels([{ planId: "bad", autoLand: false, nodes: "{not json" }, row("q", false)], new Map());
    expect([...labels.keys()]).toEqual(["/w/q-api"]);
  });
});
