"use client";

import { useMessages } from "@/components/api/chat-api";
import type { SessionView } from "@/lib/chat/chat-types";
import { ChatHeader } from "./ChatHeader";
import { Composer } from "./Composer";
import { MessageList } from "./MessageList";
import { useMarkReadWhileOpen } from "./use-mark-read";

/** The open worktree's conversation: header, messages (live while a run streams), composer. */
export function ChatPanel({ session, branch }: { session: SessionView; branch: string | null }) {
  const ids = { sessionId: session.id, repoId: session.repoId };
  useMarkReadWhileOpen(ids);
  const messages = useMessages(session.id);
  const lastMessageId = messages.data?.pages[0]?.messages.at(-1)?.id ?? 0;
  return (
    <section className="flex h-full min-h-0 flex-col" data-testid="chat-panel" data-session-id={session.id}>
      <ChatHeader session={session} branch={branch} />
      <MessageList session={ids} />
      <Composer session={ids} lastMessageId={lastMessageId} />
    </section>
  );
}
