import { describe, expect, it } from "vitest";
import type { DesignTree } from "@/lib/design/types.ts";
import { nodeIn, planRun, runNode } from "./plan-run-fixtures.ts";
import { followTree, REMOVED_FROM_TREE } from "./follow-tree.ts";

const tree = (nodes: string[], edges: Array<[string, string]> = []): DesignTree => ({
  nodes: nodes.map((slug) => ({ slug, title: slug.toUpperCase(), description: null, status: "planned" })),
  edges: edges.map(([parent, child]) => ({ parent, child })),
});

describe("followTree", () => {
  it("adds a node the tree gained, waiting for its parent", () => {
    const run = planRun([nodeIn("api", { name: "running" })]);
    const next = followTree(run, { tree: tree(["api", "docs"], [["api", "docs"]]), nodeEstimateUsd: 0.5 });
    expect(next.added).toEqual(["docs"]);
    expect(next.run.nodes[1]).toMatchObject({
      slug: "docs",
      dependsOn: ["api"],
      spec: "DOCS",
      state: { name: "waiting", reason: "waiting for api to land" },
    });
  });

  it("gives a node that has not started the parent the tree now gives it, and leaves a started one as it is", () => {
    const run = planRun([
      runNode("api"),
      runNode("ui"),
      runNode("form", { dependsOn: ["api"] }),
      nodeIn("docs", { name: "running" }, { dependsOn: ["api"] }),
    ]);
    const next = followTree(run, {
      tree: tree(
        ["api", "ui", "form", "docs"],
        [
          ["ui", "form"],
          ["ui", "docs"],
        ],
      ),
      nodeEstimateUsd: 0.5,
    });
    expect(next.run.nodes.map((node) => node.dependsOn)).toEqual([[], [], ["ui"], ["api"]]);
    expect(next.run.nodes[2]!.state).toEqual({ name: "waiting", reason: "waiting for ui to land" });
  });

  it("ends a removed node with a message and names its running agent; leaves landed and landing nodes", () => {
    const run = planRun([
      nodeIn("running", { name: "running" }),
      nodeIn("ready", { name: "ready" }),
      runNode("waiting"),
      nodeIn("landed", { name: "landed", landedAt: "2026-11-30T10:00:00.000Z" }),
      nodeIn("landing", { name: "landing" }),
      runNode("kept"),
    ]);
    const next = followTree(run, { tree: tree(["kept"]), nodeEstimateUsd: 0.5 });
    expect(next.stopAgentsOf).toEqual(["running"]);
    const states = Object.fromEntries(next.run.nodes.map((node) => [node.slug, node.state]));
    expect(states.running).toEqual({ name: "failed", message: REMOVED_FROM_TREE, phase: "running" });
    expect(states.waiting).toEqual({ name: "failed", message: REMOVED_FROM_TREE, phase: "waiting" });
    expect(states.ready).toMatchObject({ name: "stopped", cause: { kind: "user" } });
    expect(states.landed!.name).toBe("landed");
    expect(states.landing!.name).toBe("landing");
    expect(states.kept).toEqual(run.nodes[5]!.state);
  });

  it("changes nothing when the tree is the run's", () => {
    const run = planRun([
      runNode("api"),
      runNode("docs", { dependsOn: ["api"], state: { name: "waiting", reason: "waiting for api to land" } }),
    ]);
    const next = followTree(run, { tree: tree(["api", "docs"], [["api", "docs"]]), nodeEstimateUsd: 0.5 });
    expect(next.run).toBe(run);
    expect(next).toMatchObject({ stopAgentsOf: [], added: [] });
  });
});
