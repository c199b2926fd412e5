import { existsSync } from "node:fs";
import { acceptChatMessage, checkUserMessage, type SendContext } from "@/lib/chat/send/send-message.ts";
import { openChatSession } from "@/lib/chat/sessions/open-session.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import type { PinsPort } from "@/lib/pins/pins-port.ts";
import type { CreatedWorktree, StartedTask } from "@/lib/worktrees/worktree-types.ts";
import { createWorktreeFrom, readCreateFacts, type CreateContext } from "./create-worktree.ts";
import { folderNameForBranch, proposeWorktreeFolder } from "./propose-worktree.ts";
import { taskBranchName } from "./task-branch.ts";

export type StartTaskContext = CreateContext & SendContext & { pins: PinsPort };

/** The first message of a task: its title, then what to do when the user wrote more than the title. */
export function firstTaskMessage(input: { title: string; prompt?: string }): string {
  const title = input.title.trim();
  const prompt = input.prompt?.trim() ?? "";
  return prompt === "" ? title : `${title}\n\n${prompt}`;
}

/**
 * "New task": a title and what to do become a branch named by the repository's rule, its worktree
 * (set up as every new worktree is), its conversation and the first message, whose run is queued.
 * The message is checked before anything is made, so a refused one leaves no worktree behind; once
 * the worktree exists the message is stored before its run starts (never lost, whatever happens next).
 */
export async function startTask(
  ctx: StartTaskContext,
  input: { repoId: string; title: string; prompt?: string; base?: string; setupId?: string },
): Promise<StartedTask> {
  const title = input.title.trim();
  if (title === "") throw new AppError("invalid_input", "Give the task a title: it names the branch.");
  const userMessage = firstTaskMessage({ title, ...(input.prompt !== undefined ? { prompt: input.prompt } : {}) });
  await checkUserMessage(ctx, userMessage);
  const facts = await readCreateFacts(ctx.db, input.repoId);
  const localBranches = new Set(facts.branches);
  const branch = taskBranchName({
    rule: facts.namingRule,
    title,
    isTaken: (candidate) =>
      localBranches.has(candidate) ||
      existsSync(
        proposeWorktreeFolder({
          repoRoot: facts.scan.repoRoot,
          slug: folderNameForBranch({ rule: facts.namingRule, branch: candidate }),
        }),
      ),
  });
  if (!branch) {
    throw new AppError(
      "conflict",
      `A hundred branches named after "${title}" exist already. Give the task another title, or remove old ones.`,
    );
  }
  const created = await createWorktreeFrom(ctx, facts, {
    repoId: input.repoId,
    branch,
    ...(input.base ? { base: input.base } : {}),
    ...(input.setupId ? { setupId: input.setupId } : {}),
  });
  return openAndSend(ctx, { repoId: input.repoId, created, userMessage });
}

/**
 * The last step of every one-step start (a task, a design node): the new worktree's conversation,
 * and its first message stored and its run queued.
 */
export async function openAndSend(
  ctx: StartTaskContext,
  input: { repoId: string; created: CreatedWorktree; userMessage: string },
): Promise<StartedTask> {
  const { created } = input;
  const session = await openChatSession(ctx, { repoId: input.repoId, worktreePath: created.worktreePath });
  const accepted = await acceptChatMessage(ctx, { sessionId: session.id, userMessage: input.userMessage });
  return { ...created, session, userMessage: accepted.userMessage, run: accepted.run };
}
