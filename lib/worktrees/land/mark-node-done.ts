import type { Db } from "@/lib/db/client.ts";
import { expectedBranchName } from "@/lib/design/naming-rule.ts";
import type { DesignTree } from "@/lib/design/types.ts";
import { listPlans, saveTreeSpec } from "@/lib/plans/plans-store.ts";
import { readProjectRules } from "@/lib/plans/project-rules.ts";
import type { NodeMarkedDone } from "@/lib/worktrees/worktree-types.ts";

/**
 * The tree with the nodes whose expected branch (the naming rule with their slug) is `branch` moved
 * to done, and their slugs; null when no node is on that branch or they are all done already. Pure.
 */
export function markBranchNodesDone(input: {
  tree: DesignTree;
  rule: string;
  branch: string;
}): { tree: DesignTree; slugs: string[] } | null {
  const slugs: string[] = [];
  const nodes = input.tree.nodes.map((node) => {
    if (node.status === "done" || branchOf(input.rule, node.slug) !== input.branch) return node;
    slugs.push(node.slug);
    return { ...node, status: "done" as const };
  });
  return slugs.length > 0 ? { tree: { ...input.tree, nodes }, slugs } : null;
}

function branchOf(rule: string, slug: string): string | null {
  try {
    return expectedBranchName({ rule, slug });
  } catch {
    return null;
  }
}

/**
 * After a branch landed: in every plan of the repository that has a design tree, the node on that
 * branch moves to done (a compare-and-set save, like an edit of the tree). A plan saved by someone
 * else meanwhile is read again once.
 */
export async function markLandedNodesDone(
  db: Db,
  input: { repoId: string; branch: string },
): Promise<NodeMarkedDone[]> {
  const { branchNamingRule } = await readProjectRules(db, input.repoId);
  const done: NodeMarkedDone[] = [];
  for (const plan of await listPlans(db, { repoId: input.repoId })) {
    if (!plan.tree) continue;
    const changed = markBranchNodesDone({ tree: plan.tree, rule: branchNamingRule, branch: input.branch });
    if (!changed) continue;
    await saveTreeSpec(db, { planId: plan.id, tree: changed.tree, baseVersion: plan.treeVersion });
    const titleOf = (slug: string) => plan.tree?.nodes.find((node) => node.slug === slug)?.title ?? slug;
    done.push(
      ...changed.slugs.map((slug) => ({ planId: plan.id, planTitle: plan.title, slug, nodeTitle: titleOf(slug) })),
    );
  }
  return done;
}
