"use client";

import { useRef, useState } from "react";
import type { SessionView } from "@/lib/realtime/chat-views.ts";
import { useWorktreeSessions } from "@/components/api/memory-api.ts";
import { Button } from "@/components/ui/Button.tsx";
import { formatRelativeTime } from "@/components/ui/relative-time.ts";
import { useKeepInViewport } from "@/components/ui/use-keep-in-viewport.ts";

/** The worktree's conversations, the current one first; an archived one opens read-only. */
export function SessionSwitcher(props: { shown: SessionView; onOpen: (sessionId: string | null) => void }) {
  const [isOpen, setIsOpen] = useState(false);
  const sessions = useWorktreeSessions({ repoId: props.shown.repoId, worktreePath: props.shown.worktreePath });
  const count = sessions.data?.length ?? 0;
  const list = useRef<HTMLUListElement>(null);
  useKeepInViewport(list, isOpen);
  const open = (session: SessionView) => {
    setIsOpen(false);
    props.onOpen(session.status === "active" ? null : session.id);
  };
  return (
    <div className="relative">
      <Button data-testid="sessions-toggle" aria-expanded={isOpen} onClick={() => setIsOpen((value) => !value)}>
        Conversations{count > 1 ? ` (${count})` : ""} ▾
      </Button>
      {isOpen ? (
        <ul
          ref={list}
          data-testid="session-list"
          className="absolute right-0 z-20 mt-1 max-h-80 w-72 max-w-[calc(100vw-1rem)] overflow-y-auto rounded-md border border-zinc-200 bg-white p-1 text-xs shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
        >
          {sessions.error ? (
            <li className="px-2 py-1 text-red-700 dark:text-red-400">{sessions.error.message}</li>
          ) : null}
          {sessions.isPending ? <li className="px-2 py-1 text-zinc-500">Loading…</li> : null}
          {sessions.data?.map((session) => (
            <li key={session.id}>
              <Button
                variant="bare"
                data-testid="session-item"
                data-status={session.status}
                data-session-id={session.id}
                aria-current={session.id === props.shown.id}
                onClick={() => open(session)}
                className={`w-full rounded px-2 py-1.5 text-left hover:bg-zinc-100 dark:hover:bg-zinc-800 ${session.id === props.shown.id ? "bg-emerald-50 dark:bg-emerald-950/40" : ""}`}
              >
                <span className="font-medium">
                  {session.status === "active" ? "Current conversation" : "Archived conversation"}
                </span>
                <span className="block text-zinc-500">
                  started {formatRelativeTime(session.createdAt)} · last used {formatRelativeTime(session.lastUsedAt)}
                </span>
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
