import type { DesignTree } from "@/lib/design/types.ts";
import { newRunNode } from "./create-plan-run.ts";
import { dependencyStatus } from "./dependency-status.ts";
import { applyRunEvent } from "./plan-run-lifecycle.ts";
import { hasLiveAgent } from "./plan-next-dispatches.ts";
import type { PlanRun } from "./plan-run.ts";

/** Why a node removed from the tree ends: what its card and the API say. */
export const REMOVED_FROM_TREE =
  "removed from the plan's design tree; its branch, worktree and conversation are kept. Add it back to the tree and retry it, or leave it.";

/**
 * The run after its plan's design tree was edited, so the board follows the tree: a node added to
 * the tree joins, waiting; a node that has not started takes the parent the tree now gives it; a
 * node removed from the tree ends with a message (failed, or stopped where its state allows only
 * that), never dropped: its work and runs stay listed. Returns the removed nodes whose agent is
 * running, for the wiring to stop. Pure.
 */
export function followTree(
  run: PlanRun,
  input: { tree: DesignTree; nodeEstimateUsd: number },
): { run: PlanRun; stopAgentsOf: string[]; added: string[] } {
  const inTree = new Set(input.tree.nodes.map((node) => node.slug));
  const parentOf = new Map(input.tree.edges.map((edge) => [edge.child, edge.parent]));
  const known = new Set(run.nodes.map((node) => node.slug));
  const stopAgentsOf: string[] = [];
  let next: PlanRun = {
    ...run,
    nodes: run.nodes.map((node) => {
      const hasStarted = node.runCount > 0 || (node.state.name !== "waiting" && node.state.name !== "queued");
      if (!inTree.has(node.slug) || hasStarted) return node;
      const parent = parentOf.get(node.slug);
      const dependsOn = parent !== undefined && (known.has(parent) || inTree.has(parent)) ? [parent] : [];
      return sameList(dependsOn, node.dependsOn) ? node : { ...node, dependsOn };
    }),
  };
  for (const node of run.nodes) {
    // A land under way finishes first: its end (landed or not) is then final.
    if (inTree.has(node.slug) || node.state.name === "landing") continue;
    const failed = applyRunEvent(next, { slug: node.slug, event: { type: "failed", message: REMOVED_FROM_TREE } });
    const ended = failed.ok ? failed : applyRunEvent(next, { slug: node.slug, event: { type: "stop" } });
    if (!ended.ok) continue;
    if (hasLiveAgent(node)) stopAgentsOf.push(node.slug);
    next = ended.run;
  }
  const added = input.tree.nodes.filter((designNode) => !known.has(designNode.slug));
  if (added.length > 0) {
    next = {
      ...next,
      nodes: [
        ...next.nodes,
        ...added.map((designNode) =>
          newRunNode(designNode, {
            parent: parentOf.get(designNode.slug) ?? null,
            isStacked: false,
            estimateUsd: input.nodeEstimateUsd,
          }),
        ),
      ],
    };
  }
  // A node whose dependencies changed says so before the next pass.
  next = {
    ...next,
    nodes: next.nodes.map((node) => {
      if (node.state.name !== "waiting" || node.runCount > 0) return node;
      const status = dependencyStatus(next, node);
      return status.isMet || status.reason === node.state.reason
        ? node
        : { ...node, state: { name: "waiting", reason: status.reason } };
    }),
  };
  const isSame = next.nodes.length === run.nodes.length && next.nodes.every((node, index) => node === run.nodes[index]);
  return { run: isSame ? run : next, stopAgentsOf, added: added.map((node) => node.slug) };
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item, index) => item === b[index]);
