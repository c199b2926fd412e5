import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors/app-error.ts";
import type { DesignTree } from "@/lib/design/types.ts";
import { createPlanRun } from "./create-plan-run.ts";
import { validatePlanRunRequest, type PlanRunRequest } from "./validate-run-request.ts";

const designNode = (slug: string, description: string | null = null) => ({
  slug,
  title: `Title of ${slug}`,
  description,
  status: "planned" as const,
});

const TREE: DesignTree = {
  nodes: [designNode("api-schema", "Define the schema"), designNode("api-routes"), designNode("ui-shell")],
  edges: [{ parent: "api-schema", child: "api-routes" }],
};

const request = (overrides: Partial<PlanRunRequest> = {}): PlanRunRequest => ({
  tree: TREE,
  concurrency: null,
  budgetUsd: null,
  startFromParentBranch: [],
  ...overrides,
});

/** The AppError validatePlanRunRequest throws, as the UI sees it. */
function problemOf(input: PlanRunRequest) {
  try {
    validatePlanRunRequest(input);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { code: error.code, message: error.message, details: error.details };
  }
  throw new Error("validatePlanRunRequest accepted the request");
}

describe("validatePlanRunRequest", () => {
  it("accepts a tree with defaults, and concurrency and budget in range", () => {
    expect(() => validatePlanRunRequest(request())).not.toThrow();
    expect(() => validatePlanRunRequest(request({ concurrency: 1, budgetUsd: 0.01 }))).not.toThrow();
    expect(() =>
      validatePlanRunRequest(request({ concurrency: 32, startFromParentBranch: ["api-routes"] })),
    ).not.toThrow();
  });

  it("names a dependency cycle and says how to break it", () => {
    const tree: DesignTree = {
      nodes: [designNode("a"), designNode("b")],
      edges: [
        { parent: "a", child: "b" },
        { parent: "b", child: "a" },
      ],
    };
    const problem = problemOf(request({ tree }));
    expect(problem).toMatchObject({ code: "invalid_input", details: { problem: "cycle", cycle: ["a", "b"] } });
    expect(problem.message).toContain("a → b → a");
    expect(problem.message).toContain("Remove one of these edges");
  });

  it("names a dependency on a slug that is not a node", () => {
    const tree: DesignTree = { nodes: [designNode("a")], edges: [{ parent: "ghost", child: "a" }] };
    expect(problemOf(request({ tree }))).toMatchObject({
      details: { problem: "unknown_edge_end", nodeSlug: "ghost" },
      message: expect.stringContaining(
        'refers to node "ghost", which is not in the design. Add that node or remove the edge.',
      ),
    });
  });

  it.each([0, -5, Number.NaN, Number.POSITIVE_INFINITY])("refuses a budget of %s", (budgetUsd) => {
    expect(problemOf(request({ budgetUsd }))).toMatchObject({
      details: { problem: "budget_not_positive" },
      message: expect.stringMatching(/^A budget must be more than \$0, not .*: nothing could start\. .*leave it empty/),
    });
  });

  it.each([0, 33, 2.5, -1])("refuses %s agents at once", (concurrency) => {
    expect(problemOf(request({ concurrency }))).toMatchObject({
      details: { problem: "concurrency_out_of_range" },
      message: `Agents at once must be a whole number from 1 to 32, not ${concurrency}. Pick a number in that range, or leave it empty to use the machine's default.`,
    });
  });

  it("refuses an empty tree, and stacking on an unknown node or a root", () => {
    expect(problemOf(request({ tree: { nodes: [], edges: [] } })).details).toEqual({ problem: "empty_tree" });
    expect(problemOf(request({ startFromParentBranch: ["ghost"] }))).toMatchObject({
      details: { problem: "unknown_node", nodeSlug: "ghost" },
    });
    expect(problemOf(request({ startFromParentBranch: ["ui-shell"] }))).toMatchObject({
      details: { problem: "no_parent", nodeSlug: "ui-shell" },
      message: expect.stringContaining("ui-shell has no parent"),
    });
  });
});

describe("createPlanRun", () => {
  it("makes one waiting node per design node, depending on its parent", () => {
    const run = createPlanRun({ ...request({ startFromParentBranch: ["api-routes"] }), nodeEstimateUsd: 0.4 });
    expect(run.isPaused).toBe(false);
    expect(run.nodes).toEqual([
      expect.objectContaining({ slug: "api-schema", dependsOn: [], startFrom: "base", spec: "Define the schema" }),
      expect.objectContaining({
        slug: "api-routes",
        dependsOn: ["api-schema"],
        startFrom: "parent_branch",
        spec: "Title of api-routes",
      }),
      expect.objectContaining({ slug: "ui-shell", estimateUsd: 0.4, runCount: 0, nextRun: "spec", checkFailures: 0 }),
    ]);
    expect(run.nodes.map((node) => node.state)).toEqual([
      { name: "waiting", reason: "waiting to start" },
      { name: "waiting", reason: "waiting for api-schema to be ready" },
      { name: "waiting", reason: "waiting to start" },
    ]);
  });

  it("validates the request and the estimate", () => {
    expect(() => createPlanRun({ ...request({ budgetUsd: 0 }), nodeEstimateUsd: 0.4 })).toThrow(
      "A budget must be more than $0",
    );
    expect(() => createPlanRun({ ...request(), nodeEstimateUsd: -1 })).toThrow(
      "A node's cost estimate must be $0 or more, not -1.",
    );
  });
});
