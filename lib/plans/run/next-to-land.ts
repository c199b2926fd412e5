import { listInWords, troubleOf } from "./dependency-status.ts";
import type { PlanRun, PlanRunNode } from "./plan-run.ts";

/** The plan's merge order (lib/design/merge-order's MergeOrder fits): slugs, parents before children. */
export interface MergeOrderInput {
  entries: ReadonlyArray<{ slug: string }>;
}

export type LandingPick = { slug: string } | { slug: null; reason: string };

/**
 * The one node to land now, or why none. Nodes land one at a time, in the merge order: the first
 * node on its way that is not landed is next, and until it is ready nothing behind it lands. A
 * node that cannot go on without the user (a conflict, a failure, a question, checks that wait for
 * them) is passed over with everything that depends on it, so one stuck node does not hold the rest.
 * Nodes missing from the merge order (it was read before the plan changed) come last, in plan order.
 */
export function nextToLand(run: PlanRun, mergeOrder: MergeOrderInput): LandingPick {
  if (run.isPaused) return { slug: null, reason: "the plan is paused; resume it to land" };
  const landing = run.nodes.find((node) => node.state.name === "landing");
  if (landing) return { slug: null, reason: `${landing.slug} is landing; one node lands at a time` };
  const bySlug = new Map(run.nodes.map((node) => [node.slug, node]));
  const stuck = findStuck(run, bySlug);
  const ordered = [...new Set([...mergeOrder.entries.map((entry) => entry.slug), ...bySlug.keys()])];
  for (const slug of ordered) {
    const node = bySlug.get(slug);
    if (!node || node.state.name === "landed" || node.state.name === "skipped" || stuck.has(slug)) continue;
    if (node.state.name !== "ready") return { slug: null, reason: `next to land is ${slug}, which is not ready yet` };
    const isUnblocked = node.dependsOn.every((dependency) => {
      const state = bySlug.get(dependency)?.state.name;
      return state === "landed" || state === "skipped";
    });
    // A child ready before its parent (stacked work, or a merge order read before the tree changed): the parent goes first.
    if (isUnblocked) return { slug };
  }
  const needYou = run.nodes.filter((node) => troubleOf(node) !== null).map((node) => node.slug);
  if (needYou.length > 0) return { slug: null, reason: `nothing can land until you act on ${listInWords(needYou)}` };
  return { slug: null, reason: "every node has landed or been skipped" };
}

/** Nodes that need the user, and every node that depends on one of them (not counting landed ones). */
function findStuck(run: PlanRun, bySlug: ReadonlyMap<string, PlanRunNode>): Set<string> {
  const stuck = new Set<string>();
  const visiting = new Set<string>();
  const isStuck = (node: PlanRunNode): boolean => {
    if (stuck.has(node.slug)) return true;
    if (node.state.name === "landed" || node.state.name === "skipped" || visiting.has(node.slug)) return false;
    visiting.add(node.slug);
    const dependencies = node.dependsOn
      .map((slug) => bySlug.get(slug))
      .filter((dependency) => dependency !== undefined);
    const result = troubleOf(node) !== null || dependencies.some(isStuck);
    if (result) stuck.add(node.slug);
    return result;
  };
  for (const node of run.nodes) isStuck(node);
  return stuck;
}
