import { compareText } from "./branch-graph.ts";
import { indexDesign } from "@/lib/design/index-design.ts";
import type { BranchFact, BranchFacts, DesignNodeStatus, DesignTree } from "@/lib/design/types.ts";

/** One row of the tree dashboard: a branch, a design node, or both. */
export interface BranchTreeNode {
  /** `node:<slug>` for a design node (stable when its branch is created), `branch:<name>` otherwise. */
  id: string;
  /** Null for a design node whose branch does not exist (the UI offers to create it). */
  branch: string | null;
  nodeSlug: string | null;
  title: string | null;
  status: DesignNodeStatus | null;
  parentId: string | null;
  depth: number;
  /** Position in the depth-first listing; the array is returned in this order. */
  order: number;
  worktreePath: string | null;
  isInDesign: boolean;
  isDefault: boolean;
  /** Null when unknown (no branch, no worktree, or no scan). */
  isDirty: boolean | null;
  /** Against the branch's upstream; null without one. */
  ahead: number | null;
  behind: number | null;
  /** The branch has commits of its own and its tree parent's branch (at another commit) contains them all. */
  isMerged: boolean;
}

type Draft = Omit<BranchTreeNode, "depth" | "order"> & { fact: BranchFact | null; sortKey: [number, number, string] };

/**
 * Lays out actual branches plus design nodes as one forest. A node hangs under its design parent
 * (roots under the default branch); an outside branch under a design branch joining its line above
 * its fork point, else its fork parent; outside branches that merely split never parent each other.
 * Siblings: default branch, design order, then by name. Deterministic, O(n log n); a cycle (only
 * in an unvalidated design) is cut at its first node, which becomes a root.
 */
export function layoutBranchTree({
  tree,
  branches,
  rule,
}: {
  tree: DesignTree;
  branches: BranchFacts;
  rule: string;
}): BranchTreeNode[] {
  const design = indexDesign({ tree, rule });
  const factOf = new Map(branches.branches.map((fact) => [fact.name, fact]));
  const idOfBranch = new Map<string, string>();
  const drafts: Draft[] = [];
  for (const node of design.preorder) {
    const branch = design.branchOf.get(node.slug) ?? "";
    const fact = factOf.get(branch) ?? null;
    if (fact) idOfBranch.set(branch, `node:${node.slug}`);
    drafts.push(
      makeDraft({
        id: `node:${node.slug}`,
        fact,
        defaultBranch: branches.defaultBranch,
        node,
        position: design.positionOf.get(node.slug) ?? 0,
      }),
    );
  }
  for (const fact of [...branches.branches].sort((a, b) => compareText(a.name, b.name))) {
    if (idOfBranch.has(fact.name)) continue;
    idOfBranch.set(fact.name, `branch:${fact.name}`);
    drafts.push(
      makeDraft({ id: `branch:${fact.name}`, fact, defaultBranch: branches.defaultBranch, node: null, position: 0 }),
    );
  }
  const positionOfBranch = new Map(
    [...design.branchOf].map(([slug, branch]) => [branch, design.positionOf.get(slug) ?? 0]),
  );
  const defaultId = branches.defaultBranch === null ? null : (idOfBranch.get(branches.defaultBranch) ?? null);
  for (const draft of drafts) {
    if (draft.isDefault) draft.parentId = null;
    else if (draft.nodeSlug !== null) {
      const designParent = design.parentOf.get(draft.nodeSlug);
      draft.parentId = designParent !== undefined ? `node:${designParent}` : defaultId;
    } else {
      const parentBranch = draft.fact ? findBranchParent({ fact: draft.fact, positionOfBranch }) : null;
      draft.parentId = parentBranch === null ? null : (idOfBranch.get(parentBranch) ?? null);
    }
    if (draft.parentId === draft.id) draft.parentId = null;
  }
  cutCycles(drafts);
  markMerged(drafts);
  return orderDepthFirst(drafts);
}

