import { checkUserMessage } from "@/lib/chat/send/send-message.ts";
import { addTaskNode } from "@/lib/design/add-task-node.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { getPlanOrThrow, saveTreeSpec } from "@/lib/plans/plans-store.ts";
import { openAndSend, firstTaskMessage } from "@/lib/worktrees/create/start-task.ts";
import { prepareNodeTask } from "@/lib/worktrees/create/start-node-task.ts";
import type { StartedTask } from "@/lib/worktrees/worktree-types.ts";
import { readStoredPlanRun } from "./plan-run-store.ts";
import type { PlanRunsContext } from "./plan-runs-context.ts";

/** A task started as a node of a plan: by hand when the plan has no run, else by the plan's run. */
export type PlanTaskStart =
  | { kind: "started"; planId: string; slug: string; task: StartedTask }
  | { kind: "in_run"; planId: string; slug: string; isPaused: boolean };

/**
 * "New task" with "Add to plan": the task becomes a node of the plan's design tree (no parent), so
 * the tree, its merge order and its warnings count it. A plan with a run starts it as any node it
 * dispatches (an agent slot, the budget, the plan's mode); a plan without one starts it now, from the
 * default branch, with the plan's goal in its first message. The message is checked before the tree
 * changes; a save that meets another edit of the tree is refused (409), changing nothing.
 */
export async function startPlanTask(
  ctx: PlanRunsContext & { planRuns: { kick(planId: string): void } },
  input: { repoId: string; planId: string; title: string; prompt?: string; setupId?: string },
): Promise<PlanTaskStart> {
  const plan = await getPlanOrThrow(ctx.db, input.planId);
  if (plan.repoId !== input.repoId) {
    throw new AppError(
      "invalid_input",
      `The plan "${plan.title}" belongs to another repository. Pick one of this repository's plans, or start the task without one.`,
    );
  }
  const title = input.title.trim();
  if (title === "") throw new AppError("invalid_input", "Give the task a title: it names the branch.");
  await checkUserMessage(ctx, firstTaskMessage({ title, prompt: input.prompt ?? "" }));
  const { tree, slug } = addTaskNode(plan.tree ?? { nodes: [], edges: [] }, {
    title,
    description: input.prompt ?? "",
  });
  await saveTreeSpec(ctx.db, { planId: plan.id, tree, baseVersion: plan.treeVersion });
  const run = await readStoredPlanRun(ctx.db, plan.id);
  if (run) {
    // The run follows its tree: the node joins, waiting for a slot like any other.
    ctx.planRuns.kick(plan.id);
    return { kind: "in_run", planId: plan.id, slug, isPaused: run.run.isPaused };
  }
  const prepared = await prepareNodeTask(ctx, {
    planId: plan.id,
    slug,
    from: "base",
    ...(input.setupId ? { setupId: input.setupId } : {}),
  });
  const task = await openAndSend(ctx, prepared);
  return { kind: "started", planId: plan.id, slug, task };
}
