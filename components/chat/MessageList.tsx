"use client";

import { useMutationState } from "@tanstack/react-query";
import { useMemo } from "react";
import { useSessionApprovals } from "@/components/api/approvals-api.ts";
import { useMessages } from "@/components/api/chat-api.ts";
import { approvalsByRun } from "@/components/approvals/approval-lists.ts";
import type { MessageFocus } from "@/components/memory/chat-target.ts";
import { ErrorNotice } from "@/components/ui/ErrorNotice.tsx";
import { LoadOlderButton } from "@/components/ui/LoadOlderButton.tsx";
import { useSessionLive } from "@/components/realtime/use-session-live.ts";
import { AssistantMessage } from "./AssistantMessage.tsx";
import { buildTimeline, runIdsOf, type PendingSend } from "./build-timeline.ts";
import { LiveAnswer } from "./LiveAnswer.tsx";
import { useFocusMessage } from "./use-focus-message.ts";
import { useStickToBottom } from "./use-stick-to-bottom.ts";
import { SystemMessage, UserMessage } from "./UserMessage.tsx";
import { queryKeys } from "@/lib/realtime/query-keys.ts";

/**
 * The conversation: stored pages (oldest first; "Show older" reaches archived messages), live
 * runs, and messages still being sent. `focus` jumps to a message and highlights it.
 */
export function MessageList({
  session,
  focus,
}: {
  session: { sessionId: string; repoId: string; worktreePath?: string };
  focus: MessageFocus | null;
}) {
  const messages = useMessages(session.sessionId);
  const live = useSessionLive(session.sessionId);
  const pending = useMutationState({
    filters: { mutationKey: queryKeys.send(session.sessionId), status: "pending" },
    select: (mutation) => mutation.state.variables as PendingSend,
  });
  const fetchedApprovals = useSessionApprovals(session.sessionId).data;
  const timeline = useMemo(() => {
    const stored = [...(messages.data?.pages ?? [])].reverse().flatMap((page) => page.messages);
    return buildTimeline({ messages: stored, live, pending });
  }, [messages.data, live, pending]);
  const approvals = useMemo(
    () => approvalsByRun({ runIds: runIdsOf(timeline), live, fetched: fetchedApprovals ?? [] }),
    [timeline, live, fetchedApprovals],
  );
  const [scrollerRef, releaseBottom] = useStickToBottom(timeline);
  const [contentRef, focusedId] = useFocusMessage({ focus, messages, releaseBottom });

  return (
    <div ref={scrollerRef} className="min-h-0 flex-1 overflow-y-auto px-4 py-3" data-testid="message-list">
      <div ref={contentRef} className="mx-auto max-w-3xl space-y-4">
        <LoadOlderButton pages={messages} label="Show older messages" testId="show-older" />
        {messages.isPending ? <p className="text-sm text-zinc-500">Loading the conversation…</p> : null}
        {messages.error ? <ErrorNotice error={messages.error} testId="messages-error" /> : null}
        {messages.isSuccess && timeline.length === 0 ? (
          <p className="py-8 text-center text-sm text-zinc-500" data-testid="chat-empty">
            No messages yet. Ask Claude something about this worktree; it runs in the worktree&apos;s directory.
          </p>
        ) : null}
        {timeline.map((entry) => {
          if (entry.kind === "pending") return <UserMessage key={entry.key} message={null} pendingText={entry.text} />;
          if (entry.kind === "live")
            return (
              <LiveAnswer
                key={entry.key}
                runId={entry.runId}
                live={entry.live}
                message={entry.message}
                session={session}
                approvals={approvals.byRun.get(entry.runId) ?? []}
                activeApprovalId={approvals.activeId}
              />
            );
          const message = entry.message;
          const isFocused = message.id === focusedId;
          if (message.role === "user")
            return <UserMessage key={entry.key} message={message} isFocused={isFocused} session={session} />;
          if (message.role === "system")
            return <SystemMessage key={entry.key} message={message} isFocused={isFocused} />;
          return (
            <AssistantMessage
              key={entry.key}
              message={message}
              session={session}
              isFocused={isFocused}
              approvals={message.run ? approvals.byRun.get(message.run.id) : undefined}
              activeApprovalId={approvals.activeId}
            />
          );
        })}
      </div>
    </div>
  );
}
