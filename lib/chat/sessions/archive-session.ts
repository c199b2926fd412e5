import type { Db } from "@/lib/db/client.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import type { RunManager } from "@/lib/chat/runs/run-manager.ts";

/**
 * Archives a conversation: it becomes read-only but stays listed for its worktree. The next
 * open of the worktree starts a new session, whose first prompt carries this one's summary.
 */
export async function archiveSession(ctx: { db: Db; runs: RunManager }, input: { sessionId: string }): Promise<void> {
  const { db } = ctx;
  const session = await db.chatSession.findUnique({ where: { id: input.sessionId } });
  if (!session) throw new AppError("not_found", "That conversation does not exist.");
  if (session.status === "archived") return;
  if (ctx.runs.stateOf(session.worktreePath) !== "idle") {
    throw new AppError(
      "conflict",
      "Claude is still answering in this worktree. Stop or wait for the run, then archive.",
    );
  }
  await db.chatSession.update({
    where: { id: session.id },
    data: { status: "archived", activeKey: null, archivedAt: new Date() },
  });
}
