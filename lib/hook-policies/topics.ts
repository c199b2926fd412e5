import type { Db } from "@/lib/db/client.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { recordDecision } from "./recorder.ts";
import type { TopicView } from "./policy-views.ts";
import type { EventHub } from "@/lib/realtime/event-hub.ts";

/** The repository's topics (open first, most recent first) with their logs and decisions. */
export async function listTopics(db: Db, input: { repoId: string }): Promise<TopicView[]> {
  const topics = await db.topic.findMany({
    where: { repoId: input.repoId },
    include: { entries: { orderBy: { id: "asc" } }, decisions: { orderBy: { id: "asc" } } },
    orderBy: [{ status: "desc" }, { updatedAt: "desc" }],
    take: 200,
  });
  return topics.map((topic) => ({
    id: topic.id,
    title: topic.title,
    status: topic.status,
    updatedAt: topic.updatedAt.toISOString(),
    entries: topic.entries.map((entry) => ({
      id: entry.id,
      sessionId: entry.sessionId,
      userText: entry.userText,
      assistantText: entry.assistantText,
      summary: entry.summary,
      summaryKind: entry.summaryKind,
      summaryError: entry.summaryError,
      createdAt: entry.createdAt.toISOString(),
    })),
    decisions: topic.decisions.map((decision) => ({
      id: decision.id,
      text: decision.text,
      status: decision.status,
      createdAt: decision.createdAt.toISOString(),
    })),
  }));
}

/** The user records a decision from the UI. */
export async function addDecision(
  { db, hub }: { db: Db; hub: EventHub },
  input: { repoId: string; topicId: number; text: string },
): Promise<void> {
  if (!input.text.trim()) throw new AppError("invalid_input", "Write the decision first.");
  const topic = await db.topic.findFirst({ where: { id: input.topicId, repoId: input.repoId } });
  if (!topic) throw new AppError("not_found", "That topic does not exist in this repository.");
  await recordDecision({ db, hub }, { repoId: input.repoId, topicId: topic.id, text: input.text.trim() });
}
