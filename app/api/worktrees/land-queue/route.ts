import { z } from "zod";
import { landQueue } from "@/lib/worktrees/land-queue/land-queue.ts";
import { withLocalRepo } from "@/lib/context/with-local-repo.ts";

/** Queues past this are a script's mistake: each branch is tested one after another. */
const MAX_QUEUE = 50;

const queueSchema = z
  .object({
    repoId: z.string().uuid(),
    /** The worktrees whose branches land, in this order; or `planId` for the plan's merge order. */
    worktreePaths: z
      .array(z.string().min(1).max(4096))
      .min(1, "List at least one worktree to land.")
      .max(MAX_QUEUE, `At most ${MAX_QUEUE} worktrees land in one queue; land the rest in another.`)
      .optional(),
    planId: z.string().uuid().optional(),
    base: z.string().min(1).max(250).optional(),
  })
  .strict()
  .refine((body) => (body.worktreePaths === undefined) !== (body.planId === undefined), {
    message: "Give either worktreePaths (the worktrees to land, in order) or planId (its merge order), not both.",
  });

// POST /api/worktrees/land-queue – land branches in order, each tested on top of the ones before it
export const POST = withLocalRepo(
  { body: queueSchema, repo: ({ body }) => ({ repoId: body.repoId }) },
  async ({ ctx, body }) =>
    Response.json(
      await landQueue(
        ctx,
        body.planId !== undefined
          ? { repoId: body.repoId, planId: body.planId, base: body.base }
          : { repoId: body.repoId, worktreePaths: body.worktreePaths!, base: body.base },
      ),
    ),
);
