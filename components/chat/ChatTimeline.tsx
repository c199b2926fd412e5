"use client";

import Link from "next/link";
import { logsHref } from "@/components/logs/logs-href.ts";
import { WorktreeTimeline } from "@/components/timeline/WorktreeTimeline.tsx";
import type { MessageView } from "@/lib/realtime/chat-views.ts";

/** The worktree's hook timeline beside its chat, with the chat's own messages placed among the events. */
export function ChatTimeline(props: {
  repoId: string;
  worktreePath: string;
  chatSessionId: string;
  messages: MessageView[];
}) {
  return (
    <aside
      data-testid="chat-timeline"
      // Beside the chat when the chat keeps a readable width (the panel is 56rem or wider), otherwise
      // laid over the chat's right side instead of squeezing it.
      className="flex min-h-0 w-full min-w-0 flex-col gap-2 overflow-y-auto border-l border-zinc-200 bg-zinc-50 p-3 dark:border-zinc-800 dark:bg-zinc-950"
    >
      {/* Never shrunk below its events: the link under it would be laid over the last ones. */}
      <div className="shrink-0">
        <WorktreeTimeline
          repoId={props.repoId}
          worktreePath={props.worktreePath}
          chatSessionId={props.chatSessionId}
          messages={props.messages}
        />
      </div>
      <Link
        href={logsHref({ repoId: props.repoId, worktreePath: props.worktreePath })}
        data-testid="chat-timeline-logs-link"
        className="text-[11px] text-zinc-500 hover:text-emerald-700 dark:hover:text-emerald-400"
      >
        Install hooks or see the full timeline in Logs →
      </Link>
    </aside>
  );
}
