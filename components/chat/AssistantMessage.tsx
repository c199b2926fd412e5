"use client";

import type { ChatSessionRef } from "./chat-session-ref.ts";
import type { MessageView } from "@/lib/realtime/chat-views.ts";
import type { ApprovalView } from "@/lib/realtime/approval-view.ts";
import { WaitingCards } from "@/components/approvals/WaitingCards.tsx";
import { ArchivedTag } from "@/components/memory/ArchivedTag.tsx";
import { focusRingClass } from "@/components/memory/focus-ring.ts";
import { ReceiptPanel } from "@/components/memory/ReceiptPanel.tsx";
import { RunChanges } from "@/components/changes/RunChanges.tsx";
import { runChangedWorktree } from "@/components/changes/run-changed-worktree.ts";
import { AnswerDecisions } from "@/components/ledger/AnswerDecisions.tsx";
import { stripAnswerTags } from "@/components/ledger/answer-tags.ts";
import { MarkMessageButtons } from "@/components/ledger/MarkMessageButtons.tsx";
import { AnswerFooter } from "./AnswerFooter.tsx";
import { Markdown } from "./Markdown.tsx";
import { RunStatusLine } from "./RunStatusLine.tsx";
import { failedStatusOf } from "./run-outcome.ts";
import { ToolCards } from "./ToolCards.tsx";

/**
 * A stored answer: tool cards (with how each permission request ended), the Markdown text, why it
 * ended early (if it did), its footer and what Claude was told.
 */
export function AssistantMessage(props: {
  message: MessageView;
  session: ChatSessionRef;
  isFocused?: boolean;
  approvals?: ApprovalView[];
  activeApprovalId?: string | null;
}) {
  const { message } = props;
  const run = message.run;
  const failedStatus = failedStatusOf(message);
  const isFocused = props.isFocused ?? false;
  const text = stripAnswerTags(message.content);
  return (
    <article
      data-testid="message"
      data-role="assistant"
      data-status={message.status}
      data-message-id={message.id}
      data-archived={message.isArchived}
      data-focused={isFocused}
      className={`text-sm ${message.isArchived ? "opacity-60" : ""} ${focusRingClass(isFocused)}`}
    >
      {message.isArchived ? <ArchivedTag /> : null}
      <ToolCards
        tools={run?.tools ?? []}
        denials={run?.permissionDenials ?? []}
        approvals={props.approvals}
        retry={run && !props.session.isWorktreeRemoved ? { runId: run.id, session: props.session } : null}
      />
      {text ? (
        <MarkMessageButtons session={props.session} messageId={message.id} text={text}>
          <Markdown text={text} />
        </MarkMessageButtons>
      ) : null}
      <WaitingCards approvals={props.approvals ?? []} activeId={props.activeApprovalId ?? null} />
      <AnswerDecisions text={message.content} />
      {!text && !failedStatus ? <p className="text-xs italic text-zinc-500">(no text in this answer)</p> : null}
      {failedStatus && run ? (
        <RunStatusLine
          status={failedStatus}
          errorMessage={run.errorMessage}
          runId={run.id}
          isRetryable={run.isRetryable}
          session={props.session}
        />
      ) : null}
      {run ? <AnswerFooter run={run} /> : null}
      {run &&
      props.session.worktreePath &&
      !props.session.isWorktreeRemoved &&
      !message.isArchived &&
      run.finishedAt &&
      runChangedWorktree(run) ? (
        <RunChanges
          worktree={{ repoId: props.session.repoId, worktreePath: props.session.worktreePath }}
          runId={run.id}
        />
      ) : null}
      {run?.receipt ? <ReceiptPanel receipt={run.receipt} runId={run.id} session={props.session} /> : null}
    </article>
  );
}
