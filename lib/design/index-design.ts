import { matchSplitRule, splitNamingRule } from "./naming-rule.ts";
import { isValidSlug } from "./slug.ts";
import type { DesignNode, DesignTree } from "./types.ts";

/** A design tree prepared for lookups: one pass, then O(1) questions. */
export interface IndexedDesign {
  /** Nodes in depth-first pre-order: roots and children in the order the tree lists them. */
  preorder: DesignNode[];
  bySlug: Map<string, DesignNode>;
  parentOf: Map<string, string>;
  /** Expected branch name per slug under the naming rule. */
  branchOf: Map<string, string>;
  /** Slug per expected branch name. */
  slugOfBranch: Map<string, string>;
  /** Position of each slug in `tree.nodes`, for stable sibling order. */
  positionOf: Map<string, number>;
  /** The slug a branch name stands for under the naming rule (whether or not such a node exists), or null. */
  matchBranch: (branch: string) => string | null;
  /** True when `descendant` is in the subtree below `ancestor` (not the node itself). */
  isBelow: (args: { ancestor: string; descendant: string }) => boolean;
}

/**
 * Indexes a design tree under a naming rule (throws invalid_input for a bad rule). Expects a tree
 * that passed validateDesignTree, but never loops on one that did not: nodes caught in a cycle are
 * appended to the pre-order after the others, and a node with an invalid slug gets no branch.
 */
export function indexDesign({ tree, rule }: { tree: DesignTree; rule: string }): IndexedDesign {
  const { prefix, suffix } = splitNamingRule(rule);
  const bySlug = new Map(tree.nodes.map((node) => [node.slug, node]));
  const positionOf = new Map(tree.nodes.map((node, position) => [node.slug, position]));
  const parentOf = new Map<string, string>();
  const childrenOf = new Map<string, DesignNode[]>();
  for (const { parent, child } of tree.edges) {
    const childNode = bySlug.get(child);
    if (!childNode || !bySlug.has(parent) || parentOf.has(child)) continue;
    parentOf.set(child, parent);
    const siblings = childrenOf.get(parent);
    if (siblings) siblings.push(childNode);
    else childrenOf.set(parent, [childNode]);
  }
  for (const children of childrenOf.values())
    children.sort((a, b) => (positionOf.get(a.slug) ?? 0) - (positionOf.get(b.slug) ?? 0));
  const { preorder, rangeOf } = orderDepthFirst({ nodes: tree.nodes, parentOf, childrenOf });
  const branchOf = new Map(
    tree.nodes.filter((node) => isValidSlug(node.slug)).map((node) => [node.slug, `${prefix}${node.slug}${suffix}`]),
  );
  const slugOfBranch = new Map([...branchOf].map(([slug, branch]) => [branch, slug]));
  const isBelow = ({ ancestor, descendant }: { ancestor: string; descendant: string }) => {
    const outer = rangeOf.get(ancestor);
    const inner = rangeOf.get(descendant);
    return !!outer && !!inner && inner.start > outer.start && inner.start < outer.end;
  };
  const matchBranch = (branch: string) => matchSplitRule({ prefix, suffix, branch });
  return { preorder, bySlug, parentOf, branchOf, slugOfBranch, positionOf, matchBranch, isBelow };
}

/** Pre-order plus each node's [start, end) range in it, so subtree membership is a range check. */
function orderDepthFirst({
  nodes,
  parentOf,
  childrenOf,
}: {
  nodes: DesignNode[];
  parentOf: Map<string, string>;
  childrenOf: Map<string, DesignNode[]>;
}): { preorder: DesignNode[]; rangeOf: Map<string, { start: number; end: number }> } {
  const preorder: DesignNode[] = [];
  const rangeOf = new Map<string, { start: number; end: number }>();
  const visit = (root: DesignNode) => {
    const stack: { node: DesignNode; isExit: boolean }[] = [{ node: root, isExit: false }];
    while (stack.length > 0) {
      const { node, isExit } = stack.pop()!;
      if (isExit) {
        rangeOf.get(node.slug)!.end = preorder.length;
        continue;
      }
      if (rangeOf.has(node.slug)) continue;
      rangeOf.set(node.slug, { start: preorder.length, end: preorder.length + 1 });
      preorder.push(node);
      stack.push({ node, isExit: true });
      const children = childrenOf.get(node.slug) ?? [];
      for (let at = children.length - 1; at >= 0; at -= 1) stack.push({ node: children[at]!, isExit: false });
    }
  };
  for (const node of nodes) if (!parentOf.has(node.slug)) visit(node);
  for (const node of nodes) if (!rangeOf.has(node.slug)) visit(node);
  return { preorder, rangeOf };
}
