import { z } from "zod";

/** The worktree an action is about, as every worktree route receives it: its pinned repository and path. */
export const worktreeTarget = {
  repoId: z.string().uuid(),
  worktreePath: z.string().min(1).max(4096),
};

/** A landing's target: the worktree, and the branch to land into (the default branch when left out). */
export const landTarget = {
  ...worktreeTarget,
  base: z.string().min(1).max(250).optional(),
};
