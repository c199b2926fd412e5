import { expectedBranchName } from "@/lib/design/naming-rule.ts";
import { foldersOf } from "./path-folders.ts";
import type { DesignTree } from "@/lib/design/types.ts";

/** A branch this many commits (or more) behind the base is flagged: rebase it before landing. */
export const FAR_BEHIND_COMMITS = 50;
/** Siblings listed per entry (those that conflict first); the count says the rest. */
export const SIBLING_RISKS_LISTED = 20;
/** Files listed per list of an entry (conflicts with the base, a sibling's shared files); the count says the rest. */
export const FILES_LISTED = 50;

/** What git says about one plan branch, relative to the base (read by lib/plans/read-merge-order.ts). */
export interface MergeBranchGit {
  /** Commits on the branch and not on the base. */
  ahead: number;
  /** Commits on the base and not on the branch. */
  behind: number;
  /**
   * Merged into the base (ahead 0, after commits of its own), or its changes were all in the base at
   * some point since they split (a squash landing, even when the base changed those files again).
   */
  isLanded: boolean;
  /** Files the branch itself changed: since it left its design parent's branch when that one is not landed, else since the base. */
  ownFiles: string[];
  /**
   * Files `git merge-tree` says would conflict when landing on the base; for a branch whose design
   * parent has not landed, only those among its own files (the parent's are the parent's risk).
   */
  baseConflicts: string[];
}

/** A merge-tree verdict for two sibling branches that changed the same files; null when it was not asked. */
export interface SiblingMerge {
  a: string;
  b: string;
  conflictingFiles: string[] | null;
}

/** `no_commits`: the branch exists, but has nothing of its own yet (made from the base, no commit since). */
export type MergeOrderState = "landed" | "ready" | "waiting" | "no_commits" | "not_created";

export interface SiblingRisk {
  branch: string;
  /** Files both branches changed (the first FILES_LISTED). */
  sharedFiles: string[];
  sharedFileCount: number;
  /** The part of the shared files merge-tree says would conflict (the first FILES_LISTED). */
  conflictingFiles: string[];
  conflictingFileCount: number;
  /** False when the pair was not merged to check (past the number of merges Arbor runs for one order). */
  isChecked: boolean;
}

export interface MergeOrderEntry {
  slug: string;
  title: string;
  branch: string;
  parentSlug: string | null;
  depth: number;
  /** 1-based place among the branches still to land; null when landed or not created. */
  step: number | null;
  state: MergeOrderState;
  ahead: number | null;
  behind: number | null;
  /** Branches of design ancestors not landed yet, root first: they land before this one. */
  landsAfter: string[];
  /** Files that would conflict with the base (the first FILES_LISTED). */
  baseConflicts: string[];
  baseConflictCount: number;
  /** Siblings that changed the same files, those that conflict first (at most SIBLING_RISKS_LISTED). */
  siblingRisks: SiblingRisk[];
  /** Further siblings that changed the same files, not listed (a plan of hundreds of siblings). */
  siblingRisksNotListed: number;
}

/**
 * A warning about one node. `message` is for the dashboard (names in prose); the facts beside it
 * let a prompt say the same with each name in a code span (merge-order-prompt-lines.ts).
 */
export type MergeOrderWarning = { slug: string; branch: string; message: string } & (
  | { code: "child_landed_before_parent"; parentBranch: string }
  | { code: "far_behind"; behind: number }
  | { code: "unknown_parent"; parentSlug: string }
);

export type MergeOrderWarningCode = MergeOrderWarning["code"];

export interface MergeOrder {
  base: string | null;
  farBehindCommits: number;
  entries: MergeOrderEntry[];
  warnings: MergeOrderWarning[];
}

/**
 * Design parents by child slug, ignoring edges whose parent is not a node of the tree (the child
 * is then a root), and the list of such unknown parents.
 */
export function designParents(tree: DesignTree): {
  parentOf: Map<string, string>;
  unknown: Array<{ child: string; parent: string }>;
} {
  const slugs = new Set(tree.nodes.map((node) => node.slug));
  const parentOf = new Map<string, string>();
  const unknown: Array<{ child: string; parent: string }> = [];
  for (const edge of tree.edges) {
    if (!slugs.has(edge.child) || parentOf.has(edge.child)) continue;
    if (slugs.has(edge.parent) && edge.parent !== edge.child) parentOf.set(edge.child, edge.parent);
    else unknown.push(edge);
  }
  return { parentOf, unknown };
}

