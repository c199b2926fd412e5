import { AppError } from "@/lib/errors/app-error.ts";
import { acceptChatMessage, type AcceptedSend, type SendContext } from "./send-message.ts";

/**
 * "Fix with Claude": sends the worktree's failing checks (each command, how it ended, the end of
 * its output) as the conversation's next message, as if the user had typed it. Refused (409) when
 * no check is failing there. `isAutomatic`: Arbor sends it by itself (auto-fix), so it does not
 * count as the user's message.
 */
export async function acceptCheckFix(
  ctx: SendContext,
  input: { sessionId: string; isAutomatic?: boolean },
): Promise<AcceptedSend> {
  const { db } = ctx;
  const session = await db.chatSession.findUnique({ where: { id: input.sessionId } });
  if (!session) throw new AppError("not_found", "That conversation no longer exists. Open the worktree again.");
  const message = await ctx.repoChecks.fixMessage({ repoId: session.repoId, worktreePath: session.worktreePath });
  if (message === null)
    throw new AppError(
      "conflict",
      "No check is failing in this worktree, so there is nothing to send. Run the checks (POST /api/worktrees/checks) to see where they stand.",
    );
  return acceptChatMessage(ctx, {
    sessionId: input.sessionId,
    userMessage: message,
    isAutomatic: input.isAutomatic === true,
  });
}
