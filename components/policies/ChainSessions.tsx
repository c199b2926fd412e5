"use client";

import Link from "next/link";
import { useHookSessions } from "@/components/api/hooks-api.ts";
import { useHooksLive } from "@/components/timeline/use-hooks-live.ts";
import { logsHref } from "@/components/logs/logs-href.ts";
import { OriginBadge } from "@/components/timeline/OriginBadge.tsx";
import { formatRelativeTime } from "@/components/ui/relative-time.ts";

const SHOWN = 8;

/** The latest Claude sessions seen in the worktree; each opens its fired chain (every event in order, blocks marked) in Logs. */
export function ChainSessions({ worktreePath }: { worktreePath: string }) {
  useHooksLive(worktreePath);
  const sessions = useHookSessions(worktreePath);
  const list = sessions.data ?? [];
  return (
    <section data-testid="chain-sessions" className="space-y-1">
      <h3 className="text-xs font-semibold">What fired, per session</h3>
      {sessions.isSuccess && list.length === 0 ? (
        <p className="text-[11px] text-zinc-500">No session has reported hook events here yet.</p>
      ) : null}
      <ul className="space-y-0.5">
        {list.slice(0, SHOWN).map((session) => (
          <li key={session.sessionId}>
            <Link
              href={logsHref({ sessionId: session.sessionId })}
              data-testid="chain-session-link"
              data-session={session.sessionId}
              className="flex items-center gap-2 rounded px-1 py-0.5 text-[11px] hover:bg-zinc-100 dark:hover:bg-zinc-900"
            >
              <span className="font-mono font-semibold">{session.sessionId.slice(0, 8)}</span>
              <OriginBadge isArborRun={session.isArborRun} />
              <span className="ml-auto text-[10px] text-zinc-500">
                {session.eventCount} events{session.lastAt ? ` · ${formatRelativeTime(session.lastAt)}` : ""}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
