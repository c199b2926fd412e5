import { chooseDefaultBranch } from "@/lib/design/choose-default-branch.ts";
import { expectedBranchName, matchNamingRule } from "@/lib/design/naming-rule.ts";
import type { DesignTree } from "@/lib/design/types.ts";
import type { BranchNames } from "@/lib/git/read/read-branch-names.ts";
import type { BaseSource } from "./changes-view.ts";

export interface ChosenBase {
  name: string | null;
  source: BaseSource | null;
  note: string | null;
}

/**
 * The branch a worktree's branch is compared with. Pure. In order: the one the user picked
 * (`chosen`, when it resolved); the branch the design tree puts this one under (the parent node's
 * branch by the naming rule, when it exists); the repository's default branch (origin/HEAD's,
 * `main`, `master`, the main worktree's); on the default branch itself, its upstream. A detached
 * HEAD is compared with the default branch.
 */
export function chooseChangesBase(input: {
  branch: string | null;
  chosen: { name: string; isValid: boolean } | null;
  designParent: string | null;
  names: BranchNames;
  mainWorktreeBranch: string | null;
}): ChosenBase {
  const { branch, names } = input;
  let note: string | null = null;
  if (input.chosen?.isValid) return { name: input.chosen.name, source: "chosen", note: null };
  if (input.chosen) note = `"${input.chosen.name}" is not a branch or commit here, so the usual base is used.`;
  if (input.designParent && input.designParent !== branch && names.local.has(input.designParent)) {
    return { name: input.designParent, source: "design", note };
  }
  const trunk = chooseDefaultBranch({
    branchNames: new Set(names.local.keys()),
    originHead: names.originHead,
    mainWorktreeBranch: input.mainWorktreeBranch,
  });
  if (trunk && trunk !== branch) return { name: trunk, source: "default", note };
  const upstream = branch ? (names.local.get(branch) ?? "") : "";
  if (upstream) return { name: upstream, source: "upstream", note };
  return {
    name: null,
    source: null,
    note:
      note ??
      (trunk === branch
        ? `${branch} is the default branch and has no upstream: pick a base to compare it with.`
        : "This repository has no main or master branch and the design tree puts this branch under none: pick a base."),
  };
}

/**
 * The branch of the design node this branch stands for: the parent node's branch, by the naming
 * rule, in the most recent plan whose tree has the node; null for a root node or a branch the
 * design does not name. Pure.
 */
export function findDesignParentBranch(input: {
  trees: DesignTree[];
  rule: string;
  branch: string | null;
}): string | null {
  if (!input.branch) return null;
  let slug: string | null;
  try {
    slug = matchNamingRule({ rule: input.rule, branch: input.branch });
  } catch {
    return null;
  }
  if (!slug) return null;
  for (const tree of input.trees) {
    if (!tree.nodes.some((node) => node.slug === slug)) continue;
    const edge = tree.edges.find((candidate) => candidate.child === slug);
    return edge ? expectedBranchName({ rule: input.rule, slug: edge.parent }) : null;
  }
  return null;
}
