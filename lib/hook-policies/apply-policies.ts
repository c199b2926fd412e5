import type { Db } from "@/lib/db/client.ts";
import type { HookEvent } from "@/lib/hook-events/hook-events.ts";
import { parseMetaTag } from "@/lib/hook-events/meta-tag.ts";
import { captureFromMessage } from "@/lib/ledger/capture-from-message.ts";
import { notifyFromAnswer } from "./notifier.ts";
import { readStopAnswer, recordRelay, recordSessionDecisions } from "./recorder.ts";
import { readRepoPolicy } from "./repo-policy.ts";
import { buildSessionStartContext } from "./session-start-context.ts";
import { saveWorkflowState } from "./workflow-state.ts";
import type { EventHub } from "@/lib/realtime/event-hub.ts";
import type { SettingsCache } from "@/lib/settings/settings-store.ts";
import type { WorktreeIndex } from "@/lib/pins/worktree-index.ts";

export type HookAnswer = Record<string, unknown> | null;

/** The events some policy acts on; every other event is answered without reading the policy. */
const POLICY_EVENTS = new Set(["SessionStart", "UserPromptSubmit", "PreCompact", "SessionEnd", "Stop"]);

const TAG_FORMAT = "<!-- [meta] project: NAME (id: N) | topic: TITLE (id: M) -->";

/**
 * Runs the repository's hook policies for one newly stored event and returns what the hook
 * should answer Claude Code (null: nothing, Claude continues). Events outside pinned
 * repositories get no policies. Only an event of a session that belongs to the worktree (`isBound`,
 * session-binding.ts) reads or changes its memory (ledger, topics, saved state, the session start's
 * context, a blocked Stop); any other may still notify the user, which grants nothing.
 */
export async function applyHookPolicies(
  {
    db,
    hub,
    settingsCache,
    worktreeIndex,
  }: { db: Db; hub: EventHub; settingsCache: SettingsCache; worktreeIndex: WorktreeIndex },
  input: {
    event: HookEvent;
    eventId: number;
    repoId: string | null;
    worktreePath: string | null;
    /** The event's Claude session belongs to this worktree (it started there, or is Arbor's run there). */
    isBound: boolean;
    /** The Arbor run of this Claude session, if it is one (Arbor records its own runs' tags itself). */
    runId?: string | null;
  },
): Promise<HookAnswer> {
  const { event, repoId, worktreePath } = input;
  if (!repoId || !worktreePath || !POLICY_EVENTS.has(event.eventName)) return null;
  if (!input.isBound && event.eventName !== "Stop") return null;
  const policy = await readRepoPolicy(db, repoId);
  switch (event.eventName) {
    case "SessionStart": {
      const source = typeof event.payload.source === "string" ? event.payload.source : "startup";
      const context = await buildSessionStartContext(db, { repoId, worktreePath, source, policy });
      return context ? { hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: context } } : null;
    }
    case "UserPromptSubmit":
      // What the user types in a terminal session is read for decisions and tasks as the chat's messages are
      // (Arbor's own runs send an assembled prompt: their user's message was read when it was sent).
      if (input.runId == null && typeof event.payload.prompt === "string") {
        await captureFromMessage(
          { db, hub },
          {
            repoId,
            worktreePath,
            text: event.payload.prompt,
            source: "user",
            claudeSessionId: event.sessionId,
            hookEventId: input.eventId,
            originKey: `hook:${input.eventId}`,
          },
        );
      }
      return null;
    case "PreCompact":
    case "SessionEnd":
      if (policy.stateRestoreEnabled)
        await saveWorkflowState(db, { repoId, worktreePath, sessionId: event.sessionId, trigger: event.eventName });
      return null;
    case "Stop":
      return handleStop(
        { db, hub, settingsCache, worktreeIndex },
        {
          event,
          eventId: input.eventId,
          repoId,
          worktreePath,
          policy,
          isBound: input.isBound,
          runId: input.runId ?? null,
        },
      );
    default:
      return null;
  }
}

async function handleStop(
  {
    db,
    hub,
    settingsCache,
    worktreeIndex,
  }: { db: Db; hub: EventHub; settingsCache: SettingsCache; worktreeIndex: WorktreeIndex },
  input: {
    event: HookEvent;
    eventId: number;
    repoId: string;
    worktreePath: string;
    policy: Awaited<ReturnType<typeof readRepoPolicy>>;
    isBound: boolean;
    runId: string | null;
  },
): Promise<HookAnswer> {
  const { event, policy } = input;
  const answer = await readStopAnswer(db, event, { runId: input.runId });
  const tag = parseMetaTag(answer.assistantText);
  const isLoop = event.stopHookActive === true;
  if (input.isBound && policy.recorderEnabled && policy.enforceMetaTag && !isLoop) {
    if (!tag)
      return block(
        `End your answer with Arbor's meta tag on the last line: ${TAG_FORMAT} (see .claude/rules/arbor-recorder.md).`,
      );
    const previous = await db.topicLogEntry.findFirst({
      where: { sessionId: event.sessionId },
      orderBy: { id: "desc" },
      include: { topic: { include: { decisions: true } } },
    });
    const isTopicChange = previous !== null && tag.topicId !== previous.topicId;
    if (isTopicChange && previous.topic.decisions.length === 0 && !/<!--\s*\[decision\]/.test(answer.assistantText)) {
      return block(
        `You moved from topic "${previous.topic.title}" (id: ${previous.topicId}) to another one, but it has no decision yet. Record it in your answer with <!-- [decision] topic: ${previous.topicId} | the decision --> (or ask the user), then end with the meta tag.`,
      );
    }
  }
  if (input.isBound && policy.recorderEnabled) {
    const relay = tag
      ? await recordRelay({ db, hub, worktreeIndex }, { repoId: input.repoId, sessionId: event.sessionId, tag, answer })
      : null;
    // Decisions of any other Claude session (a terminal) go into the same ledger as the chat's; Arbor
    // records its own runs' tags from the stored answer, with the message as provenance.
    if (input.runId === null) {
      await recordSessionDecisions(
        { db, hub },
        {
          repoId: input.repoId,
          worktreePath: input.worktreePath,
          claudeSessionId: event.sessionId,
          hookEventId: input.eventId,
          answer,
          currentTopicId: relay?.topicId ?? null,
        },
      );
    }
  }
  // Arbor's own runs reach the inbox from their outcome (lib/chat/runs/finish-run.ts), not from their words.
  if (policy.notifierEnabled && input.runId === null) {
    await notifyFromAnswer(
      { db, hub, settingsCache },
      {
        dedupeKey: `${event.sessionId}:${answer.relayKey}`,
        repoId: input.repoId,
        worktreePath: input.worktreePath,
        sessionId: event.sessionId,
        answer: answer.assistantText,
      },
    );
  }
  return null;
}

function block(reason: string): HookAnswer {
  return { decision: "block", reason };
}
