"use client";

import type { BranchTreeNode } from "@/lib/design/divergence/layout-tree.ts";
import type { WorktreeActivity } from "@/lib/realtime/chat-views.ts";
import type { DivergenceWarning } from "@/lib/design/types.ts";
import { WorktreeActivityBadge } from "@/components/worktrees/WorktreeActivityBadge.tsx";
import { Button } from "@/components/ui/Button.tsx";
import { CreateBranchButton } from "./CreateBranchButton.tsx";
import { NodeSetupNotice } from "./NodeSetupNotice.tsx";
import { DivergenceItem } from "./DivergenceItem.tsx";
import { NodeStateBadges } from "./NodeStateBadges.tsx";
import { VisibleName } from "@/components/ui/VisibleName.tsx";

/**
 * One row of the dashboard: a branch, a design node, or both. A row with a worktree opens its
 * chat; a planned node without a branch offers to create it.
 */
export function TreeNodeCard(props: {
  node: BranchTreeNode;
  warnings: DivergenceWarning[];
  /** Claude's activity in the node's worktree (running, waiting for you, …). */
  activity?: WorktreeActivity | undefined;
  repoId: string;
  planId: string | null;
  onOpenWorktree: (worktreePath: string) => void;
}) {
  const { node } = props;
  const worktreePath = node.worktreePath;
  const canCreate = node.branch === null && node.nodeSlug !== null && props.planId !== null;
  const body = (
    <>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="text-sm font-semibold" data-testid="node-title">
          {node.title ?? (node.branch === null ? null : <VisibleName name={node.branch} />)}
        </span>
        {node.nodeSlug ? <span className="font-mono text-[11px] text-zinc-500">{node.nodeSlug}</span> : null}
        <NodeStateBadges node={node} />
        <WorktreeActivityBadge activity={props.activity} isOpen={false} />
        {worktreePath ? (
          <span className="ml-auto text-[11px] text-emerald-700 dark:text-emerald-400">open chat →</span>
        ) : null}
      </div>
      {node.branch === null ? (
        <div data-testid="node-no-branch" className="text-xs italic text-zinc-500">
          no branch
        </div>
      ) : node.title !== null ? (
        <div data-testid="node-branch" className="font-mono text-xs text-zinc-600 dark:text-zinc-400">
          <VisibleName name={node.branch} />
        </div>
      ) : null}
      {worktreePath ? (
        <div data-testid="node-worktree" title={worktreePath} className="truncate font-mono text-[11px] text-zinc-500">
          {worktreePath}
        </div>
      ) : null}
    </>
  );
  return (
    <div
      data-testid="tree-node"
      data-id={node.id}
      data-branch={node.branch ?? ""}
      data-slug={node.nodeSlug ?? ""}
      data-depth={node.depth}
      className={`min-w-0 flex-1 rounded-md border px-3 py-2 ${node.isInDesign ? "border-violet-200 bg-white dark:border-violet-900 dark:bg-zinc-900" : "border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900"} ${node.branch === null ? "border-dashed" : ""}`}
    >
      {worktreePath ? (
        <Button
          variant="bare"
          data-testid="node-open"
          onClick={() => props.onOpenWorktree(worktreePath)}
          className="w-full text-left hover:opacity-80"
        >
          {body}
        </Button>
      ) : (
        body
      )}
      {props.warnings.length > 0 ? (
        <ul className="mt-1.5 space-y-1" data-testid="node-warnings">
          {props.warnings.map((warning) => (
            <DivergenceItem key={warning.code} warning={warning} place="node" />
          ))}
        </ul>
      ) : null}
      {props.planId && node.nodeSlug ? (
        <NodeSetupNotice repoId={props.repoId} planId={props.planId} slug={node.nodeSlug} />
      ) : null}
      {canCreate ? (
        <CreateBranchButton
          repoId={props.repoId}
          planId={props.planId!}
          slug={node.nodeSlug!}
          waitsForNode={props.warnings.find((warning) => warning.waitsForNode)?.waitsForNode ?? null}
          onStarted={props.onOpenWorktree}
        />
      ) : null}
    </div>
  );
}