/**
 * The design nodes in landing order: parents before children, otherwise the tree's own node
 * order (Kahn's algorithm taking the earliest ready node). Nodes caught in a cycle (a tree
 * validation prevents them) come last, in node order.
 */
export function topologicalSlugs(tree: DesignTree, parentOf: ReadonlyMap<string, string>): string[] {
  const index = new Map(tree.nodes.map((node, position) => [node.slug, position]));
  const children = new Map<string, string[]>();
  for (const [child, parent] of parentOf) children.set(parent, [...(children.get(parent) ?? []), child]);
  const ready = tree.nodes.filter((node) => !parentOf.has(node.slug)).map((node) => node.slug);
  const order: string[] = [];
  const placed = new Set<string>();
  while (ready.length > 0) {
    ready.sort((a, b) => index.get(a)! - index.get(b)!);
    const slug = ready.shift()!;
    if (placed.has(slug)) continue;
    placed.add(slug);
    order.push(slug);
    ready.push(...(children.get(slug) ?? []));
  }
  for (const node of tree.nodes) if (!placed.has(node.slug)) order.push(node.slug);
  return order;
}

/**
 * Whether two sets of changed paths can conflict: the same path, or one path a folder of the
 * other (a file on one side where the other added a folder). Returns the shared paths.
 */
export function overlappingFiles(a: readonly string[], b: readonly string[]): string[] {
  if (a.length === 0 || b.length === 0) return [];
  const other = new Set(b);
  const folders = new Set(b.flatMap(foldersOf));
  const shared = new Set<string>();
  for (const path of a) {
    if (other.has(path) || folders.has(path)) shared.add(path);
    for (const folder of foldersOf(path)) if (other.has(folder)) shared.add(folder);
  }
  return [...shared].sort();
}

/**
 * The pairs of sibling branches (same design parent, or both roots) that are both live (exist,
 * not landed) and changed overlapping files: only these need a `git merge-tree`.
 */
export function siblingPairsToCheck(input: {
  tree: DesignTree;
  rule: string;
  git: ReadonlyMap<string, MergeBranchGit>;
}): Array<{ a: string; b: string; sharedFiles: string[] }> {
  const { parentOf } = designParents(input.tree);
  const groups = new Map<string, string[]>();
  for (const node of input.tree.nodes) {
    const branch = expectedBranchName({ rule: input.rule, slug: node.slug });
    const facts = input.git.get(branch);
    if (!facts || facts.isLanded) continue;
    const key = parentOf.get(node.slug) ?? "";
    groups.set(key, [...(groups.get(key) ?? []), branch]);
  }
  const pairs: Array<{ a: string; b: string; sharedFiles: string[] }> = [];
  for (const branches of groups.values()) {
    for (let i = 0; i < branches.length; i += 1) {
      for (let j = i + 1; j < branches.length; j += 1) {
        const a = branches[i]!;
        const b = branches[j]!;
        const sharedFiles = overlappingFiles(input.git.get(a)!.ownFiles, input.git.get(b)!.ownFiles);
        if (sharedFiles.length > 0) pairs.push({ a, b, sharedFiles });
      }
    }
  }
  return pairs;
}

/**
 * The merge order of a plan's branches into `base`, from the design tree and what git says
 * (`git` holds only branches that exist). Pure.
 */
