import { existsSync } from "node:fs";
import type { Db } from "@/lib/db/client.ts";
import { countWaiting } from "@/lib/approvals/approval-broker.ts";
import { attentionState, rankAttention, type AttentionItem } from "./attention.ts";
import { getRunManager } from "./chat-runtime.ts";

/**
 * Every active conversation of every pinned repository, with the state that says whether it needs
 * the user (waiting, failed, unread, running, queued, idle), most urgent first. Live state comes
 * from the run manager and the approval broker; the latest run and unread mark from the database.
 * A worktree whose folder is gone is left out (its conversation stays in the repository's list).
 */
export async function listAttention(db: Db): Promise<AttentionItem[]> {
  const sessions = await db.chatSession.findMany({
    where: { status: "active", repo: { pins: { some: {} } } },
    include: { repo: { select: { name: true, pins: { select: { label: true }, take: 1 } } } },
  });
  const manager = getRunManager();
  const items = await Promise.all(
    sessions
      .filter((session) => existsSync(session.worktreePath))
      .map(async (session): Promise<AttentionItem> => {
        const lastRun = await db.agentRun.findFirst({
          where: { sessionId: session.id },
          orderBy: { createdAt: "desc" },
          select: { status: true, startedAt: true, finishedAt: true, errorMessage: true },
        });
        const hasUnread = lastRun?.finishedAt != null && lastRun.finishedAt > session.lastReadAt;
        const isWaiting = countWaiting({ repoId: session.repoId, worktreePath: session.worktreePath }) > 0;
        return {
          repoId: session.repoId,
          repoLabel: session.repo.pins[0]?.label ?? session.repo.name,
          worktreePath: session.worktreePath,
          sessionId: session.id,
          state: attentionState({
            liveState: isWaiting ? "waiting" : manager.stateOf(session.worktreePath),
            hasUnread,
            lastRunStatus: lastRun?.status ?? null,
          }),
          lastRun: lastRun
            ? {
                status: lastRun.status,
                startedAt: lastRun.startedAt?.toISOString() ?? null,
                finishedAt: lastRun.finishedAt?.toISOString() ?? null,
                errorMessage: lastRun.errorMessage,
              }
            : null,
        };
      }),
  );
  return rankAttention(items);
}
