"use client";

import Link from "next/link";
import type { HookSessionView } from "@/components/api/hooks-api.ts";
import { formatRelativeTime } from "@/components/ui/relative-time.ts";
import { OriginBadge } from "@/components/timeline/OriginBadge.tsx";
import { logsHref } from "./logs-href.ts";

/** The Claude sessions seen through hooks, latest first; each opens its events in order. */
export function LogsSessionList({ sessions, selectedId }: { sessions: HookSessionView[]; selectedId: string | null }) {
  return (
    <nav aria-label="Claude sessions" data-testid="logs-sessions" className="space-y-1">
      <h2 className="text-xs font-semibold uppercase tracking-wide text-zinc-500">Sessions</h2>
      {sessions.length === 0 ? <p className="text-xs text-zinc-500">No sessions yet.</p> : null}
      {sessions.map((session) => (
        <Link
          key={`${session.sessionId}:${session.worktreePath ?? ""}`}
          href={logsHref({ sessionId: session.sessionId })}
          data-testid="logs-session-link"
          data-session={session.sessionId}
          aria-current={session.sessionId === selectedId ? "page" : undefined}
          className={`block rounded-md border px-2 py-1 text-xs hover:bg-zinc-100 dark:hover:bg-zinc-900 ${
            session.sessionId === selectedId ? "border-emerald-500" : "border-zinc-200 dark:border-zinc-800"
          }`}
        >
          <span className="flex items-center gap-2">
            <span className="font-mono font-semibold">{session.sessionId.slice(0, 8)}</span>
            <OriginBadge isArborRun={session.isArborRun} />
            <span className="ml-auto text-[10px] text-zinc-500">
              {session.eventCount} event{session.eventCount === 1 ? "" : "s"}
              {session.lastAt ? ` · ${formatRelativeTime(session.lastAt)}` : ""}
            </span>
          </span>
          <span className="block truncate font-mono text-[10px] text-zinc-500" title={session.worktreePath ?? ""}>
            {session.worktreePath ?? "not in a pinned repository"}
          </span>
        </Link>
      ))}
    </nav>
  );
}
