/**
 * How Land… puts a branch into its base: a merge commit, one squashed commit, a fast-forward, or a
 * rebase of the branch onto the base followed by a fast-forward. Pure: the Land dialog imports it.
 */
export const LAND_METHODS = ["merge", "squash", "fast-forward", "rebase"] as const;
export type LandMethod = (typeof LAND_METHODS)[number];

export const LAND_METHOD_LABELS: Record<LandMethod, string> = {
  merge: "Merge commit",
  squash: "Squash into one commit",
  "fast-forward": "Fast-forward",
  rebase: "Rebase, then fast-forward",
};
