"use client";

import { useState } from "react";
import { useHookSessions, type HookEventFilter } from "@/components/api/hooks-api.ts";
import { distinctValues } from "@/components/timeline/build-worktree-timeline.ts";
import { useHooksLive } from "@/components/timeline/use-hooks-live.ts";
import { EMPTY_LOGS_FILTER, LogsFilters, type LogsFilterState } from "./LogsFilters.tsx";
import { LogsEventList } from "./LogsEventList.tsx";
import { LogsSessionList } from "./LogsSessionList.tsx";
import { LogsSessionView } from "./LogsSessionView.tsx";
import { useDebouncedValue } from "./use-debounced-value.ts";

/** Every hook event Arbor captured, from every directory, live; or one session when `sessionId` is set. */
export function AllLogsView({ sessionId }: { sessionId: string | null }) {
  useHooksLive(null);
  const [filters, setFilters] = useState<LogsFilterState>(EMPTY_LOGS_FILTER);
  const q = useDebouncedValue(filters.search.trim(), 250);
  const sessions = useHookSessions(null);
  const allSessions = sessions.data ?? [];
  const shownSessions = allSessions.filter((session) =>
    filters.isUnpinned
      ? session.worktreePath === null
      : !filters.worktreePath || session.worktreePath === filters.worktreePath,
  );
  const filter: HookEventFilter = {
    q,
    eventName: filters.eventName,
    toolName: filters.toolName,
    ...(filters.isUnpinned ? { unpinned: true } : { worktreePath: filters.worktreePath }),
  };

  return (
    <div className="flex flex-col gap-4 lg:flex-row">
      <div className="min-w-0 flex-1 space-y-3">
        {sessionId ? (
          <LogsSessionView sessionId={sessionId} />
        ) : (
          <>
            <LogsFilters
              value={filters}
              onChange={setFilters}
              worktreePaths={distinctValues(allSessions.map((session) => session.worktreePath))}
            />
            <LogsEventList filter={filter} />
          </>
        )}
      </div>
      <aside className="w-full shrink-0 lg:w-80">
        <LogsSessionList sessions={shownSessions} selectedId={sessionId} />
      </aside>
    </div>
  );
}
