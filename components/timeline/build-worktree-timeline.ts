import type { MessageView } from "@/lib/realtime/chat-views.ts";
import type { HookEventView, RelayView } from "@/lib/hook-events/hook-event-view.ts";

export type TimelineItem =
  | { kind: "event"; key: string; at: string; event: HookEventView }
  | { kind: "relay"; key: string; at: string; relay: RelayView }
  | { kind: "message"; key: string; at: string; message: MessageView };

export interface TimelineFilter {
  eventName?: string;
  sessionId?: string;
  toolName?: string;
}

const KIND_RANK: Record<TimelineItem["kind"], number> = { message: 0, relay: 1, event: 2 };
const POST_EVENTS = new Set(["PostToolUse", "PostToolUseFailure"]);

/**
 * Milliseconds each tool call took, keyed by the id of its PostToolUse (or PostToolUseFailure)
 * event: the time between the two hook deliveries that share a `toolUseId`.
 */
export function pairToolDurations(events: HookEventView[]): Map<number, number> {
  const startedAt = new Map<string, number>();
  for (const event of events) {
    if (event.eventName === "PreToolUse" && event.toolUseId)
      startedAt.set(event.toolUseId, Date.parse(event.receivedAt));
  }
  const durations = new Map<number, number>();
  for (const event of events) {
    const start = event.toolUseId ? startedAt.get(event.toolUseId) : undefined;
    if (start === undefined || !POST_EVENTS.has(event.eventName)) continue;
    durations.set(event.id, Math.max(0, Date.parse(event.receivedAt) - start));
  }
  return durations;
}

/**
 * One list, oldest first: hook events, relays (without Arbor's own runs when a chat beside the
 * timeline already shows them) and the chat's messages. Event or tool filters narrow
 * to events only; a session filter keeps that session's events and relays.
 */
export function buildWorktreeTimeline(input: {
  events: HookEventView[];
  relays: RelayView[];
  messages: MessageView[];
  /** A chat beside the timeline shows Arbor's own runs: leave their relays out (a terminal's stay). */
  hidesArborRelays: boolean;
  filter: TimelineFilter;
}): TimelineItem[] {
  const { filter } = input;
  const isEventsOnly = Boolean(filter.eventName || filter.toolName);
  const items: TimelineItem[] = [];
  for (const event of input.events) {
    if (filter.eventName && event.eventName !== filter.eventName) continue;
    if (filter.toolName && event.toolName !== filter.toolName) continue;
    if (filter.sessionId && event.sessionId !== filter.sessionId) continue;
    items.push({ kind: "event", key: `e${event.id}`, at: event.receivedAt, event });
  }
  if (!isEventsOnly) {
    for (const relay of input.relays) {
      if (input.hidesArborRelays && relay.isArborRun) continue;
      if (filter.sessionId && relay.sessionId !== filter.sessionId) continue;
      items.push({
        kind: "relay",
        key: `r${relay.sessionId}:${relay.startUuid}`,
        at: relay.startedAt ?? relay.endedAt ?? "",
        relay,
      });
    }
  }
  if (!isEventsOnly && !filter.sessionId) {
    for (const message of input.messages)
      items.push({ kind: "message", key: `m${message.id}`, at: message.createdAt, message });
  }
  return items.sort(
    (a, b) =>
      timeOf(a) - timeOf(b) ||
      KIND_RANK[a.kind] - KIND_RANK[b.kind] ||
      a.key.localeCompare(b.key, "en", { numeric: true }),
  );
}

/** Items without a time (a relay whose transcript had no timestamps) go first. */
function timeOf(item: TimelineItem): number {
  return Date.parse(item.at) || 0;
}

/** Distinct non-empty values, sorted, for a filter's options. */
export function distinctValues(values: Array<string | null>): string[] {
  return [...new Set(values.filter((value): value is string => Boolean(value)))].sort();
}
