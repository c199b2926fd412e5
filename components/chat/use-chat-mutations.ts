"use client";

import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { MessageView, RunView } from "@/lib/chat/chat-types.ts";
import type { RepoScan, WorktreeScan } from "@/lib/git/types.ts";
import type { ToolRule } from "@/lib/realtime/approval-view.ts";
import { fetchJson } from "@/components/api/fetch-json.ts";
import { queryKeys } from "@/lib/realtime/query-keys.ts";

interface RunResult {
  userMessage: MessageView;
  assistantMessage: MessageView | null;
  run: RunView;
  updatedScan: WorktreeScan | null;
}

/** What a pending send carries, so the message list can show it before the server has it. */
interface SendVariables {
  userMessage: string;
  /** Highest message id loaded when sending: the stored copy will have a higher one. */
  afterMessageId: number;
  sentAt: number;
}

/** POST /api/chat/send: stays open until the run finishes; the answer streams over the WebSocket. */
export function useSendMessage(input: { sessionId: string; repoId: string }) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: queryKeys.send(input.sessionId),
    mutationFn: (variables: SendVariables) =>
      fetchJson<RunResult>("/api/chat/send", {
        method: "POST",
        body: { sessionId: input.sessionId, userMessage: variables.userMessage },
      }),
    onSuccess: (result) => settleRun({ client, ...input, result }),
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
      fetchJson<RunResult>("/api/chat/retry", { method: "POST", body: variables }),
    onSuccess: (result) => settleRun({ client, ...input, result }),
  });
}

/** POST /api/chat/cancel: stops a running run or drops a queued one; the outcome arrives live. */
export function useCancelRun() {
  return useMutation({
    mutationFn: (runId: string) => fetchJson<{ ok: true }>("/api/chat/cancel", { method: "POST", body: { runId } }),
  });
}

/** POST /api/chat/sessions/read: the user has seen this worktree's latest answer. */
export function useMarkRead(repoId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) =>
      fetchJson<{ ok: true }>("/api/chat/sessions/read", { method: "POST", body: { sessionId } }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: queryKeys.activity(repoId) });
      await client.invalidateQueries({ queryKey: queryKeys.attention() });
    },
  });
}

function settleRun(input: { client: QueryClient; sessionId: string; repoId: string; result: RunResult }): void {
  const { client, result } = input;
  void client.invalidateQueries({ queryKey: queryKeys.messages(input.sessionId) });
  void client.invalidateQueries({ queryKey: queryKeys.activity(input.repoId) });
  void client.invalidateQueries({ queryKey: queryKeys.attention() });
  // Claude may have edited the repository's .claude files or git config: its trust state is read again.
  void client.invalidateQueries({ queryKey: queryKeys.trust(input.repoId) });
  const updated = result.updatedScan;
  if (!updated) return;
  // The run may have changed files: show the rescanned worktree without rescanning the others.
  client.setQueryData<RepoScan>(queryKeys.worktrees(input.repoId), (scan) =>
    scan
      ? { ...scan, worktrees: scan.worktrees.map((worktree) => (worktree.path === updated.path ? updated : worktree)) }
      : scan,
  );
}
