"use client";

import type { ChatSessionRef } from "./chat-session-ref.ts";
import { useMutationState } from "@tanstack/react-query";
import { useVirtualizer } from "@tanstack/react-virtual";
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from "react";
import { useSessionApprovals } from "@/components/api/approvals-api.ts";
import { useMessages } from "@/components/api/chat-api.ts";
import { approvalsByRun } from "@/components/approvals/approval-lists.ts";
import type { MessageFocus } from "@/components/memory/chat-target.ts";
import { ErrorNotice } from "@/components/ui/ErrorNotice.tsx";
import { LoadOlderButton } from "@/components/ui/LoadOlderButton.tsx";
import { AT_END_PX, isAtLatest, shouldLoadOlder } from "@/components/ui/virtual-list.ts";
import { JumpToLatest } from "@/components/ui/JumpToLatest.tsx";
import { useSessionLive } from "@/components/realtime/use-session-live.ts";
import { buildTimeline, runIdsOf, type PendingSend, type TimelineEntry } from "./build-timeline.ts";
import { MessageRow, NO_APPROVALS } from "./MessageRow.tsx";
import { useFocusMessage } from "./use-focus-message.ts";
import { queryKeys } from "@/lib/realtime/query-keys.ts";

/** A first guess at a row's height; each drawn row is then measured. */
const ESTIMATED_ROW_PX = 140;
/** How long after the reader's last upward wheel, touch or key the list still counts as scrolled by them. */
const READER_GESTURE_MS = 1500;
const UP_KEYS = new Set(["ArrowUp", "PageUp", "Home"]);
/** Room above the oldest loaded message for "Show older messages" while there are older pages. */
const OLDER_BUTTON_PX = 40;

/**
 * The conversation: stored pages (oldest first; scrolling up, or "Show older", reaches older and
 * archived messages), live runs, and messages still being sent. Only the rows in view (and a few
 * around them) are in the page: a long conversation scrolls as a short one does. It follows the
 * newest answer while the reader is at the end and stays put (offering "Jump to latest") once they
 * scrolled up; loading older pages keeps the row being read where it is. `focus` jumps to a message
 * and highlights it.
 */
