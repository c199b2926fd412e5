import type { Db } from "@/lib/db/client.ts";
import type { HookEvent } from "@/lib/hooks/hook-events.ts";
import { readLastRelay } from "@/lib/hooks/read-last-relay.ts";
import { resolveReadableTranscript } from "@/lib/hook-capture/transcript-location.ts";
import { getEventHub, repoTopic } from "@/lib/realtime/event-hub.ts";
import { readSettings } from "@/lib/settings/settings-store.ts";
import { resolveClaudeCommand } from "@/lib/trust/claude-bin.ts";
import { parseDecisionLines, type MetaTag } from "@/lib/hooks/meta-tag.ts";
import { summarizeRelay } from "./relay-summary.ts";
import { queryKeys } from "@/lib/realtime/query-keys.ts";

/**
 * What the last exchange of a Stop said: the answer from the payload, the prompt from the
 * session's last UserPromptSubmit event (the transcript is written asynchronously and can lag),
 * the transcript's last relay as the fallback for both.
 */
export async function readStopAnswer(
  db: Db,
  event: HookEvent,
): Promise<{ userText: string; assistantText: string; relayKey: string }> {
  const payloadText =
    typeof event.payload.last_assistant_message === "string" ? event.payload.last_assistant_message : null;
  const prompt = await db.hookEvent.findFirst({
    where: { sessionId: event.sessionId, eventName: "UserPromptSubmit" },
    orderBy: { id: "desc" },
    select: { payload: true },
  });
  const promptText = prompt ? readPrompt(prompt.payload) : null;
  const transcript =
    (promptText === null || payloadText === null) && event.transcriptPath
      ? await resolveReadableTranscript(event.transcriptPath)
      : null;
  const relay = transcript
    ? await readLastRelay({ path: transcript }).then(
        (r) => r.relay,
        () => null,
      )
    : null;
  return {
    userText: promptText ?? relay?.userText ?? "",
    assistantText: payloadText ?? relay?.assistantText ?? "",
    relayKey:
      event.promptId ??
      relay?.startUuid ??
      `${event.sessionId}:${(payloadText ?? "").length}:${(payloadText ?? "").slice(0, 40)}`,
  };
}

/**
 * Appends a Stop's relay to the topic its meta tag names (creating the topic when the id is
 * new or unknown), records decisions the answer states, and summarizes the relay in the
 * background. A Stop delivered twice is logged once (unique topic + relay key).
 */
export async function recordRelay(
  db: Db,
  input: {
    repoId: string;
    sessionId: string;
    tag: MetaTag;
    answer: { userText: string; assistantText: string; relayKey: string };
  },
): Promise<{ topicId: number; entryId: number | null }> {
  const existing = input.tag.topicId
    ? await db.topic.findFirst({ where: { id: input.tag.topicId, repoId: input.repoId } })
    : null;
  const topic =
    existing ??
    (await db.topic.create({ data: { repoId: input.repoId, title: input.tag.topicTitle || "Untitled topic" } }));
  for (const decision of parseDecisionLines(input.answer.assistantText)) {
    const target = decision.topicId
      ? await db.topic.findFirst({ where: { id: decision.topicId, repoId: input.repoId } })
      : topic;
    if (target) await recordDecision(db, { topicId: target.id, text: decision.text });
  }
  let entryId: number | null = null;
  try {
    const entry = await db.topicLogEntry.create({
      data: {
        topicId: topic.id,
        sessionId: input.sessionId,
        relayKey: input.answer.relayKey,
        userText: input.answer.userText,
        assistantText: input.answer.assistantText,
      },
    });
    entryId = entry.id;
  } catch (error) {
    if ((error as { code?: string }).code !== "P2002") throw error;
  }
  await db.topic.update({ where: { id: topic.id }, data: { updatedAt: new Date() } });
  if (entryId !== null) void summarizeEntry(db, { entryId, repoId: input.repoId, answer: input.answer });
  getEventHub().publish(repoTopic(input.repoId), { type: "invalidate", queryKey: queryKeys.topics(input.repoId) });
  return { topicId: topic.id, entryId };
}

/** Records a decision on a topic and marks the topic decided. */
export async function recordDecision(db: Db, input: { topicId: number; text: string }): Promise<void> {
  await db.$transaction([
    db.decision.create({ data: { topicId: input.topicId, text: input.text.slice(0, 2000) } }),
    db.topic.update({ where: { id: input.topicId }, data: { status: "decided" } }),
  ]);
}

async function summarizeEntry(
  db: Db,
  input: { entryId: number; repoId: string; answer: { userText: string; assistantText: string } },
): Promise<void> {
  try {
    const settings = await readSettings(db);
    const claude = await resolveClaudeCommand(db, settings);
    const result = await summarizeRelay({ ...input.answer, settings, claude });
    await db.topicLogEntry.update({
      where: { id: input.entryId },
      data: { summary: result.summary, summaryKind: result.kind, summaryError: result.error },
    });
  } catch (error) {
    await db.topicLogEntry
      .update({ where: { id: input.entryId }, data: { summaryKind: "failed", summaryError: (error as Error).message } })
      .catch((inner: unknown) => console.error("[arbor] could not record a summary failure", inner));
  }
  getEventHub().publish(repoTopic(input.repoId), { type: "invalidate", queryKey: queryKeys.topics(input.repoId) });
}

function readPrompt(payload: string): string | null {
  try {
    const value = JSON.parse(payload) as { prompt?: unknown };
    return typeof value.prompt === "string" ? value.prompt : null;
  } catch {
    return null;
  }
}
