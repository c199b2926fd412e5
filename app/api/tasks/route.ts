import { z } from "zod";
import { withLocalRepo } from "@/lib/context/with-local-repo.ts";
import { startPlanTask } from "@/lib/plan-runs/start-plan-task.ts";
import { startTask } from "@/lib/worktrees/create/start-task.ts";

const startSchema = z
  .object({
    repoId: z.string().uuid(),
    title: z.string().trim().min(1, "Give the task a title: it names the branch").max(200),
    /** What to do: the first message after the title. */
    prompt: z
      .string()
      .max(12 * 1024 * 1024)
      .optional(),
    /** The branch to start from; the default branch when left out. */
    base: z.string().min(1).max(250).optional(),
    setupId: z.string().uuid().optional(),
    /** Add the task to this plan's design tree: its run starts it, or it starts now from the default branch. */
    planId: z.string().uuid().optional(),
  })
  .strict();

// POST /api/tasks – a new task in one step: branch (naming rule), worktree and setup, conversation, first message.
// With planId it becomes a node of that plan: 201 with the task when started now, 202 when the plan's run starts it.
export const POST = withLocalRepo(
  { body: startSchema, maxBodyBytes: 13 * 1024 * 1024, repo: ({ body }) => ({ repoId: body.repoId }) },
  async ({ ctx, body }) => {
    if (body.planId === undefined) return Response.json({ task: await startTask(ctx, body) }, { status: 201 });
    const started = await startPlanTask(ctx, { ...body, planId: body.planId });
    if (started.kind === "started") {
      return Response.json(
        { task: started.task, planNode: { planId: started.planId, slug: started.slug } },
        { status: 201 },
      );
    }
    return Response.json(
      { task: null, planNode: { planId: started.planId, slug: started.slug, isPaused: started.isPaused } },
      { status: 202 },
    );
  },
);
