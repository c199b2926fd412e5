import { checkUserMessage } from "@/lib/chat/send/send-message.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { getPlanOrThrow } from "@/lib/plans/plans-store.ts";
import type { CreatedWorktree, StartedTask } from "@/lib/worktrees/worktree-types.ts";
import { createNodeBranch, type NodeClone } from "./create-node-branch.ts";
import { openAndSend, type StartTaskContext } from "./start-task.ts";

/** Where a node's branch starts: its design parent's branch (stacked work), or the base its parent landed on. */
export type NodeBranchFrom = "parent_branch" | "base";

/** Characters of the parent's last answer quoted in a child's first message. */
const PARENT_OUTCOME_CHARS = 1200;

/**
 * A design node's first message: what the node is (its title and its spec, which is its description
 * unless a plan run's user edited it), then where it sits: the plan and its goal, and the design
 * parent it builds on, with what the parent's agent last said when there is one. The rest (rules,
 * ledger, plan body, git's state) is the assembled prompt's, as for every send. Pure.
 */
export function nodeTaskMessage(input: {
  plan: { title: string; goal: string };
  node: { title: string; description: string | null };
  parent: { title: string; outcome?: string | null } | null;
  from?: NodeBranchFrom;
}): string {
  const goal = input.plan.goal.trim();
  const outcome = input.parent?.outcome?.trim() ?? "";
  const context = [
    `This is one task of the plan "${input.plan.title.trim()}"${goal ? `, whose goal is: ${goal}` : "."}`,
    input.parent
      ? `It builds on "${input.parent.title.trim()}": ${
          input.from === "base"
            ? "that node has landed, and this branch starts from the base, which has its work."
            : "this branch starts from that node's branch, which has its work."
        }`
      : null,
    outcome
      ? `Its agent ended with:\n${outcome.length > PARENT_OUTCOME_CHARS ? `${outcome.slice(0, PARENT_OUTCOME_CHARS)}…` : outcome}`
      : null,
  ].filter((line): line is string => line !== null);
  const description = input.node.description?.trim() ?? "";
  return [input.node.title.trim(), description, context.join("\n")].filter((part) => part !== "").join("\n\n");
}

/** What a design node's first message is built from: the plan's node, and for a plan run its spec. */
export interface NodeTaskInput {
  planId: string;
  slug: string;
  from?: NodeBranchFrom;
  /** A plan run's spec of the node (its description unless the user edited it). */
  spec?: string;
  parentOutcome?: string | null;
  /** A runner makes the worktree in its own clone (the plan's repository is another instance's). */
  clone?: NodeClone;
}

/**
 * A design node's first message, checked as every user message is (so a refused one makes nothing),
 * and the repository of its plan.
 */
export async function nodeFirstMessage(
  ctx: Pick<StartTaskContext, "db" | "settingsCache">,
  input: NodeTaskInput,
): Promise<{ repoId: string; userMessage: string }> {
  const plan = await getPlanOrThrow(ctx.db, input.planId);
  const nodes = plan.tree?.nodes ?? [];
  const node = nodes.find((candidate) => candidate.slug === input.slug);
  if (!node)
    throw new AppError("not_found", `The plan has no node "${input.slug}". Rescan: the tree may have changed.`);
  const parentSlug = plan.tree?.edges.find((edge) => edge.child === node.slug)?.parent ?? null;
  const parentNode = parentSlug ? nodes.find((candidate) => candidate.slug === parentSlug) : undefined;
  const userMessage = nodeTaskMessage({
    plan,
    node: { title: node.title, description: input.spec ?? node.description ?? null },
    parent: parentNode ? { title: parentNode.title, outcome: input.parentOutcome ?? null } : null,
    from: input.from ?? "parent_branch",
  });
  await checkUserMessage(ctx, userMessage);
  return { repoId: plan.repoId, userMessage };
}

/**
 * A design node's worktree and first message, made ready to send: the message is checked before
 * anything is made, so a refused one leaves no worktree behind. The branch follows the naming rule
 * and starts from the design parent's branch, or with `from: "base"` from the default branch.
 */
export async function prepareNodeTask(
  ctx: StartTaskContext,
  input: NodeTaskInput & { setupId?: string },
): Promise<{ repoId: string; created: CreatedWorktree; userMessage: string }> {
  const { repoId, userMessage } = await nodeFirstMessage(ctx, input);
  const created = await createNodeBranch(ctx, {
    planId: input.planId,
    slug: input.slug,
    ...(input.setupId ? { setupId: input.setupId } : {}),
    ...(input.from ? { from: input.from } : {}),
    ...(input.clone ? { clone: input.clone } : {}),
  });
  return {
    repoId: input.clone?.repoId ?? repoId,
    userMessage,
    created: {
      branch: created.branch,
      base: created.parentBranch,
      worktreePath: created.worktreePath,
      setup: created.setup,
    },
  };
}

/**
 * "Start agent" on a planned node: its branch and worktree (from the design parent's branch, as
 * "Create branch and worktree" makes them, setup included), its conversation, and its first message,
 * whose run is queued.
 */
export async function startNodeTask(
  ctx: StartTaskContext,
  input: { planId: string; slug: string; setupId?: string },
): Promise<StartedTask> {
  return openAndSend(ctx, await prepareNodeTask(ctx, input));
}
