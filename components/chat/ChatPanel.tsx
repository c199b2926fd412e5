"use client";

import { useState } from "react";
import { useMessages } from "@/components/api/chat-api";
import { ArchivedBanner } from "@/components/memory/ArchivedBanner";
import type { MessageFocus } from "@/components/memory/chat-target";
import { SummaryPanel } from "@/components/memory/SummaryPanel";
import type { SessionView } from "@/lib/chat/chat-types";
import { ChatHeader } from "./ChatHeader";
import { Composer } from "./Composer";
import { MessageList } from "./MessageList";
import { useMarkReadWhileOpen } from "./use-mark-read";

/**
 * A worktree's conversation: header with memory tools, summary, messages (live while a run
 * streams) and the composer; an archived conversation shows a read-only banner instead.
 */
export function ChatPanel(props: {
  session: SessionView;
  branch: string | null;
  isReadOnly: boolean;
  focus: MessageFocus | null;
  onOpenSession: (sessionId: string | null) => void;
}) {
  const { session } = props;
  const ids = { sessionId: session.id, repoId: session.repoId };
  const [isSummaryOpen, setSummaryOpen] = useState(false);
  useMarkReadWhileOpen(ids);
  const messages = useMessages(session.id);
  const lastMessageId = messages.data?.pages[0]?.messages.at(-1)?.id ?? 0;
  return (
    <section className="flex h-full min-h-0 flex-col" data-testid="chat-panel" data-session-id={session.id} data-read-only={props.isReadOnly}>
      <ChatHeader session={session} branch={props.branch} isReadOnly={props.isReadOnly} onOpenSession={props.onOpenSession} onSummarized={() => setSummaryOpen(true)} />
      <SummaryPanel sessionId={session.id} isOpen={isSummaryOpen} onToggle={() => setSummaryOpen((open) => !open)} />
      <MessageList session={ids} focus={props.focus} />
      {props.isReadOnly ? <ArchivedBanner onOpenCurrent={() => props.onOpenSession(null)} /> : <Composer session={ids} lastMessageId={lastMessageId} />}
    </section>
  );
}
