import { suggestSlug } from "@/lib/design/slug.ts";
import type { DesignNodeStatus, DesignTree } from "@/lib/design/types.ts";

/** One node as the editor holds it: a local key, so a node keeps its parent while its slug is retyped. */
export interface DraftNode {
  key: string;
  title: string;
  slug: string;
  /** Once the user types a slug (or it came from a saved tree) the title no longer changes it. */
  isSlugEdited: boolean;
  parentKey: string | null;
  status: DesignNodeStatus;
  description: string;
}

export interface Draft {
  nodes: DraftNode[];
  nextKey: number;
}

export const EMPTY_DRAFT: Draft = { nodes: [], nextKey: 1 };

/** Loads a saved or proposed tree; its slugs are kept as they are (branches may already carry them). */
export function draftFromTree(tree: DesignTree): Draft {
  const keyOf = new Map(tree.nodes.map((node, index) => [node.slug, `n${index + 1}`]));
  const parentOf = new Map(tree.edges.map((edge) => [edge.child, edge.parent]));
  const nodes = tree.nodes.map((node, index) => {
    const parent = parentOf.get(node.slug);
    return {
      key: `n${index + 1}`,
      title: node.title,
      slug: node.slug,
      isSlugEdited: true,
      parentKey: parent === undefined ? null : (keyOf.get(parent) ?? null),
      status: node.status,
      description: node.description ?? "",
    };
  });
  return { nodes, nextKey: tree.nodes.length + 1 };
}

/** The tree to validate and save: nodes in the editor's order, one edge per node that has a parent. */
export function draftToTree(draft: Draft): DesignTree {
  const slugOf = new Map(draft.nodes.map((node) => [node.key, node.slug.trim()]));
  return {
    nodes: draft.nodes.map((node) => ({
      slug: node.slug.trim(),
      title: node.title.trim(),
      description: node.description.trim() === "" ? null : node.description.trim(),
      status: node.status,
    })),
    edges: draft.nodes.flatMap((node) => {
      const parent = node.parentKey === null ? undefined : slugOf.get(node.parentKey);
      return parent === undefined ? [] : [{ parent, child: node.slug.trim() }];
    }),
  };
}

/** The slug the title suggests while the user has not typed one; empty while the title is. */
export function slugForTitle(title: string): string {
  return title.trim() === "" ? "" : suggestSlug(title);
}

/** Depth-first order for display: roots and siblings in the editor's order; nodes caught in a cycle come last, at depth 0. */
export function orderDraft(nodes: DraftNode[]): Array<{ node: DraftNode; depth: number }> {
  const keys = new Set(nodes.map((node) => node.key));
  const childrenOf = new Map<string | null, DraftNode[]>();
  for (const node of nodes) {
    const parent = node.parentKey !== null && keys.has(node.parentKey) ? node.parentKey : null;
    childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), node]);
  }
  const ordered: Array<{ node: DraftNode; depth: number }> = [];
  const seen = new Set<string>();
  const visit = (node: DraftNode, depth: number) => {
    if (seen.has(node.key)) return;
    seen.add(node.key);
    ordered.push({ node, depth });
    for (const child of childrenOf.get(node.key) ?? []) visit(child, depth + 1);
  };
  for (const root of childrenOf.get(null) ?? []) visit(root, 0);
  for (const node of nodes) visit(node, 0);
  return ordered;
}
