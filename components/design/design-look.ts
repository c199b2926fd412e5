import type { DesignNodeStatus, DivergenceCode } from "@/lib/design/types.ts";

export const pillClass = "rounded px-1.5 py-0.5 text-[11px] font-medium";

export const buttonClass =
  "rounded-md border border-zinc-300 px-2 py-1 text-xs hover:bg-zinc-100 disabled:cursor-not-allowed disabled:opacity-50 dark:border-zinc-700 dark:hover:bg-zinc-800";

export const primaryButtonClass =
  "rounded-md bg-emerald-600 px-3 py-1.5 text-xs font-medium text-white hover:bg-emerald-700 disabled:cursor-not-allowed disabled:opacity-50";

/** A text field without a width, for rows that size their fields themselves. */
export const fieldClass =
  "rounded-md border border-zinc-300 bg-white px-2 py-1.5 text-xs focus:border-emerald-500 focus:outline-none dark:border-zinc-700 dark:bg-zinc-900";

export const inputClass = `w-full ${fieldClass}`;

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
