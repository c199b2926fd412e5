import type { Db } from "@/lib/db/client.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { getEventHub, sessionTopic } from "@/lib/realtime/event-hub.ts";
import { readSettings } from "@/lib/settings/settings-store.ts";
import { resolveClaudeCommand } from "@/lib/trust/claude-bin.ts";
import { nextCoveredUntil } from "./plan-purge.ts";
import { toSummaryView, type SummaryView } from "./summary-view.ts";
import { writeSummary } from "./write-summary.ts";
import { queryKeys } from "@/lib/realtime/query-keys.ts";
import { assertRepoIsLocal } from "@/lib/team/ownership.ts";

/**
 * Summarizes the messages after the last summary's covered-until id together with that
 * summary (rolling), and stores the result with the new covered-until id. Messages are only
 * read: a summarize never alters or removes one.
 */
export async function summarizeSession(db: Db, input: { sessionId: string }): Promise<SummaryView> {
  const session = await db.chatSession.findUnique({ where: { id: input.sessionId } });
  if (!session) throw new AppError("not_found", "That conversation does not exist.");
  await assertRepoIsLocal(db, session.repoId);
  const previous = await db.chatSummary.findFirst({ where: { sessionId: session.id }, orderBy: { id: "desc" } });
  const messages = await db.chatMessage.findMany({
    where: {
      sessionId: session.id,
      id: { gt: previous?.coveredUntilMessageId ?? 0 },
      role: { in: ["user", "assistant"] },
      status: { notIn: ["streaming"] },
      NOT: { content: "" },
    },
    orderBy: { id: "asc" },
  });
  if (messages.length === 0) {
    throw new AppError("conflict", "Nothing new to summarize: every message is already covered by the latest summary.");
  }
  const settings = await readSettings(db);
  const written = await writeSummary({
    source: { previousSummary: previous?.summaryMarkdown ?? null, messages },
    settings,
    claude: await resolveClaudeCommand(db, settings),
  });
  const summary = await db.chatSummary.create({
    data: {
      sessionId: session.id,
      summaryMarkdown: written.markdown,
      coveredUntilMessageId: nextCoveredUntil({
        previous: previous?.coveredUntilMessageId ?? null,
        coveredIds: messages.map((m) => m.id),
      }),
      kind: written.kind,
      note: written.note,
      messageCount: (previous?.messageCount ?? 0) + messages.length,
    },
  });
  getEventHub().publish(sessionTopic(session.id), { type: "invalidate", queryKey: queryKeys.summary(session.id) });
  return toSummaryView(summary);
}
