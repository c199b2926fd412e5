"use client";

import type { ChatSessionRef } from "./chat-session-ref.ts";
import { memo } from "react";
import type { ApprovalView } from "@/lib/realtime/approval-view.ts";
import { sameRowProps } from "@/components/ui/virtual-list.ts";
import { AssistantMessage } from "./AssistantMessage.tsx";
import type { TimelineEntry } from "./build-timeline.ts";
import { LiveAnswer } from "./LiveAnswer.tsx";
import { SystemMessage, UserMessage } from "./UserMessage.tsx";

export const NO_APPROVALS: ApprovalView[] = [];

interface MessageRowProps {
  /** Rebuilt on every change of the list: compared by its parts, not itself. */
  entry: TimelineEntry;
  session: ChatSessionRef;
  isFocused: boolean;
  /** This row's run's requests (NO_APPROVALS when none), and the active one's id when it is among them. */
  approvals: ApprovalView[];
  activeApprovalId: string | null;
}

/**
 * One entry of the conversation. Memoised on what it draws (the stored message and the live run are
 * the cache's own objects, kept while unchanged), so a streamed token re-renders only its answer.
 */
export const MessageRow = memo(function MessageRow(props: MessageRowProps) {
  const { entry } = props;
  if (entry.kind === "pending") return <UserMessage message={null} pendingText={entry.text} />;
  if (entry.kind === "live")
    return (
      <LiveAnswer
        runId={entry.runId}
        live={entry.live}
        message={entry.message}
        session={props.session}
        approvals={props.approvals}
        activeApprovalId={props.activeApprovalId}
      />
    );
  const message = entry.message;
  if (message.role === "user")
    return <UserMessage message={message} isFocused={props.isFocused} session={props.session} />;
  if (message.role === "system") return <SystemMessage message={message} isFocused={props.isFocused} />;
  return (
    <AssistantMessage
      message={message}
      session={props.session}
      isFocused={props.isFocused}
      approvals={props.approvals === NO_APPROVALS ? undefined : props.approvals}
      activeApprovalId={props.activeApprovalId}
    />
  );
}, sameEntry);

/** The same row: the entry's parts unchanged (not the entry object, which the timeline rebuilds) and the same props. */
function sameEntry(previous: MessageRowProps, next: MessageRowProps): boolean {
  const { entry: a, ...restA } = previous;
  const { entry: b, ...restB } = next;
  return sameRowProps(restA, restB) && sameRowProps(partsOf(a), partsOf(b));
}

function partsOf(entry: TimelineEntry): Record<string, unknown> {
  if (entry.kind === "pending") return { text: entry.text };
  if (entry.kind === "live") return { runId: entry.runId, live: entry.live, message: entry.message };
  return { message: entry.message };
}
