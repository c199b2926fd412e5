import type { DesignNodeStatus, DivergenceCode } from "@/lib/design/types.ts";

export const pillClass = "rounded px-1.5 py-0.5 text-[11px] font-medium";

export const STATUS_LABEL: Record<DesignNodeStatus, string> = {
  planned: "planned",
  in_progress: "in progress",
  done: "done",
};

export const STATUS_CLASS: Record<DesignNodeStatus, string> = {
  planned: "bg-zinc-100 text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300",
  in_progress: "bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-300",
  done: "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300",
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
