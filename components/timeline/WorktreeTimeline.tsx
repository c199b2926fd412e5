"use client";

import { useMemo, useState } from "react";
import { useHookEvents, useRelays } from "@/components/api/hooks-api.ts";
import { ErrorNotice } from "@/components/ui/ErrorNotice.tsx";
import { LoadOlderButton } from "@/components/ui/LoadOlderButton.tsx";
import type { MessageView } from "@/lib/realtime/chat-views.ts";
import {
  buildWorktreeTimeline,
  distinctValues,
  pairToolDurations,
  type TimelineFilter,
} from "./build-worktree-timeline.ts";
import { TimelineFilters } from "./TimelineFilters.tsx";
import { TimelineItemList } from "./TimelineItemList.tsx";
import { useHooksLive } from "./use-hooks-live.ts";

const NO_MESSAGES: MessageView[] = [];

/**
 * What happened in a worktree, oldest first and live: Claude Code hook events from Arbor's runs
 * and from the user's terminal sessions, the relays (prompt + answer) of those other sessions,
 * and, when given, the messages of the Arbor chat shown beside it. With `chatSessionId` (a chat
 * is beside the timeline) the relays of Arbor's own runs are left out: the chat shows them.
 */
export function WorktreeTimeline(props: {
  repoId: string;
  worktreePath: string;
  chatSessionId?: string;
  messages?: MessageView[];
}) {
  const { worktreePath } = props;
  const messages = props.messages ?? NO_MESSAGES;
  useHooksLive(worktreePath);
  const eventPages = useHookEvents({ worktreePath });
  const relays = useRelays({ worktreePath });
  const [filter, setFilter] = useState<TimelineFilter>({});

  const events = useMemo(() => eventPages.data?.pages.flatMap((page) => page.events) ?? [], [eventPages.data]);
  const durations = useMemo(() => pairToolDurations(events), [events]);
  const hasFilter = Boolean(filter.eventName || filter.sessionId || filter.toolName);
  const items = useMemo(
    () =>
      buildWorktreeTimeline({
        events,
        relays: relays.data ?? [],
        messages,
        hidesArborRelays: Boolean(props.chatSessionId),
        filter,
      }),
    [events, relays.data, messages, props.chatSessionId, filter],
  );
  // Computed once per change of the events, not on every scrolled frame (the list re-renders as it scrolls).
  const sessionIds = useMemo(
    () =>
      distinctValues([
        ...events.map((event) => event.sessionId),
        ...(relays.data ?? []).map((relay) => relay.sessionId),
      ]),
    [events, relays.data],
  );
  const toolNames = useMemo(() => distinctValues(events.map((event) => event.toolName)), [events]);

  return (
    <section
      data-testid="worktree-timeline"
      data-repo={props.repoId}
      data-worktree={worktreePath}
      data-chat-session={props.chatSessionId ?? ""}
      className="flex min-h-0 flex-col gap-2"
    >
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-sm font-semibold">Timeline</h2>
        <TimelineFilters filter={filter} onChange={setFilter} sessionIds={sessionIds} toolNames={toolNames} />
      </header>
      {eventPages.error ? <ErrorNotice error={eventPages.error} testId="timeline-error" /> : null}
      {relays.error ? <ErrorNotice error={relays.error} testId="timeline-error" /> : null}
      <LoadOlderButton pages={eventPages} label="Load older events" testId="timeline-load-older" />
      <TimelineItemList
        items={items}
        durations={durations}
        testId="timeline-items"
        isLoaded={eventPages.isSuccess && relays.isSuccess}
      />
      {eventPages.isSuccess && relays.isSuccess && items.length === 0 ? (
        <p data-testid="timeline-empty" className="text-xs text-zinc-500">
          {hasFilter
            ? "Nothing matches these filters."
            : "No hook events here yet. Install hooks for this worktree, then use Claude Code here (in Arbor or in a terminal): every event shows up live."}
        </p>
      ) : null}
    </section>
  );
}
