import { checkUserMessage } from "@/lib/chat/send/send-message.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { getPlanOrThrow } from "@/lib/plans/plans-store.ts";
import type { StartedTask } from "@/lib/worktrees/worktree-types.ts";
import { createNodeBranch } from "./create-node-branch.ts";
import { openAndSend, type StartTaskContext } from "./start-task.ts";

/**
 * A design node's first message: what the node is (its title and description), then where it sits:
 * the plan and its goal, and the design parent it builds on. The rest (rules, ledger, plan body,
 * git's state) is the assembled prompt's, as for every send. Pure.
 */
export function nodeTaskMessage(input: {
  plan: { title: string; goal: string };
  node: { title: string; description: string | null };
  parent: { title: string } | null;
}): string {
  const goal = input.plan.goal.trim();
  const context = [
    `This is one task of the plan "${input.plan.title.trim()}"${goal ? `, whose goal is: ${goal}` : "."}`,
    input.parent
      ? `It builds on "${input.parent.title.trim()}": this branch starts from that node's branch, which has its work.`
      : null,
  ].filter((line): line is string => line !== null);
  const description = input.node.description?.trim() ?? "";
  return [input.node.title.trim(), description, context.join("\n")].filter((part) => part !== "").join("\n\n");
}

/**
 * "Start agent" on a planned node: its branch and worktree (from the design parent's branch, as
 * "Create branch and worktree" makes them, setup included), its conversation, and its first message,
 * whose run is queued. The message is checked before anything is made, so a refused one leaves no
 * worktree behind.
 */
export async function startNodeTask(
  ctx: StartTaskContext,
  input: { planId: string; slug: string; setupId?: string },
): Promise<StartedTask> {
  const plan = await getPlanOrThrow(ctx.db, input.planId);
  const nodes = plan.tree?.nodes ?? [];
  const node = nodes.find((candidate) => candidate.slug === input.slug);
  if (!node)
    throw new AppError("not_found", `The plan has no node "${input.slug}". Rescan: the tree may have changed.`);
  const parentSlug = plan.tree?.edges.find((edge) => edge.child === node.slug)?.parent ?? null;
  const parentNode = parentSlug ? nodes.find((candidate) => candidate.slug === parentSlug) : undefined;
  const userMessage = nodeTaskMessage({ plan, node, parent: parentNode ?? null });
  await checkUserMessage(ctx.db, userMessage);
  const created = await createNodeBranch(ctx, {
    planId: input.planId,
    slug: input.slug,
    ...(input.setupId ? { setupId: input.setupId } : {}),
  });
  return openAndSend(ctx, {
    repoId: plan.repoId,
    created: {
      branch: created.branch,
      base: created.parentBranch,
      worktreePath: created.worktreePath,
      setup: created.setup,
    },
    userMessage,
  });
}
