import type { Db } from "@/lib/db/client.ts";
import { getCachedEffectiveSettings } from "@/lib/settings/repo-settings-store.ts";
import type { SettingsCache } from "@/lib/settings/settings-store.ts";
import { postNote } from "./post-note.ts";
import { purgeSession } from "./purge-session.ts";
import { summarizeSession } from "./summarize-session.ts";
import { decideUpkeep } from "./upkeep-rule.ts";
import type { WorktreeIndex } from "@/lib/pins/worktree-index.ts";
import { runSerially, type SerialChains } from "@/lib/runtime/serial-by-key.ts";
import { findMemorySummary } from "./memory-summary.ts";

/**
 * Sessions whose upkeep is under way, by session id (summary routes report it, so a client can wait
 * for it): one map per runtime context (lib/context).
 */
export type UpkeepRuns = SerialChains;

/**
 * What upkeep touches: the database, the sessions under way, and for Lighten the live run events
 * and the session's tabs.
 */
export type UpkeepContext = UpkeepParts & { upkeepRuns: UpkeepRuns };

/** What one upkeep touches: Lighten's parts, and the pinned worktrees (the summarizer's claude is in none). */
type UpkeepParts = Parameters<typeof purgeSession>[0] & { worktreeIndex: WorktreeIndex; settingsCache: SettingsCache };

/**
 * Starts upkeep for a session in the background, marked as running at once (before the caller's
 * response goes out); a second start while one runs waits for it and checks again.
 */
export function startAutoUpkeep(ctx: UpkeepContext, input: { sessionId: string }): void {
  void runSerially(ctx.upkeepRuns, input.sessionId, () =>
    runAutoUpkeep(ctx, input).catch((error: unknown) => console.error("[arbor] upkeep failed", error)),
  );
}

/** Whether upkeep is summarizing or lightening this session right now. */
export function isUpkeepRunning(upkeepRuns: UpkeepRuns, sessionId: string): boolean {
  return upkeepRuns.has(sessionId);
}

/**
 * After a run: applies the upkeep rule (decideUpkeep): summarizes before a gap could form, or what
 * the last prompt left out for the budget, and lightens a conversation past its size thresholds,
 * leaving a visible note when it archives. Failures are noted in the chat, never thrown at the run.
 */
export async function runAutoUpkeep(
  ctx: UpkeepParts,
  input: { sessionId: string },
): Promise<"skipped" | "done" | "failed"> {
  const { db } = ctx;
  const session = await db.chatSession.findUnique({
    where: { id: input.sessionId },
    select: { status: true, repoId: true },
  });
  if (session?.status !== "active") return "skipped";
  const settings = await getCachedEffectiveSettings(ctx, session.repoId);
  if (!settings.autoUpkeep) return "skipped";
  const summary = await findMemorySummary(db, input.sessionId);
  const coveredUntil = summary?.coveredUntilMessageId ?? 0;
  const [uncovered, stats, lastRun] = await Promise.all([
    db.chatMessage.findMany({
      where: {
        sessionId: input.sessionId,
        id: { gt: coveredUntil },
        role: { in: ["user", "assistant"] },
        status: { notIn: ["streaming"] },
        NOT: { content: "" },
      },
      select: { id: true },
      orderBy: { id: "asc" },
    }),
    db.chatMessage.aggregate({ where: { sessionId: input.sessionId, archivedAt: null }, _count: { id: true } }),
    db.agentRun.findFirst({
      where: { sessionId: input.sessionId, status: { notIn: ["queued", "running"] } },
      orderBy: { createdAt: "desc" },
      select: { receipt: true },
    }),
  ]);
  const workingCount = stats._count.id;
  const decision = decideUpkeep({
    uncoveredIds: uncovered.map((message) => message.id),
    droppedIds: readDroppedIds(lastRun?.receipt).filter((id) => id > coveredUntil),
    workingCount,
    workingChars: workingCount >= settings.upkeepMessageThreshold ? 0 : await workingSize(db, input.sessionId),
    settings,
  });
  if (decision.reason === null) return "skipped";
  try {
    const made =
      decision.summarizeThrough !== null
        ? await summarizeSession(ctx, { sessionId: input.sessionId, throughMessageId: decision.summarizeThrough })
        : null;
    const latest = made ?? (summary ? { id: summary.id, kind: summary.kind } : null);
    // Only covered messages can be archived: without any summary there is nothing to lighten yet.
    if (!decision.lighten || latest === null) return made ? "done" : "skipped";
    const { archivedCount } = await purgeSession(ctx, {
      sessionId: input.sessionId,
      keepLastN: settings.upkeepKeepLastN,
    });
    if (archivedCount > 0) {
      await postNote(
        ctx,
        input.sessionId,
        `Arbor summarized this conversation (summary #${latest.id}${latest.kind === "extractive" ? ", extractive fallback" : ""}) and archived ${archivedCount} older messages; "Show older" still shows them.`,
      );
    }
    return "done";
  } catch (error) {
    await postNote(
      ctx,
      input.sessionId,
      `Automatic summary failed: ${(error as Error).message}. Nothing was archived.`,
    );
    return "failed";
  }
}

function readDroppedIds(receipt: string | undefined): number[] {
  if (!receipt) return [];
  try {
    const value = JSON.parse(receipt) as { droppedMessageIds?: unknown };
    return Array.isArray(value.droppedMessageIds)
      ? value.droppedMessageIds.filter((id): id is number => Number.isInteger(id))
      : [];
  } catch {
    return [];
  }
}

async function workingSize(db: Db, sessionId: string): Promise<number> {
  const rows = await db.$queryRaw<Array<{ size: bigint | number | string | null }>>`
    SELECT SUM(LENGTH(content)) AS size FROM chat_messages WHERE session_id = ${sessionId} AND archived_at IS NULL`;
  return Number(rows[0]?.size ?? 0);
}
