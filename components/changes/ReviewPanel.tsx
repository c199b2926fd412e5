"use client";

import { useState } from "react";
import { ApiError } from "@/components/api/fetch-json.ts";
import { useSendMessage } from "@/components/chat/use-chat-mutations.ts";
import { Button } from "@/components/ui/Button.tsx";
import { ErrorNotice } from "@/components/ui/ErrorNotice.tsx";
import { formatReview, type ReviewComment } from "./review.ts";

/**
 * The comments collected on diffs; "Send review to Claude" sends them as the next chat message
 * through the normal send (stored, in receipts), then clears them.
 */
export function ReviewPanel(props: {
  session: { sessionId: string; repoId: string };
  lastMessageId: number;
  comments: ReviewComment[];
  onRemove: (id: string) => void;
  onSent: () => void;
  onRestore: (comments: ReviewComment[]) => void;
}) {
  const send = useSendMessage(props.session);
  const [error, setError] = useState<unknown>(null);
  if (props.comments.length === 0) return null;
  const submit = () => {
    setError(null);
    const comments = props.comments;
    props.onSent();
    send
      .mutateAsync({ userMessage: formatReview(comments), afterMessageId: props.lastMessageId, sentAt: Date.now() })
      .catch((caught: unknown) => {
        setError(caught);
        // Refused before it was stored (4xx): the comments come back so nothing written is lost.
        if (caught instanceof ApiError && caught.status >= 400 && caught.status < 500) props.onRestore(comments);
      });
  };
  return (
    <section data-testid="review-panel" className="rounded-md border border-sky-200 p-2 text-xs dark:border-sky-900">
      <h3 className="mb-1 font-medium">Review ({props.comments.length})</h3>
      <ul className="mb-2 flex flex-col gap-1">
        {props.comments.map((comment) => (
          <li key={comment.id} data-testid="review-comment" className="flex items-start gap-2">
            <span className="font-mono text-zinc-500">
              {comment.file}:{comment.startLine}
              {comment.endLine !== comment.startLine ? `-${comment.endLine}` : ""}
            </span>
            <span className="min-w-0 flex-1 whitespace-pre-wrap">{comment.text}</span>
            <Button size="xs" variant="ghost" aria-label="Remove comment" onClick={() => props.onRemove(comment.id)}>
              ✕
            </Button>
          </li>
        ))}
      </ul>
      <Button size="sm" variant="primary" data-testid="review-send" onClick={submit}>
        Send review to Claude
      </Button>
      {error ? <ErrorNotice error={error} /> : null}
    </section>
  );
}
