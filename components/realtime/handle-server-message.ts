import type { QueryClient } from "@tanstack/react-query";
import type { ServerMessage } from "@/lib/realtime/protocol.ts";
import { applyLiveAttentionToCache } from "@/components/attention/live-attention.ts";
import { applyNotificationToCache } from "@/components/notifications/notification-toasts.ts";
import { applyHookEventToCache, applyRelayToCache } from "@/components/timeline/apply-hook-messages.ts";
import { applyRunEvent } from "./apply-run-event.ts";
import { EMPTY_LIVE_RUNS, type LiveRunsState, type RunEventMessage } from "./live-run-types.ts";
import { refreshLatest } from "./refresh-latest.ts";
import { noteServerTime } from "./server-clock.ts";
import { queryKeys } from "@/lib/realtime/query-keys.ts";

/**
 * Puts one server message into the React Query cache: run events into ["live-runs", sessionId],
 * hook events and relays merged into the cached hook lists, notifications into the toasts (and
 * a refetch of the inbox), everything else as invalidations of the queries it makes stale.
 */
export function handleServerMessage(client: QueryClient, message: ServerMessage): void {
  switch (message.type) {
    case "run_event":
      applyRunEventToCache(client, message);
      return;
    case "worktree_activity":
      refreshLatest(client, queryKeys.activity(message.repoId));
      applyLiveAttentionToCache(client, message);
      refreshLatest(client, queryKeys.attention());
      return;
    case "invalidate":
      void client.invalidateQueries({ queryKey: message.queryKey });
      return;
    case "setup_started":
      client.setQueryData(queryKeys.setupStarted(message.setupId), message.command);
      return;
    case "setup_output":
      appendSetupOutput(client, message.setupId, message.text);
      return;
    case "history_import":
      client.setQueryData(queryKeys.historyImport(message.job.repoId, message.job.worktreePath), message.job);
      return;
    case "hook_event":
      applyHookEventToCache(client, message.event);
      return;
    case "relay":
      applyRelayToCache(client, message.relay);
      return;
    case "notification":
      applyNotificationToCache(client, message.notification);
      return;
    case "error":
      console.warn("[arbor] realtime:", message.message);
      return;
    case "hello":
      noteServerTime(message.serverTime);
      return;
    case "pong":
      return;
  }
}

/** How much live setup output the dialog keeps (its end, like the final report). */
const SETUP_OUTPUT_CHARS = 16_000;

function appendSetupOutput(client: QueryClient, setupId: string, text: string): void {
  const key = queryKeys.setupOutput(setupId);
  const joined = (client.getQueryData<string>(key) ?? "") + text;
  client.setQueryData(key, joined.length > SETUP_OUTPUT_CHARS ? joined.slice(-SETUP_OUTPUT_CHARS) : joined);
}

function applyRunEventToCache(client: QueryClient, message: RunEventMessage): void {
  const key = queryKeys.liveRuns(message.sessionId);
  const before = client.getQueryData<LiveRunsState>(key) ?? EMPTY_LIVE_RUNS;
  const after = applyRunEvent(before, message);
  if (after === before) return;
  client.setQueryData(key, after);
  const kind = message.event.kind;
  // The user message is stored before the run is queued: fetch it (and later the answer).
  if (kind === "queued" || kind === "started" || kind === "finished") {
    void client.invalidateQueries({ queryKey: queryKeys.messages(message.sessionId) });
  }
  // The event names only the session; activity of every repository shown is cheap to refetch.
  if (kind === "finished") {
    refreshLatest(client, queryKeys.activity());
    refreshLatest(client, queryKeys.attention());
  }
  // Cards, the tab title and the inbox read the requests' lists: a request came, ended, or its run did.
  if (kind === "approval_requested" || kind === "approval_resolved" || kind === "finished")
    void client.invalidateQueries({ queryKey: queryKeys.approvals() });
}
