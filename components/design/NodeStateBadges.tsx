"use client";

import type { BranchTreeNode } from "@/lib/design/divergence/layout-tree.ts";
import { Badge } from "@/components/ui/Badge.tsx";
import { STATUS_LABEL, STATUS_TONE } from "./design-look.ts";

/** A dashboard row's state at a glance: design status, design membership, and what git says. */
export function NodeStateBadges({ node }: { node: BranchTreeNode }) {
  return (
    <div className="flex flex-wrap items-center gap-1">
      {node.status ? (
        <Badge tone={STATUS_TONE[node.status]} data-testid="node-status" data-status={node.status}>
          {STATUS_LABEL[node.status]}
        </Badge>
      ) : null}
      {node.isInDesign ? (
        <Badge tone="violet" data-testid="design-badge" title="This node is part of the plan's design tree">
          design
        </Badge>
      ) : null}
      {node.isDefault ? (
        <Badge tone="inverse" data-testid="node-default">
          default
        </Badge>
      ) : null}
      {node.isDirty === true ? (
        <Badge tone="amber" data-testid="node-dirty">
          uncommitted changes
        </Badge>
      ) : null}
      {node.isDirty === false ? (
        <Badge tone="emerald" data-testid="node-clean">
          clean
        </Badge>
      ) : null}
      {node.ahead !== null || node.behind !== null ? (
        <Badge tone="muted" data-testid="node-upstream" title="Commits ahead of / behind its upstream">
          ↑{node.ahead ?? 0} ↓{node.behind ?? 0}
        </Badge>
      ) : null}
      {node.isMerged ? (
        <Badge tone="sky" data-testid="node-merged" title="Its parent branch contains all of its commits">
          merged
        </Badge>
      ) : null}
    </div>
  );
}
