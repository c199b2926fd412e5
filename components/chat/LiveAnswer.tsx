"use client";

import type { MessageView } from "@/lib/realtime/chat-views.ts";
import type { ApprovalView } from "@/lib/realtime/approval-view.ts";
import type { LiveRun } from "@/components/realtime/live-run-types.ts";
import { LiveRunBody } from "./LiveRunBody.tsx";

/**
 * A run still in progress, drawn from its live events: queued, streaming, or just finished
 * and waiting for the stored answer to be refetched. Wraps the stored "streaming" message
 * when there is one, so the answer is never shown twice.
 */
export function LiveAnswer(props: {
  runId: string;
  live: LiveRun | null;
  message: MessageView | null;
  session: { sessionId: string; repoId: string };
  approvals: ApprovalView[];
  activeApprovalId: string | null;
}) {
  const body = (
    <LiveRunBody
      runId={props.runId}
      live={props.live}
      storedText={props.message?.content ?? ""}
      session={props.session}
      approvals={props.approvals}
      activeApprovalId={props.activeApprovalId}
    />
  );
  if (!props.message) {
    return (
      <article data-testid="live-run" data-run-id={props.runId} className="text-sm">
        {body}
      </article>
    );
  }
  return (
    <article
      data-testid="message"
      data-role="assistant"
      data-status={props.message.status}
      data-message-id={props.message.id}
      data-run-id={props.runId}
      className="text-sm"
    >
      {body}
    </article>
  );
}
