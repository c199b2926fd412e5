import type { MessageView } from "@/lib/realtime/chat-views.ts";
import type { LiveRun, LiveRunsState } from "@/components/realtime/live-run-types.ts";

export type TimelineEntry =
  | { kind: "message"; key: string; message: MessageView }
  /** A run in progress: its persisted "streaming" message (if any) drawn from live events. */
  | { kind: "live"; key: string; runId: string; live: LiveRun | null; message: MessageView | null }
  /** A message whose POST is in flight and that the server has not returned yet. */
  | { kind: "pending"; key: string; text: string };

export interface PendingSend {
  userMessage: string;
  afterMessageId: number;
  sentAt: number;
}

/**
 * Merges stored messages, live runs and in-flight sends into what the list shows, without
 * duplicates: a stored "streaming" answer is shown through its live run; a live run with no
 * stored message yet follows the messages; a pending send disappears once the server has it.
 */
export function buildTimeline(input: {
  messages: MessageView[];
  live: LiveRunsState;
  pending: PendingSend[];
}): TimelineEntry[] {
  const messages = sortUnique(input.messages);
  const runIdsWithMessage = new Set(messages.flatMap((message) => (message.run ? [message.run.id] : [])));
  const entries: TimelineEntry[] = messages.map((message) =>
    message.role === "assistant" && message.status === "streaming" && message.run
      ? {
          kind: "live",
          key: `m${message.id}`,
          runId: message.run.id,
          live: input.live.runs[message.run.id] ?? null,
          message,
        }
      : { kind: "message", key: `m${message.id}`, message },
  );

  const tail: Array<{ at: number; entry: TimelineEntry }> = [];
  const newestStoredId = messages.at(-1)?.id ?? 0;
  for (const run of Object.values(input.live.runs)) {
    if (runIdsWithMessage.has(run.runId) || !isWaitingForMessage(run, newestStoredId)) continue;
    tail.push({
      at: run.firstAt,
      entry: { kind: "live", key: `r${run.runId}`, runId: run.runId, live: run, message: null },
    });
  }
  for (const send of input.pending) {
    const isStored = messages.some(
      (message) =>
        message.role === "user" &&
        message.id > send.afterMessageId &&
        message.content.trim() === send.userMessage.trim(),
    );
    if (!isStored)
      tail.push({ at: send.sentAt, entry: { kind: "pending", key: `p${send.sentAt}`, text: send.userMessage } });
  }
  tail.sort((a, b) => a.at - b.at);
  return [...entries, ...tail.map((item) => item.entry)];
}

/** The runs the list shows, in its order (live ones and those of stored answers). */
export function runIdsOf(timeline: TimelineEntry[]): string[] {
  return timeline.flatMap((entry) => {
    if (entry.kind === "live") return [entry.runId];
    return entry.kind === "message" && entry.message.run ? [entry.message.run.id] : [];
  });
}

/**
 * A live run without a stored message is shown until its message arrives; a run that ends with none
 * (a cancelled queue entry) is not, and neither is one whose answer is older than the newest stored
 * message: the list was loaded after it and left it out, so it was archived (Lighten), not late.
 */
function isWaitingForMessage(run: LiveRun, newestStoredId: number): boolean {
  if (!run.finished) return true;
  if (run.finished.assistantMessageId !== null) return run.finished.assistantMessageId > newestStoredId;
  return run.finished.status !== "cancelled";
}

function sortUnique(messages: MessageView[]): MessageView[] {
  const byId = new Map(messages.map((message) => [message.id, message]));
  return [...byId.values()].sort((a, b) => a.id - b.id);
}
