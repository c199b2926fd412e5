"use client";

import type { MessageView } from "@/lib/chat/chat-types";

/** The user's message as a right-aligned bubble; `message` is null while its POST is in flight. */
export function UserMessage({ message, pendingText }: { message: MessageView | null; pendingText?: string }) {
  const text = message?.content ?? pendingText ?? "";
  return (
    <article
      data-testid="message"
      data-role={message?.role ?? "user"}
      data-status={message?.status ?? "sending"}
      data-message-id={message?.id ?? ""}
      data-archived={message?.isArchived ?? false}
      className={`flex justify-end ${message?.isArchived ? "opacity-60" : ""}`}
    >
      <div
        className={`max-w-[85%] whitespace-pre-wrap break-words rounded-2xl rounded-br-sm bg-emerald-600 px-3 py-2 text-sm text-white ${message ? "" : "opacity-70"}`}
        data-testid="message-text"
      >
        {text}
      </div>
    </article>
  );
}

/** A message the system added to the conversation (e.g. a summary or a note about a restart). */
export function SystemMessage({ message }: { message: MessageView }) {
  return (
    <article data-testid="message" data-role="system" data-status={message.status} data-message-id={message.id} data-archived={message.isArchived} className="text-center text-xs text-zinc-500">
      {message.content}
    </article>
  );
}
