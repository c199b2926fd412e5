import type { DesignNodeStatus, DivergenceCode } from "@/lib/design/types.ts";
import type { BadgeTone } from "@/components/ui/Badge.tsx";

export const STATUS_LABEL: Record<DesignNodeStatus, string> = {
  planned: "planned",
  in_progress: "in progress",
  done: "done",
};

export const STATUS_TONE: Record<DesignNodeStatus, BadgeTone> = {
  planned: "muted",
  in_progress: "sky",
  done: "emerald",
};

/** A short name for each kind of divergence, shown before its message. */
export const DIVERGENCE_LABEL: Record<DivergenceCode, string> = {
  planned_without_branch: "no branch yet",
  missing_branch: "branch missing",
  parent_branch_missing: "parent branch missing",
  forked_from_other_parent: "forked elsewhere",
  merged_into_other_branch: "merged elsewhere",
  done_not_merged: "done, not merged",
  branch_not_in_design: "branch not in design",
  worktree_not_in_design: "worktree not in design",
};
