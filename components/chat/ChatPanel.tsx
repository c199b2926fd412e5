"use client";

import { useEffect, useMemo, useState } from "react";
import { ChangesPanel } from "@/components/changes/ChangesPanel.tsx";
import { ChangesToggle } from "@/components/changes/ChangesToggle.tsx";
import { ChecksPanel } from "@/components/checks/ChecksPanel.tsx";
import { ChecksToggle } from "@/components/checks/ChecksToggle.tsx";
import { CHECKS_FLAG } from "@/components/checks/checks-flag.ts";
import { useRealtime } from "@/components/realtime/RealtimeProvider.tsx";
import { useMessages } from "@/components/api/chat-api.ts";
import { ArchivedBanner, RemovedWorktreeBanner } from "@/components/memory/ArchivedBanner.tsx";
import type { MessageFocus } from "@/components/memory/chat-target.ts";
import { SummaryPanel } from "@/components/memory/SummaryPanel.tsx";
import { UntrustedBanner } from "@/components/trust/UntrustedBanner.tsx";
import type { LedgerEntryView } from "@/components/api/ledger-api.ts";
import { LedgerPanel } from "@/components/ledger/LedgerPanel.tsx";
import { LedgerToggle } from "@/components/ledger/LedgerToggle.tsx";
import type { SessionView } from "@/lib/realtime/chat-views.ts";
import { ChatHeader } from "./ChatHeader.tsx";
import { ChatTimeline } from "./ChatTimeline.tsx";
import { Composer } from "./Composer.tsx";
import { MessageList } from "./MessageList.tsx";
import { RunAnnouncer } from "./RunAnnouncer.tsx";
import { TimelineToggle } from "./TimelineToggle.tsx";
import { useMarkReadWhileOpen } from "./use-mark-read.ts";
import { useStoredFlag } from "./use-stored-flag.ts";
import { useWarmCli } from "./use-warm-cli.ts";

/** localStorage key of the "timeline beside the chat" choice (off until the user turns it on). */
const TIMELINE_FLAG = "arbor.chat.timeline";
/** localStorage key of the "Changes beside the chat" choice. */
const CHANGES_FLAG = "arbor.chat.changes";

/**
 * A worktree's conversation: header with memory tools, summary, messages (live while a run
 * streams) and the composer; an archived conversation shows a read-only banner instead.
 * The worktree's hook timeline can be shown beside it, the chat's messages placed in time.
 */
export function ChatPanel(props: {
  session: SessionView;
  branch: string | null;
  isReadOnly: boolean;
  /** Its worktree was removed: the conversation is kept, read-only, and there is no current one to open. */
  isWorktreeRemoved?: boolean;
  focus: MessageFocus | null;
  onOpenSession: (sessionId: string | null) => void;
  onJumpToEntry?: (entry: LedgerEntryView) => void;
}) {
  const { session } = props;
  const ids = { sessionId: session.id, repoId: session.repoId };
  const worktree = { repoId: session.repoId, worktreePath: session.worktreePath };
  const realtime = useRealtime();
  // While the worktree is shown, the server watches its files: terminal edits update its views.
  useEffect(
    () => realtime.watchWorktree({ repoId: session.repoId, worktreePath: session.worktreePath }),
    [realtime, session.repoId, session.worktreePath],
  );
  const [isChangesOn, setChangesOn] = useStoredFlag(CHANGES_FLAG, false);
  const [isChecksOn, setChecksOn] = useStoredFlag(CHECKS_FLAG, false);
  const [isSummaryOpen, setSummaryOpen] = useState(false);
  const [isTimelineOn, setTimelineOn] = useStoredFlag(TIMELINE_FLAG, false);
  const [isLedgerOpen, setLedgerOpen] = useState(false);
  useMarkReadWhileOpen(ids);
  const warm = useWarmCli(session.id, !props.isReadOnly);
  const messages = useMessages(session.id);
  const lastMessageId = messages.data?.pages[0]?.messages.at(-1)?.id ?? 0;
  const storedMessages = useMemo(
    () => [...(messages.data?.pages ?? [])].reverse().flatMap((page) => page.messages),
    [messages.data],
  );
  return (
    <section
      className="flex h-full min-h-0 flex-col"
      data-testid="chat-panel"
      data-session-id={session.id}
      data-read-only={props.isReadOnly}
    >
      <ChatHeader
        session={session}
        branch={props.branch}
        isReadOnly={props.isReadOnly}
        onOpenSession={props.onOpenSession}
        onSummarized={() => setSummaryOpen(true)}
        onModeChanged={warm.warmNow}
      >
        {/* A removed worktree has no files to show or check: its conversation and records stay. */}
        {props.isWorktreeRemoved ? null : (
          <>
            <ChangesToggle isOn={isChangesOn} onChange={setChangesOn} />
            <ChecksToggle isOn={isChecksOn} onChange={setChecksOn} />
          </>
        )}
        <LedgerToggle isOn={isLedgerOpen} onChange={setLedgerOpen} />
        <TimelineToggle isOn={isTimelineOn} onChange={setTimelineOn} />
      </ChatHeader>
      <RunAnnouncer sessionId={session.id} />
      <UntrustedBanner repoId={session.repoId} />
      {isLedgerOpen ? (
        <LedgerPanel
          repoId={session.repoId}
          worktreePath={session.worktreePath}
          sessionId={props.isReadOnly ? undefined : session.id}
          onJump={props.onJumpToEntry}
        />
      ) : null}
      <SummaryPanel sessionId={session.id} isOpen={isSummaryOpen} onToggle={() => setSummaryOpen((open) => !open)} />
      {/* The timeline stands beside the messages or is laid over them; it never covers the composer. */}
      <div className="@container flex min-h-0 flex-1 flex-col">
        <div className="relative flex min-h-0 flex-1">
          <div className="flex min-w-0 flex-1 flex-col">
            <MessageList session={{ ...ids, worktreePath: session.worktreePath }} focus={props.focus} />
          </div>
          {isChangesOn && !props.isWorktreeRemoved ? (
            <ChangesPanel
              worktree={worktree}
              session={ids}
              lastMessageId={lastMessageId}
              isReadOnly={props.isReadOnly}
            />
          ) : null}
          {isChecksOn && !props.isWorktreeRemoved ? (
            <ChecksPanel worktree={worktree} sessionId={session.id} isReadOnly={props.isReadOnly} />
          ) : null}
          {isTimelineOn ? (
            <ChatTimeline
              repoId={session.repoId}
              worktreePath={session.worktreePath}
              chatSessionId={session.id}
              messages={storedMessages}
            />
          ) : null}
        </div>
        {props.isWorktreeRemoved ? (
          <RemovedWorktreeBanner worktreePath={session.worktreePath} />
        ) : props.isReadOnly ? (
          <ArchivedBanner onOpenCurrent={() => props.onOpenSession(null)} />
        ) : (
          <Composer session={ids} lastMessageId={lastMessageId} onTyping={warm.warmSoon} />
        )}
      </div>
    </section>
  );
}
