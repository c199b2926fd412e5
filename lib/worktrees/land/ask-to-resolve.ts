import { openChatSession } from "@/lib/chat/sessions/open-session.ts";
import { startChatMessage } from "@/lib/chat/send/send-message.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { previewLanding } from "./land-preview.ts";
import type { PinsPort } from "@/lib/pins/pins-port.ts";
import type { SettingsCache } from "@/lib/settings/settings-store.ts";
import type { WorktreeContext } from "@/lib/worktrees/worktree-facts.ts";
import { buildResolvePrompt } from "@/lib/worktrees/conflicts/resolve-prompt.ts";

/**
 * "Ask Claude to resolve": checks the landing again, and when it still conflicts sends, in the
 * branch's worktree's conversation, the message asking Claude to merge the base into the branch,
 * resolve the conflicting files (both sides of each hunk in it) and commit. It goes through the
 * ordinary chat send (stored first, queued, streamed, approvals as usual); this resolves once the
 * message is stored and its run queued, and the run goes on in the chat.
 */
export async function askClaudeToResolve(
  ctx: WorktreeContext & { pins: PinsPort; settingsCache: SettingsCache },
  input: { repoId: string; worktreePath: string; base?: string },
): Promise<{ sessionId: string; worktreePath: string; userMessageId: number }> {
  const preview = await previewLanding(ctx, input);
  if (preview.status !== "conflicts")
    throw new AppError(
      "conflict",
      preview.status === "clean"
        ? `${preview.branch} no longer conflicts with ${preview.base}; there is nothing for Claude to resolve. Land it.`
        : `${preview.base} already has every commit of ${preview.branch}; there is nothing to resolve.`,
    );
  const session = await openChatSession(ctx, { repoId: input.repoId, worktreePath: preview.worktreePath });
  const { userMessageId, finished } = await startChatMessage(ctx, {
    sessionId: session.id,
    userMessage: buildResolvePrompt(preview),
  });
  // The run's outcome (answer, failure, refusal) is stored and shown in the worktree's chat like any send.
  finished.catch(() => undefined);
  return { sessionId: session.id, worktreePath: preview.worktreePath, userMessageId };
}