export function buildMergeOrder(input: {
  tree: DesignTree;
  rule: string;
  base: string | null;
  git: ReadonlyMap<string, MergeBranchGit>;
  siblingMerges: readonly SiblingMerge[];
  farBehindCommits?: number;
}): MergeOrder {
  const farBehindCommits = input.farBehindCommits ?? FAR_BEHIND_COMMITS;
  const { parentOf, unknown } = designParents(input.tree);
  const nodeOf = new Map(input.tree.nodes.map((node) => [node.slug, node]));
  const branchOf = (slug: string) => expectedBranchName({ rule: input.rule, slug });
  const stateOf = new Map<string, MergeOrderState>();
  const isLanded = (slug: string) => {
    const facts = input.git.get(branchOf(slug));
    // A landed branch may have been deleted afterwards: the design saying done is then the record.
    return facts ? facts.isLanded : nodeOf.get(slug)?.status === "done";
  };
  const ancestorsOf = (slug: string) => {
    const chain: string[] = [];
    const seen = new Set([slug]);
    for (let parent = parentOf.get(slug); parent && !seen.has(parent); parent = parentOf.get(parent)) {
      seen.add(parent);
      chain.unshift(parent);
    }
    return chain;
  };
  const sharedBy = new Map<string, Map<string, string[]>>();
  const remember = (from: string, to: string, files: string[]) => {
    const map = sharedBy.get(from) ?? new Map<string, string[]>();
    map.set(to, files);
    sharedBy.set(from, map);
  };
  for (const pair of siblingPairsToCheck(input)) {
    remember(pair.a, pair.b, pair.sharedFiles);
    remember(pair.b, pair.a, pair.sharedFiles);
  }
  const conflictsOf = new Map<string, string[] | null>();
  for (const merge of input.siblingMerges) {
    conflictsOf.set(`${merge.a}\0${merge.b}`, merge.conflictingFiles);
    conflictsOf.set(`${merge.b}\0${merge.a}`, merge.conflictingFiles);
  }

  const entries: MergeOrderEntry[] = [];
  const warnings: MergeOrderWarning[] = [];
  let step = 0;
  for (const slug of topologicalSlugs(input.tree, parentOf)) {
    const node = nodeOf.get(slug)!;
    const branch = branchOf(slug);
    const facts = input.git.get(branch) ?? null;
    const ancestors = ancestorsOf(slug);
    const pending = ancestors.filter((ancestor) => !isLanded(ancestor));
    const state: MergeOrderState = isLanded(slug)
      ? "landed"
      : !facts
        ? "not_created"
        : pending.length > 0
          ? "waiting"
          : facts.ahead === 0
            ? "no_commits"
            : "ready";
    stateOf.set(slug, state);
    const allRisks =
      state === "landed"
        ? []
        : [...(sharedBy.get(branch) ?? new Map<string, string[]>())]
            .map(([other, sharedFiles]): SiblingRisk => {
              // Absent: the two sides end up the same in every shared file, so they merge cleanly without asking.
              const verdict = conflictsOf.get(`${branch}\0${other}`);
              const conflictingFiles = verdict ?? [];
              return {
                branch: other,
                sharedFiles: sharedFiles.slice(0, FILES_LISTED),
                sharedFileCount: sharedFiles.length,
                conflictingFiles: conflictingFiles.slice(0, FILES_LISTED),
                conflictingFileCount: conflictingFiles.length,
                isChecked: verdict !== null,
              };
            })
            .sort(
              (a, b) =>
                Number(b.conflictingFileCount > 0) - Number(a.conflictingFileCount > 0) ||
                a.branch.localeCompare(b.branch),
            );
    const baseConflicts = state === "landed" ? [] : (facts?.baseConflicts ?? []);
    entries.push({
      slug,
      title: node.title,
      branch,
      parentSlug: parentOf.get(slug) ?? null,
      depth: ancestors.length,
      step: state === "landed" || state === "not_created" ? null : (step += 1),
      state,
      ahead: facts?.ahead ?? null,
      behind: facts?.behind ?? null,
      landsAfter: pending.map(branchOf),
      baseConflicts: baseConflicts.slice(0, FILES_LISTED),
      baseConflictCount: baseConflicts.length,
      siblingRisks: allRisks.slice(0, SIBLING_RISKS_LISTED),
      siblingRisksNotListed: Math.max(0, allRisks.length - SIBLING_RISKS_LISTED),
    });
    const parent = parentOf.get(slug);
    if (state === "landed" && facts && parent && !isLanded(parent)) {
      warnings.push({
        code: "child_landed_before_parent",
        slug,
        branch,
        parentBranch: branchOf(parent),
        message: `${branch} was landed on ${input.base ?? "the base"} before its parent ${branchOf(parent)}: the parent's work came in with it unreviewed, or the design has them the wrong way round. Check ${branchOf(parent)} and land or close it.`,
      });
    }
    if (facts && state !== "landed" && facts.behind >= farBehindCommits) {
      warnings.push({
        code: "far_behind",
        slug,
        branch,
        behind: facts.behind,
        message: `${branch} is ${facts.behind} commits behind ${input.base ?? "the base"}: rebase or merge the base into it before landing, so conflicts show up in its worktree.`,
      });
    }
  }
  for (const edge of unknown) {
    warnings.push({
      code: "unknown_parent",
      slug: edge.child,
      branch: branchOf(edge.child),
      parentSlug: edge.parent,
      message: `The design names ${edge.parent} as the parent of ${edge.child}, but there is no such node; ${edge.child} is ordered as a top-level branch.`,
    });
  }
  return { base: input.base, farBehindCommits, entries, warnings };
}
