"use client";

import { memo } from "react";
import { ARBOR_HOOK_EVENTS } from "@/lib/hook-events/hook-events.ts";
import type { TimelineFilter } from "./build-worktree-timeline.ts";
import { distinctValues } from "./build-worktree-timeline.ts";
import { FilterSelect } from "./FilterSelect.tsx";

/** Event, session and tool filters of the worktree timeline (options from what is loaded); memoised, since the list re-renders as it scrolls. */
export const TimelineFilters = memo(function TimelineFilters(props: {
  filter: TimelineFilter;
  onChange: (filter: TimelineFilter) => void;
  sessionIds: string[];
  toolNames: string[];
}) {
  const { filter } = props;
  const set = (field: keyof TimelineFilter) => (value: string) =>
    props.onChange({ ...filter, [field]: value || undefined });
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1" data-testid="timeline-filters">
      <FilterSelect
        label="Event"
        testId="timeline-filter-event"
        value={filter.eventName ?? ""}
        options={distinctValues([...ARBOR_HOOK_EVENTS])}
        onChange={set("eventName")}
      />
      <FilterSelect
        label="Session"
        testId="timeline-filter-session"
        value={filter.sessionId ?? ""}
        options={props.sessionIds}
        optionLabel={(id) => id.slice(0, 8)}
        onChange={set("sessionId")}
      />
      <FilterSelect
        label="Tool"
        testId="timeline-filter-tool"
        value={filter.toolName ?? ""}
        options={props.toolNames}
        onChange={set("toolName")}
      />
    </div>
  );
});
