import type { QueryClient } from "@tanstack/react-query";
import type { ServerMessage } from "@/lib/realtime/protocol.ts";
import { applyLiveAttentionToCache, applyPlanNodesToCache } from "@/components/attention/live-attention.ts";
import { applyNotificationToCache } from "@/components/notifications/notification-toasts.ts";
import { applyHookEventToCache, applyRelayToCache } from "@/components/timeline/apply-hook-messages.ts";
import { applyRunEvent } from "./apply-run-event.ts";
import { EMPTY_LIVE_RUNS, type LiveRunsState, type RunEventMessage } from "./live-run-types.ts";
import { refreshLatest } from "./refresh-latest.ts";
import { noteServerTime } from "./server-clock.ts";
import { queryKeys } from "@/lib/realtime/query-keys.ts";
import { appendCheckOutput, applyCheckRun } from "@/lib/checks/apply-check-messages.ts";
import type { WorktreeChecksView } from "@/lib/realtime/check-views.ts";
import type { InfiniteData } from "@tanstack/react-query";
import { applyLiveActivity, type AttentionItem } from "@/lib/chat/attention/attention.ts";
import type { WorktreeActivity } from "@/lib/realtime/chat-views.ts";
import { hasLoadedMessage, upsertMessage, type MessagePage } from "@/components/memory/message-paging.ts";

type WorktreeActivityMessage = Extract<ServerMessage, { type: "worktree_activity" }>;

/**
 * Puts one server message into the React Query cache: run events into ["live-runs", sessionId] and a
 * finished run's answer into the messages, worktree activity into the activity lists and the attention
 * view, hook events and relays into the cached hook lists, notifications into the toasts (and a refetch of
 * the inbox), check results and the auto-fix into the worktree's checks (and a refetch of the attention view),
 * everything else as invalidations of the queries it makes stale. A run's end costs no request.
 */
export function handleServerMessage(client: QueryClient, message: ServerMessage): void {
  switch (message.type) {
    case "run_event":
      applyRunEventToCache(client, message);
      return;
    case "worktree_activity":
      applyWorktreeActivity(client, message);
      return;
    case "invalidate":
      refreshLatest(client, message.queryKey);
      return;
    case "setup_started":
      client.setQueryData(queryKeys.setupStarted(message.setupId), message.command);
      return;
    case "setup_output":
      appendSetupOutput(client, message.setupId, message.text);
      return;
    case "check_run":
      patchChecks(client, message, (view) => applyCheckRun(view, message.run));
      // "What needs you" lists worktrees whose checks fail: a result may add or clear one.
      if (message.run.status !== "running") refreshLatest(client, queryKeys.attention());
      return;
    case "check_auto_fix":
      patchChecks(client, message, (view) => ({ ...view, autoFix: message.autoFix }));
      refreshLatest(client, queryKeys.attention());
      return;
    case "check_output":
      patchChecks(client, message, (view) => appendCheckOutput(view, message));
      return;
    case "plan_run":
      refreshLatest(client, queryKeys.planRun(message.planId));
      applyPlanNodesToCache(client, message);
      // Its nodes make branches and land them: the design tree beside the board is git's, read again.
      refreshLatest(client, queryKeys.dashboard(message.repoId));
      return;
    case "land_queue":
      client.setQueryData(queryKeys.landQueue(message.progress.repoId), message.progress);
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

/** A check's run or output patches the worktree's cached checks; a worktree nobody shows is not fetched. */
function patchChecks(
  client: QueryClient,
  target: { repoId: string; worktreePath: string },
  patch: (view: WorktreeChecksView) => WorktreeChecksView,
): void {
  client.setQueryData<WorktreeChecksView>(queryKeys.worktreeChecks(target.repoId, target.worktreePath), (view) =>
    view ? patch(view) : view,
  );
}

function applyRunEventToCache(client: QueryClient, message: RunEventMessage): void {
  const key = queryKeys.liveRuns(message.sessionId);
  const before = client.getQueryData<LiveRunsState>(key) ?? EMPTY_LIVE_RUNS;
  const after = applyRunEvent(before, message);
  if (after === before) return;
  client.setQueryData(key, after);
  const { event } = message;
  const messagesKey = queryKeys.messages(message.sessionId);
  const pages = client.getQueryData<InfiniteData<MessagePage>>(messagesKey);
  // Another tab's send: the user message is stored before its run is queued; the sending tab has it already.
  if (event.kind === "queued" && pages && event.userMessageId && !hasLoadedMessage(pages.pages, event.userMessageId))
    void client.invalidateQueries({ queryKey: messagesKey });
  if (event.kind === "finished") {
    if (event.assistantMessage) client.setQueryData(messagesKey, upsertMessage(pages, event.assistantMessage));
    else if (event.assistantMessageId !== null) void client.invalidateQueries({ queryKey: messagesKey });
    // A read of the messages still under way answers with the answer as it was before it finished (still
    // streaming), over the one just put in: it is read once more after that answer.
    if (isFetching(client, messagesKey)) refreshLatest(client, messagesKey);
  }
  // Cards, the tab title and the inbox read the requests' lists: a request came or ended.
  if (event.kind === "approval_requested" || event.kind === "approval_resolved")
    void client.invalidateQueries({ queryKey: queryKeys.approvals() });
}

/**
 * A worktree's agent changed state: its row of the repository's activity and the attention view take it
 * from the message; only a worktree the lists do not hold yet makes them read again.
 */
function applyWorktreeActivity(client: QueryClient, message: WorktreeActivityMessage): void {
  applyLiveAttentionToCache(client, message);
  const activityKey = queryKeys.activity(message.repoId);
  const rows = client.getQueryData<WorktreeActivity[]>(activityKey);
  if (rows) client.setQueryData(activityKey, applyLiveActivity(rows, message));
  // A list still loading, or being read again, may answer with the state from before this message (a run
  // shown idle while it streams): it is read once more after that answer.
  if (!rows || isFetching(client, activityKey)) refreshLatest(client, activityKey);
  const attention = client.getQueryData<AttentionItem[]>(queryKeys.attention());
  if (attention && !attention.some((item) => item.worktreePath === message.worktreePath))
    refreshLatest(client, queryKeys.attention());
  // A run ended: its cost is stored.
  if (message.state === "idle" && message.lastRun) refreshLatest(client, queryKeys.costs(message.repoId));
}

function isFetching(client: QueryClient, queryKey: readonly unknown[]): boolean {
  return client
    .getQueryCache()
    .findAll({ queryKey })
    .some((query) => query.state.fetchStatus === "fetching");
}
