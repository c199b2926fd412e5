"use client";

import type { BranchTreeNode } from "@/lib/design/divergence/layout-tree.ts";
import type { DivergenceWarning } from "@/lib/design/types.ts";
import { useRepoActivity } from "@/components/realtime/use-repo-activity.ts";
import { groupWarningsByRow } from "./node-warnings.ts";
import { buildTreeGuides } from "./tree-guides.ts";
import { TreeGuideCells } from "./TreeGuideCells.tsx";
import { TreeNodeCard } from "./TreeNodeCard.tsx";

/** The repository's branches and the plan's design nodes as one indented tree with connector lines. */
export function BranchTree(props: {
  layout: BranchTreeNode[];
  warnings: DivergenceWarning[];
  repoId: string;
  planId: string | null;
  onOpenWorktree: (worktreePath: string) => void;
}) {
  const guides = buildTreeGuides(props.layout);
  const warningsByRow = groupWarningsByRow({ layout: props.layout, warnings: props.warnings });
  const activity = useRepoActivity(props.repoId).data ?? [];
  if (props.layout.length === 0) {
    return (
      <p className="text-sm text-zinc-500">The repository has no branches yet. Make a first commit, then rescan.</p>
    );
  }
  return (
    <ol data-testid="branch-tree" aria-label="Branches and design nodes">
      {props.layout.map((node) => (
        <li key={node.id} className="flex items-stretch py-1">
          <TreeGuideCells guide={guides.get(node.id)} depth={node.depth} />
          <TreeNodeCard
            node={node}
            warnings={warningsByRow.get(node.id) ?? []}
            activity={activity.find((item) => item.worktreePath === node.worktreePath)}
            repoId={props.repoId}
            planId={props.planId}
            onOpenWorktree={props.onOpenWorktree}
          />
        </li>
      ))}
    </ol>
  );
}
