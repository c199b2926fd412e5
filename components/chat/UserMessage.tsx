"use client";

import type { MessageView } from "@/lib/realtime/chat-views.ts";
import { ArchivedTag } from "@/components/memory/ArchivedTag.tsx";
import { focusRingClass } from "@/components/memory/focus-ring.ts";
import { MarkMessageButtons } from "@/components/ledger/MarkMessageButtons.tsx";
import { TextWithCode } from "@/components/ui/TextWithCode.tsx";
import { splitFencedBlocks } from "./user-text.ts";

/**
 * The user's message as a right-aligned bubble; `message` is null while its POST is in flight. A stored
 * one can be marked (or a selection in it) as a decision or a task.
 */
export function UserMessage({
  message,
  pendingText,
  isFocused = false,
  session,
}: {
  message: MessageView | null;
  pendingText?: string;
  isFocused?: boolean;
  session?: { sessionId: string; repoId: string };
}) {
  const text = message?.content ?? pendingText ?? "";
  const bubble = (
    <div
      className={`max-w-full whitespace-pre-wrap break-words rounded-2xl rounded-br-sm bg-emerald-700 px-3 py-2 text-sm text-white ${message ? "" : "opacity-70"}`}
      data-testid="message-text"
    >
      <UserText text={text} />
    </div>
  );
  return (
    <article
      data-testid="message"
      data-role={message?.role ?? "user"}
      data-status={message?.status ?? "sending"}
      data-message-id={message?.id ?? ""}
      data-archived={message?.isArchived ?? false}
      data-focused={isFocused}
      className={`flex items-start justify-end gap-2 ${message?.isArchived ? "opacity-60" : ""} ${focusRingClass(isFocused)}`}
    >
      {message?.isArchived ? <ArchivedTag /> : null}
      {message && session ? (
        <MarkMessageButtons
          session={session}
          messageId={message.id}
          text={text}
          className="flex min-w-0 max-w-[85%] flex-col items-end"
        >
          {bubble}
        </MarkMessageButtons>
      ) : (
        <div className="min-w-0 max-w-[85%]">{bubble}</div>
      )}
    </article>
  );
}

/** A note from Arbor in the conversation (e.g. automatic upkeep summarized and lightened it). */
export function SystemMessage({ message, isFocused = false }: { message: MessageView; isFocused?: boolean }) {
  return (
    <article
      data-testid="message"
      data-role="system"
      data-status={message.status}
      data-message-id={message.id}
      data-archived={message.isArchived}
      data-focused={isFocused}
      className={`flex justify-center ${message.isArchived ? "opacity-60" : ""} ${focusRingClass(isFocused)}`}
    >
      <p
        data-testid="system-note"
        className="max-w-[85%] rounded-full border border-zinc-200 px-3 py-1 text-center text-xs text-zinc-500 dark:border-zinc-800"
      >
        {message.isArchived ? <ArchivedTag /> : null} {message.content}
      </p>
    </article>
  );
}

/** What the user wrote, as typed, with its fenced blocks and `inline code` shown as code (no other Markdown). */
function UserText({ text }: { text: string }) {
  return splitFencedBlocks(text).map((piece, index) =>
    piece.kind === "code" ? (
      <pre
        key={index}
        data-testid="user-code-block"
        className="my-1 overflow-x-auto whitespace-pre rounded-md bg-black/25 px-2 py-1 font-mono text-xs"
      >
        <code>{piece.text}</code>
      </pre>
    ) : (
      <TextWithCode key={index} text={piece.text} />
    ),
  );
}
