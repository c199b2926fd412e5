"use client";

import type { BranchTreeNode } from "@/lib/design/layout-tree.ts";
import { pillClass, STATUS_CLASS, STATUS_LABEL } from "./design-look.ts";

/** A dashboard row's state at a glance: design status, design membership, and what git says. */
export function NodeStateBadges({ node }: { node: BranchTreeNode }) {
  return (
    <div className="flex flex-wrap items-center gap-1">
      {node.status ? (
        <span
          data-testid="node-status"
          data-status={node.status}
          className={`${pillClass} ${STATUS_CLASS[node.status]}`}
        >
          {STATUS_LABEL[node.status]}
        </span>
      ) : null}
      {node.isInDesign ? (
        <span
          data-testid="design-badge"
          title="This node is part of the plan's design tree"
          className={`${pillClass} bg-violet-100 text-violet-800 dark:bg-violet-950 dark:text-violet-300`}
        >
          design
        </span>
      ) : null}
      {node.isDefault ? (
        <span
          data-testid="node-default"
          className={`${pillClass} bg-zinc-800 text-white dark:bg-zinc-200 dark:text-zinc-900`}
        >
          default
        </span>
      ) : null}
      {node.isDirty === true ? (
        <span
          data-testid="node-dirty"
          className={`${pillClass} bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300`}
        >
          uncommitted changes
        </span>
      ) : null}
      {node.isDirty === false ? (
        <span
          data-testid="node-clean"
          className={`${pillClass} bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300`}
        >
          clean
        </span>
      ) : null}
      {node.ahead !== null || node.behind !== null ? (
        <span
          data-testid="node-upstream"
          title="Commits ahead of / behind its upstream"
          className={`${pillClass} bg-zinc-100 text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300`}
        >
          ↑{node.ahead ?? 0} ↓{node.behind ?? 0}
        </span>
      ) : null}
      {node.isMerged ? (
        <span
          data-testid="node-merged"
          title="Its parent branch contains all of its commits"
          className={`${pillClass} bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-300`}
        >
          merged
        </span>
      ) : null}
    </div>
  );
}
