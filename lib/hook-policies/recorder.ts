import type { Db } from "@/lib/db/client.ts";
import type { HookEvent } from "@/lib/hook-events/hook-events.ts";
import { readLastRelay } from "@/lib/hook-events/transcripts/read-last-relay.ts";
import { decodePayload } from "@/lib/hook-events/payload-codec.ts";
import { resolveReadableTranscript } from "@/lib/hook-ingest/transcript-location.ts";
import { repoTopic, type EventHub } from "@/lib/realtime/event-hub.ts";
import { readSettings } from "@/lib/settings/settings-store.ts";
import { resolveClaudeCommand } from "@/lib/trust/claude-bin.ts";
import type { MetaTag } from "@/lib/hook-events/meta-tag.ts";
import { createLedgerEntry } from "@/lib/ledger/create-entry.ts";
import { recordDecisionTags } from "@/lib/ledger/record-decision-tags.ts";
import { extractUserMessage } from "@/lib/prompt/extract-user-message.ts";
import { summarizeRelay } from "./relay-summary.ts";
import { queryKeys } from "@/lib/realtime/query-keys.ts";
import type { WorktreeIndex } from "@/lib/pins/worktree-index.ts";

/**
 * What the last exchange of a Stop said: the answer from the payload, the prompt from the
 * session's last UserPromptSubmit event (the transcript is written asynchronously and can lag),
 * the transcript's last relay as the fallback for both. For Arbor's own runs the prompt is Arbor's
 * whole assembled prompt: the user's words are the run's stored message (or the prompt's last section).
 */
export async function readStopAnswer(
  db: Db,
  event: HookEvent,
  options: { runId?: string | null } = {},
): Promise<{ userText: string; assistantText: string; relayKey: string }> {
  const payloadText =
    typeof event.payload.last_assistant_message === "string" ? event.payload.last_assistant_message : null;
  const prompt = await db.hookEvent.findFirst({
    where: { sessionId: event.sessionId, eventName: "UserPromptSubmit" },
    orderBy: { id: "desc" },
    select: { payload: true, payloadZ: true },
  });
  const promptText = prompt ? readPrompt(decodePayload(prompt)) : null;
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
  const asked = promptText ?? relay?.userText ?? "";
  return {
    userText: (await readRunUserMessage(db, options.runId ?? null)) ?? extractUserMessage(asked) ?? asked,
    assistantText: payloadText ?? relay?.assistantText ?? "",
    relayKey:
      event.promptId ??
      relay?.startUuid ??
      `${event.sessionId}:${(payloadText ?? "").length}:${(payloadText ?? "").slice(0, 40)}`,
  };
}

/**
 * Appends a Stop's relay to the topic its meta tag names (creating the topic when the id is
 * new or unknown) and summarizes the relay in the background. A Stop delivered twice is logged once
 * (unique topic + relay key). The answer's decisions are recordSessionDecisions' job.
 */
export async function recordRelay(
  { db, hub, worktreeIndex }: { db: Db; hub: EventHub; worktreeIndex: WorktreeIndex },
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
  if (entryId !== null)
    void summarizeEntry({ db, hub, worktreeIndex }, { entryId, repoId: input.repoId, answer: input.answer });
  hub.publish(repoTopic(input.repoId), { type: "invalidate", queryKey: queryKeys.topics(input.repoId) });
  return { topicId: topic.id, entryId };
}

/**
 * The `<!-- [decision] … -->` tags of another Claude session's answer (a terminal's), recorded in the
 * worktree's ledger once per Stop (the relay key), on the topic the tag names (or the meta tag's
 * topic); those topics become decided. The ledger is what the next Arbor send and the next session
 * start carry.
 */
export async function recordSessionDecisions(
  { db, hub }: { db: Db; hub: EventHub },
  input: {
    repoId: string;
    worktreePath: string;
    claudeSessionId: string;
    hookEventId: number;
    answer: { assistantText: string; relayKey: string };
    currentTopicId: number | null;
  },
): Promise<void> {
  const recorded = await recordDecisionTags(
    { db, hub },
    {
      answer: input.answer.assistantText,
      repoId: input.repoId,
      worktreePath: input.worktreePath,
      originKey: `hook:${input.claudeSessionId}:${input.answer.relayKey}`,
      origin: "recorder",
      hookEventId: input.hookEventId,
      claudeSessionId: input.claudeSessionId,
      topicFor: async (topicId) => {
        if (topicId === null) return input.currentTopicId;
        const topic = await db.topic.findFirst({ where: { id: topicId, repoId: input.repoId }, select: { id: true } });
        return topic?.id ?? input.currentTopicId;
      },
    },
  );
  const topicIds = [...new Set(recorded.map((entry) => entry.topicId).filter((id): id is number => id !== null))];
  if (topicIds.length) await db.topic.updateMany({ where: { id: { in: topicIds } }, data: { status: "decided" } });
  if (recorded.length || topicIds.length)
    hub.publish(repoTopic(input.repoId), { type: "invalidate", queryKey: queryKeys.topics(input.repoId) });
}

/** The user records a decision on a topic (topics panel): a repository-wide ledger entry; the topic is decided. */
export async function recordDecision(
  { db, hub }: { db: Db; hub: EventHub },
  input: { repoId: string; topicId: number; text: string },
): Promise<void> {
  await createLedgerEntry(
    { db, hub },
    {
      repoId: input.repoId,
      kind: "decision",
      text: input.text,
      scope: "repo",
      origin: "user",
      via: "panel",
      actor: "user",
      topicId: input.topicId,
    },
  );
  await db.topic.update({ where: { id: input.topicId }, data: { status: "decided" } });
}

/** The user's message of an Arbor run (what they typed, not Arbor's assembled prompt), or null. */
async function readRunUserMessage(db: Db, runId: string | null): Promise<string | null> {
  if (!runId) return null;
  const run = await db.agentRun.findUnique({ where: { id: runId }, select: { userMessageId: true } });
  if (!run?.userMessageId) return null;
  const message = await db.chatMessage.findUnique({ where: { id: run.userMessageId }, select: { content: true } });
  return message?.content ?? null;
}

async function summarizeEntry(
  { db, hub, worktreeIndex }: { db: Db; hub: EventHub; worktreeIndex: WorktreeIndex },
  input: { entryId: number; repoId: string; answer: { userText: string; assistantText: string } },
): Promise<void> {
  try {
    const settings = await readSettings(db);
    const claude = await resolveClaudeCommand({ db, worktreeIndex }, settings);
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
  hub.publish(repoTopic(input.repoId), { type: "invalidate", queryKey: queryKeys.topics(input.repoId) });
}

function readPrompt(payload: string): string | null {
  try {
    const value = JSON.parse(payload) as { prompt?: unknown };
    return typeof value.prompt === "string" ? value.prompt : null;
  } catch {
    return null;
  }
}