export function MessageList(props: { session: ChatSessionRef; focus: MessageFocus | null }) {
  const { sessionId, repoId, worktreePath, isWorktreeRemoved } = props.session;
  const session = useMemo(
    () => ({ sessionId, repoId, worktreePath, isWorktreeRemoved }),
    [sessionId, repoId, worktreePath, isWorktreeRemoved],
  );
  const messages = useMessages(sessionId);
  const live = useSessionLive(sessionId);
  const pending = useMutationState({
    filters: { mutationKey: queryKeys.send(sessionId), status: "pending" },
    select: (mutation) => mutation.state.variables as PendingSend,
  });
  const fetchedApprovals = useSessionApprovals(sessionId).data;
  const timeline = useMemo(() => {
    const stored = [...(messages.data?.pages ?? [])].reverse().flatMap((page) => page.messages);
    return buildTimeline({ messages: stored, live, pending });
  }, [messages.data, live, pending]);
  const approvals = useMemo(
    () => approvalsByRun({ runIds: runIdsOf(timeline), live, fetched: fetchedApprovals ?? [] }),
    [timeline, live, fetchedApprovals],
  );
  const rows = timeline;

  const scrollerRef = useRef<HTMLDivElement | null>(null);
  // The list follows the newest row until the reader moves away from the end (wheel, touch, keys, the
  // scroll bar) or jumps to a message; it follows again once it is back at the end. Rows changing size
  // (an approval card answered, an answer's footer drawn) move the list too, but never stop it following.
  const isFollowing = useRef(true);
  const readerMovedAt = useRef(-Infinity);
  const readerUpAt = useRef(-Infinity);
  const noteReaderUp = useCallback(() => {
    readerUpAt.current = performance.now();
    readerMovedAt.current = readerUpAt.current;
  }, []);
  // The virtualizer is a mutable object that re-renders this component itself; nothing here is memoised by the compiler.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollerRef.current,
    estimateSize: () => ESTIMATED_ROW_PX,
    getItemKey: (index) => rows[index]?.key ?? index,
    paddingStart: messages.hasNextPage ? OLDER_BUTTON_PX : 0,
    overscan: 4,
    // A chat reads from the end: rows prepended above keep the reader's row in place, and the list
    // follows new rows and a growing answer only while it is at the end.
    anchorTo: "end",
    followOnAppend: true,
    scrollEndThreshold: AT_END_PX,
  });
  const focusedId = useFocusMessage({
    focus: props.focus,
    messages,
    indexOf: useCallback(
      (messageId: number) => rows.findIndex((row) => row.kind === "message" && row.message.id === messageId),
      [rows],
    ),
    scrollToIndex: useCallback(
      (index: number) => {
        isFollowing.current = false;
        virtualizer.scrollToIndex(index, { align: "center" });
      },
      [virtualizer],
    ),
  });

  const items = virtualizer.getVirtualItems();
  const isAtEnd = rows.length === 0 || virtualizer.isAtEnd(AT_END_PX);
  // The virtualizer follows rows appended at the end, not a last row replaced by another (a sent message
  // stored in place of its pending row, often taller), nor rows resized while its own scroll lands (an
  // approval card answered, then the answer's footer): while following, the list is put back at its end.
  const lastKey = rows.at(-1)?.key;
  const totalSize = virtualizer.getTotalSize();
  useLayoutEffect(() => {
    const list = scrollerRef.current;
    if (!isFollowing.current || lastKey === undefined || !list) return;
    if (!isAtLatest(list, { within: 1 })) virtualizer.scrollToEnd();
  }, [lastKey, totalSize, virtualizer]);
  const firstIndex = items[0]?.index ?? null;
  // Older pages load when the reader scrolls up to the oldest loaded rows (wheel, touch, keys or the scroll bar),
  // never when the list moves by itself (a panel opening, Lighten leaving fewer rows).
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = messages;
  useEffect(() => {
    const isDue = shouldLoadOlder({
      firstVisibleIndex: firstIndex,
      isReaderScrollingUp: performance.now() - readerUpAt.current < READER_GESTURE_MS,
      hasOlder: hasNextPage,
      isLoading: isFetchingNextPage,
    });
    if (isDue) void fetchNextPage();
  }, [firstIndex, hasNextPage, isFetchingNextPage, fetchNextPage]);

  return (
    <div className="relative flex min-h-0 flex-1 flex-col">
      {messages.error ? (
        <div className="px-4 pt-3">
          <ErrorNotice error={messages.error} testId="messages-error" />
        </div>
      ) : null}
      <div
        ref={scrollerRef}
        className="min-h-0 flex-1 overflow-y-auto px-4 py-3"
        data-testid="message-list"
        data-rows={rows.length}
        // A feed is made of articles: an empty conversation (or one still loading) is a plain region.
        role={rows.length > 0 ? "feed" : "region"}
        aria-label="Conversation"
        aria-busy={messages.isPending || isFetchingNextPage}
        onScroll={() => {
          if (virtualizer.isAtEnd(AT_END_PX)) isFollowing.current = true;
          else if (performance.now() - readerMovedAt.current < READER_GESTURE_MS) isFollowing.current = false;
        }}
        onWheel={(event) => (event.deltaY < 0 ? noteReaderUp() : undefined)}
        onTouchMove={noteReaderUp}
        onKeyDown={(event) => {
          if (UP_KEYS.has(event.key)) noteReaderUp();
          // Tabbing to a control above scrolls the list to it: the reader's move too.
          else if (event.key === "Tab") readerMovedAt.current = performance.now();
        }}
        // A press on the list itself, not on a row: its scroll bar.
        onPointerDown={(event) => (event.target === event.currentTarget ? noteReaderUp() : undefined)}
      >
        {messages.isPending ? <p className="text-sm text-zinc-500">Loading the conversation…</p> : null}
        {messages.isSuccess && rows.length === 0 ? (
          <p className="py-8 text-center text-sm text-zinc-500" data-testid="chat-empty">
            No messages yet. Ask Claude something about this worktree; it runs in the worktree&apos;s directory.
          </p>
        ) : null}
        <div className="relative mx-auto w-full max-w-3xl" style={{ height: virtualizer.getTotalSize() }}>
          <div className="absolute inset-x-0 top-0">
            <LoadOlderButton pages={messages} label="Show older messages" testId="show-older" />
          </div>
          {items.map((item) => {
            const row = rows[item.index]!;
            return (
              <div
                key={item.key}
                ref={virtualizer.measureElement}
                data-index={item.index}
                data-testid="message-row"
                data-key={item.key}
                className="absolute left-0 top-0 w-full pb-4"
                style={{ transform: `translateY(${item.start}px)` }}
              >
                <MessageRow
                  entry={row}
                  session={session}
                  isFocused={row.kind === "message" && row.message.id === focusedId}
                  {...rowApprovals(row, approvals)}
                />
              </div>
            );
          })}
        </div>
      </div>
      {!isAtEnd ? (
        <JumpToLatest onJump={() => virtualizer.scrollToEnd()} testId="jump-to-latest" label="Jump to latest" />
      ) : null}
    </div>
  );
}

/** The row's run's requests, and the active request's id only where it is one of them (other rows keep their props). */
function rowApprovals(
  row: TimelineEntry,
  approvals: ReturnType<typeof approvalsByRun>,
): { approvals: typeof NO_APPROVALS; activeApprovalId: string | null } {
  const runId = row.kind === "live" ? row.runId : row.kind === "message" ? row.message.run?.id : undefined;
  const list = (runId && approvals.byRun.get(runId)) || NO_APPROVALS;
  const isActiveHere = list.some((approval) => approval.id === approvals.activeId);
  return { approvals: list, activeApprovalId: isActiveHere ? approvals.activeId : null };
}