function makeDraft({
  id,
  fact,
  defaultBranch,
  node,
  position,
}: {
  id: string;
  fact: BranchFact | null;
  defaultBranch: string | null;
  node: { slug: string; title: string; status: DesignNodeStatus } | null;
  position: number;
}): Draft {
  const isDefault = fact !== null && fact.name === defaultBranch;
  return {
    id,
    branch: fact?.name ?? null,
    nodeSlug: node?.slug ?? null,
    title: node?.title ?? null,
    status: node?.status ?? null,
    parentId: null,
    worktreePath: fact?.worktreePath ?? null,
    isInDesign: node !== null,
    isDefault,
    isDirty: fact?.isDirty ?? null,
    ahead: fact?.ahead ?? null,
    behind: fact?.behind ?? null,
    isMerged: false,
    fact,
    sortKey: [isDefault ? 0 : node ? 1 : 2, position, fact?.name ?? ""],
  };
}

/** The design branch whose line joins this one first above its fork point (design order breaks ties), else the fork parent. */
function findBranchParent({
  fact,
  positionOfBranch,
}: {
  fact: BranchFact;
  positionOfBranch: Map<string, number>;
}): string | null {
  for (const base of fact.sharedAbove) {
    const inDesign = base.onLine.filter((branch) => positionOfBranch.has(branch));
    if (inDesign.length > 0)
      return inDesign.sort((a, b) => (positionOfBranch.get(a) ?? 0) - (positionOfBranch.get(b) ?? 0))[0] ?? null;
  }
  return fact.forkParent;
}

function cutCycles(drafts: Draft[]): void {
  const byId = new Map(drafts.map((draft) => [draft.id, draft]));
  const state = new Map<string, "open" | "done">();
  for (const start of drafts) {
    const path: Draft[] = [];
    let current: Draft | undefined = start;
    while (current && !state.has(current.id)) {
      state.set(current.id, "open");
      path.push(current);
      current = current.parentId === null ? undefined : byId.get(current.parentId);
    }
    const last = path.at(-1);
    if (current && state.get(current.id) === "open" && last) last.parentId = null;
    for (const draft of path) state.set(draft.id, "done");
  }
}

function markMerged(drafts: Draft[]): void {
  const byId = new Map(drafts.map((draft) => [draft.id, draft]));
  for (const draft of drafts) {
    const parent = draft.parentId === null ? null : (byId.get(draft.parentId)?.fact ?? null);
    const fact = draft.fact;
    draft.isMerged =
      !!fact &&
      !!parent &&
      fact.forkPoint !== fact.headSha &&
      parent.headSha !== fact.headSha &&
      fact.mergedInto.includes(parent.name);
  }
}

function toRow({ draft, depth, order }: { draft: Draft; depth: number; order: number }): BranchTreeNode {
  return {
    id: draft.id,
    branch: draft.branch,
    nodeSlug: draft.nodeSlug,
    title: draft.title,
    status: draft.status,
    parentId: draft.parentId,
    depth,
    order,
    worktreePath: draft.worktreePath,
    isInDesign: draft.isInDesign,
    isDefault: draft.isDefault,
    isDirty: draft.isDirty,
    ahead: draft.ahead,
    behind: draft.behind,
    isMerged: draft.isMerged,
  };
}

function orderDepthFirst(drafts: Draft[]): BranchTreeNode[] {
  const compare = (a: Draft, b: Draft) =>
    a.sortKey[0] - b.sortKey[0] ||
    a.sortKey[1] - b.sortKey[1] ||
    compareText(a.sortKey[2], b.sortKey[2]) ||
    compareText(a.id, b.id);
  const childrenOf = new Map<string | null, Draft[]>();
  for (const draft of drafts) {
    const siblings = childrenOf.get(draft.parentId);
    if (siblings) siblings.push(draft);
    else childrenOf.set(draft.parentId, [draft]);
  }
  for (const children of childrenOf.values()) children.sort(compare);
  const laidOut: BranchTreeNode[] = [];
  const stack = [...(childrenOf.get(null) ?? [])].reverse().map((draft) => ({ draft, depth: 0 }));
  while (stack.length > 0) {
    const { draft, depth } = stack.pop()!;
    laidOut.push(toRow({ draft, depth, order: laidOut.length }));
    const children = childrenOf.get(draft.id) ?? [];
    for (let at = children.length - 1; at >= 0; at -= 1) stack.push({ draft: children[at]!, depth: depth + 1 });
  }
  return laidOut;
}
