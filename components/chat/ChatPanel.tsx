"use client";

import { useEffect, useMemo, useRef, useState } from "react";
import { ChangesPanel } from "@/components/changes/ChangesPanel.tsx";
import { ChangesToggle } from "@/components/changes/ChangesToggle.tsx";
import { ChecksPanel } from "@/components/checks/ChecksPanel.tsx";
import { ChecksToggle } from "@/components/checks/ChecksToggle.tsx";
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
import { useSidePanel, type SidePanel } from "@/components/chat/side-panel/side-panel.ts";
import { BESIDE_MIN_PX, SidePanelFrame } from "@/components/chat/side-panel/SidePanelFrame.tsx";
import { useElementWidth } from "@/components/ui/use-element-width.ts";
import { useWarmCli } from "./use-warm-cli.ts";

/**
 * A worktree's conversation: header with memory tools, summary, messages (live while a run
 * streams) and the composer; an archived conversation shows a read-only banner instead.
 * One side panel at a time (Changes, Checks, or the worktree's hook timeline with the chat's
 * messages placed in time) stands beside it, or over it when the row is narrow; kept per worktree.
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
  const [storedPanel, setPanel] = useSidePanel(worktree);
  // A removed worktree has no files to show or check: its conversation and records stay.
  const panel = props.isWorktreeRemoved && storedPanel !== "timeline" ? null : storedPanel;
  const toggle = (which: SidePanel) => (isOn: boolean) => setPanel(isOn ? which : null);
  const row = useRef<HTMLDivElement>(null);
  const rowWidth = useElementWidth(row);
  const [isSummaryOpen, setSummaryOpen] = useState(false);
  const [isLedgerOpen, setLedgerOpen] = useState(false);
  useMarkReadWhileOpen(ids);
  const warm = useWarmCli(session.id, !props.isReadOnly);
  const messages = useMessages(session.id);
  const lastMessageId = messages.data?.pages[0]?.messages.at(-1)?.id ?? 0;
  const storedMessages = useMemo(
    () => [...(messages.data?.pages ?? [])].reverse().flatMap((page) => page.messages),
    [messages.data],
  );
  // A panel laid over the chat steps aside when a message is sent (Send review, Fix with Claude…),
  // so the answer can be seen.
  const lastUserMessageId = storedMessages.findLast((message) => message.role === "user")?.id ?? null;
  const seenUserMessageId = useRef(lastUserMessageId);
  const isPanelOver = rowWidth > 0 && rowWidth < BESIDE_MIN_PX;
  useEffect(() => {
    if (lastUserMessageId === seenUserMessageId.current) return;
    const isFirstLoad = seenUserMessageId.current === null && !messages.isFetched;
    seenUserMessageId.current = lastUserMessageId;
    if (!isFirstLoad && isPanelOver) setPanel(null);
  }, [lastUserMessageId, isPanelOver, messages.isFetched, setPanel]);
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
            <ChangesToggle isOn={panel === "changes"} onChange={toggle("changes")} />
            <ChecksToggle isOn={panel === "checks"} onChange={toggle("checks")} />
          </>
        )}
        <LedgerToggle isOn={isLedgerOpen} onChange={setLedgerOpen} />
        <TimelineToggle isOn={panel === "timeline"} onChange={toggle("timeline")} />
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
      {/* A side panel stands beside the messages or is laid over them; it never covers the composer. */}
      <div className="flex min-h-0 flex-1 flex-col">
        <div ref={row} className="relative flex min-h-0 flex-1">
          <div className="flex min-w-0 flex-1 flex-col">
            <MessageList
              session={{ ...ids, worktreePath: session.worktreePath, isWorktreeRemoved: props.isWorktreeRemoved }}
              focus={props.focus}
            />
          </div>
          {panel ? (
            <SidePanelFrame rowWidth={rowWidth}>
              {panel === "changes" ? (
                <ChangesPanel
                  worktree={worktree}
                  session={ids}
                  lastMessageId={lastMessageId}
                  isReadOnly={props.isReadOnly}
                />
              ) : panel === "checks" ? (
                <ChecksPanel worktree={worktree} sessionId={session.id} isReadOnly={props.isReadOnly} />
              ) : (
                <ChatTimeline
                  repoId={session.repoId}
                  worktreePath={session.worktreePath}
                  chatSessionId={session.id}
                  messages={storedMessages}
                />
              )}
            </SidePanelFrame>
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
