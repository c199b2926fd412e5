"use client";

import type { MessageView } from "@/lib/chat/chat-types";
import { AnswerFooter } from "./AnswerFooter";
import { Markdown } from "./Markdown";
import { RunStatusLine } from "./RunStatusLine";
import { failedStatusOf } from "./run-outcome";
import { ToolCards } from "./ToolCards";

/** A stored answer: tool cards, the Markdown text, why it ended early (if it did) and its footer. */
export function AssistantMessage({ message, session }: { message: MessageView; session: { sessionId: string; repoId: string } }) {
  const run = message.run;
  const failedStatus = failedStatusOf(message);
  return (
    <article data-testid="message" data-role="assistant" data-status={message.status} data-message-id={message.id} data-archived={message.isArchived} className={`text-sm ${message.isArchived ? "opacity-60" : ""}`}>
      <ToolCards tools={run?.tools ?? []} denials={run?.permissionDenials ?? []} />
      {message.content ? <Markdown text={message.content} /> : null}
      {!message.content && !failedStatus ? <p className="text-xs italic text-zinc-500">(no text in this answer)</p> : null}
      {failedStatus && run ? (
        <RunStatusLine status={failedStatus} errorMessage={run.errorMessage} runId={run.id} isRetryable={run.isRetryable} session={session} />
      ) : null}
      {run ? <AnswerFooter run={run} /> : null}
    </article>
  );
}
