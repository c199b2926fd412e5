"use client";

import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { InfiniteData } from "@tanstack/react-query";
import type { MessageView, RunView, WorktreeActivity } from "@/lib/realtime/chat-views.ts";
import { markAttentionRead, type AttentionItem } from "@/lib/chat/attention/attention.ts";
import { upsertMessage, type MessagePage } from "@/components/memory/message-paging.ts";
import type { ToolRule } from "@/lib/realtime/approval-view.ts";
import { fetchJson } from "@/components/api/fetch-json.ts";
import { queryKeys } from "@/lib/realtime/query-keys.ts";

/** What a send or a retry answers at once (202): the stored message and its run, queued. */
interface AcceptedSend {
  userMessage: MessageView;
  run: RunView;
}

/** What a pending send carries, so the message list can show it before the server has it. */
interface SendVariables {
  userMessage: string;
  /** Highest message id loaded when sending: the stored copy will have a higher one. */
  afterMessageId: number;
  sentAt: number;
}

/**
 * POST /api/chat/send: answers 202 as soon as the message is stored and its run queued; the message goes
 * into the list at once and the answer streams over the WebSocket, whose `finished` event brings it whole.
 */
export function useSendMessage(input: { sessionId: string; repoId: string }) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: queryKeys.send(input.sessionId),
    mutationFn: (variables: SendVariables) =>
      fetchJson<AcceptedSend>("/api/chat/send", {
        method: "POST",
        body: { sessionId: input.sessionId, userMessage: variables.userMessage },
      }),
    onSuccess: (accepted) => showAccepted({ client, sessionId: input.sessionId, accepted }),
  });
}

/**
 * POST /api/chat/retry: re-runs the user message of a failed run; same life cycle as a send.
 * `allowTools` ("Allow and retry") are allowed for the new run only.
 */
export function useRetryRun(input: { sessionId: string; repoId: string }) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (variables: { runId: string; allowTools?: ToolRule[] }) =>
      fetchJson<AcceptedSend>("/api/chat/retry", { method: "POST", body: variables }),
    onSuccess: (accepted) => showAccepted({ client, sessionId: input.sessionId, accepted }),
  });
}

/** POST /api/chat/cancel: stops a running run or drops a queued one; the outcome arrives live. */
export function useCancelRun() {
  return useMutation({
    mutationFn: (runId: string) => fetchJson<{ ok: true }>("/api/chat/cancel", { method: "POST", body: { runId } }),
  });
}

/**
 * POST /api/chat/sessions/read: the user has seen this worktree's latest answer. The worktree list and the
 * attention view are told here, not read again: the one request a run's end costs the open chat.
 */
export function useMarkRead(repoId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) =>
      fetchJson<{ ok: true }>("/api/chat/sessions/read", { method: "POST", body: { sessionId } }),
    onSuccess: (_answer, sessionId) => {
      client.setQueryData<WorktreeActivity[]>(queryKeys.activity(repoId), (rows) =>
        rows?.map((row) => (row.sessionId === sessionId && row.hasUnread ? { ...row, hasUnread: false } : row)),
      );
      client.setQueryData<AttentionItem[]>(queryKeys.attention(), (items) => markAttentionRead(items, sessionId));
    },
  });
}

/** The accepted message goes into the list; its run's events and answer arrive over the WebSocket. */
function showAccepted(input: { client: QueryClient; sessionId: string; accepted: AcceptedSend }): void {
  input.client.setQueryData<InfiniteData<MessagePage>>(queryKeys.messages(input.sessionId), (pages) =>
    upsertMessage(pages, input.accepted.userMessage),
  );
}
