import { AppError } from "@/lib/errors/app-error.ts";
import { isValidSlug } from "./slug.ts";
import { DESIGN_NODE_STATUSES, type DesignTree } from "./types.ts";

export type DesignTreeProblem =
  | "invalid_slug"
  | "empty_title"
  | "invalid_status"
  | "duplicate_slug"
  | "unknown_edge_end"
  | "duplicate_edge"
  | "two_parents"
  | "cycle";

/**
 * Checks a design tree before it is stored and throws AppError('invalid_input') on the first
 * problem, naming the offending node: a slug that is not lowercase letters, digits and `-` (1–60
 * characters, not starting with `-`), an empty title, an unknown status, a duplicate slug, an edge
 * whose end is not a node, an edge listed twice, a node with two parents, or a cycle (its slugs
 * are listed). `details` holds `problem` and `nodeSlug` (plus `cycle` for a cycle).
 */
export function validateDesignTree(tree: DesignTree): void {
  validateNodes(tree);
  const parentOf = validateEdges(tree);
  const cycle = findCycle({ slugs: tree.nodes.map((node) => node.slug), parentOf });
  if (cycle) {
    fail({
      problem: "cycle",
      nodeSlug: cycle[0] ?? "",
      message: `The design has a cycle: ${[...cycle, cycle[0]].join(" → ")}. Remove one of these edges so that every node has a single path up to a root.`,
      extra: { cycle },
    });
  }
}

function validateNodes({ nodes }: DesignTree): void {
  const seen = new Set<string>();
  for (const node of nodes) {
    if (!isValidSlug(node.slug)) {
      fail({
        problem: "invalid_slug",
        nodeSlug: node.slug,
        message: `Node "${node.title}" has the slug "${node.slug}", which is not valid. Use 1–60 lowercase letters, digits and "-", not starting with "-" (for example "add-login").`,
      });
    }
    if (node.title.trim() === "") {
      fail({
        problem: "empty_title",
        nodeSlug: node.slug,
        message: `Node "${node.slug}" has an empty title. Give it a short title that says what the task is.`,
      });
    }
    if (!(DESIGN_NODE_STATUSES as readonly string[]).includes(node.status)) {
      fail({
        problem: "invalid_status",
        nodeSlug: node.slug,
        message: `Node "${node.slug}" has the status "${String(node.status)}". Use one of: ${DESIGN_NODE_STATUSES.join(", ")}.`,
      });
    }
    if (seen.has(node.slug)) {
      fail({
        problem: "duplicate_slug",
        nodeSlug: node.slug,
        message: `Two nodes use the slug "${node.slug}". Give one of them another slug; each slug names one branch.`,
      });
    }
    seen.add(node.slug);
  }
}

/** Returns child → parent once every edge is known to join two nodes and no node has two parents. */
function validateEdges({ nodes, edges }: DesignTree): Map<string, string> {
  const slugs = new Set(nodes.map((node) => node.slug));
  const parentOf = new Map<string, string>();
  for (const { parent, child } of edges) {
    for (const end of [parent, child]) {
      if (!slugs.has(end)) {
        fail({
          problem: "unknown_edge_end",
          nodeSlug: end,
          message: `The edge ${parent} → ${child} refers to node "${end}", which is not in the design. Add that node or remove the edge.`,
        });
      }
    }
    const existing = parentOf.get(child);
    if (existing === parent) {
      fail({
        problem: "duplicate_edge",
        nodeSlug: child,
        message: `The edge ${parent} → ${child} is listed twice. Remove the copy.`,
      });
    }
    if (existing !== undefined) {
      fail({
        problem: "two_parents",
        nodeSlug: child,
        message: `Node "${child}" has two parents, "${existing}" and "${parent}". A branch forks from one branch: keep one of the two edges.`,
      });
    }
    parentOf.set(child, parent);
  }
  return parentOf;
}

/** With one parent per node, a cycle is found by following parents; it starts at its earliest node in `slugs`. */
function findCycle({ slugs, parentOf }: { slugs: string[]; parentOf: Map<string, string> }): string[] | null {
  const finished = new Set<string>();
  for (const start of slugs) {
    const path: string[] = [];
    const onPath = new Set<string>();
    let current: string | undefined = start;
    while (current !== undefined && !finished.has(current) && !onPath.has(current)) {
      path.push(current);
      onPath.add(current);
      current = parentOf.get(current);
    }
    if (current !== undefined && onPath.has(current)) {
      const loop = path.slice(path.indexOf(current)).reverse();
      return rotateToEarliest({ loop, order: slugs });
    }
    for (const slug of path) finished.add(slug);
  }
  return null;
}

/** `loop` runs parent → child; rotate it so it starts at the node listed first in the design. */
function rotateToEarliest({ loop, order }: { loop: string[]; order: string[] }): string[] {
  const rank = new Map(order.map((slug, index) => [slug, index]));
  let best = 0;
  loop.forEach((slug, index) => {
    if ((rank.get(slug) ?? 0) < (rank.get(loop[best] ?? "") ?? 0)) best = index;
  });
  return [...loop.slice(best), ...loop.slice(0, best)];
}

function fail({
  problem,
  nodeSlug,
  message,
  extra,
}: {
  problem: DesignTreeProblem;
  nodeSlug: string;
  message: string;
  extra?: Record<string, unknown>;
}): never {
  throw new AppError("invalid_input", message, { details: { problem, nodeSlug, ...extra } });
}
