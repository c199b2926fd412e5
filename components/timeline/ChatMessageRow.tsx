"use client";

import type { MessageView } from "@/lib/realtime/chat-views.ts";
import { excerptText } from "./event-look.ts";
import { formatClock } from "./format-clock.ts";

const WHO: Record<string, string> = { user: "You (Arbor chat)", assistant: "Claude (Arbor chat)", system: "Arbor" };

/** A message of Arbor's own chat, placed in the timeline among the hook events it caused. */
export function ChatMessageRow({ message }: { message: MessageView }) {
  return (
    <div
      data-testid="timeline-chat-message"
      data-role={message.role}
      className="rounded-md border border-emerald-200 px-2 py-1 text-xs dark:border-emerald-900"
    >
      <div className="flex items-center gap-2 text-[10px] text-zinc-500">
        <span className="font-semibold text-emerald-700 dark:text-emerald-400">
          {WHO[message.role] ?? message.role}
        </span>
        <time className="ml-auto font-mono" dateTime={message.createdAt}>
          {formatClock(message.createdAt)}
        </time>
      </div>
      <p className="whitespace-pre-wrap break-words">
        {message.content.trim() ? (
          excerptText(message.content, 300)
        ) : (
          <span className="text-zinc-500">{message.status === "streaming" ? "answering…" : "(no text)"}</span>
        )}
      </p>
    </div>
  );
}
