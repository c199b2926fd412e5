// Before any schema is built: no eval probe in the browser (see zod-in-browser.ts).
import "./zod-in-browser.ts";
import { z } from "zod";
import type { HookEventView, RelayView } from "@/lib/hook-events/hook-event-view.ts";
import type { HistoryImportView } from "@/lib/hook-events/transcripts/history-import-progress.ts";
import { approvalStatusSchema, approvalViewSchema } from "./approval-view.ts";
import type { MessageView, RunView } from "./chat-views.ts";
import type { AutoFixView, CheckRunView } from "./check-views.ts";
import type { LandQueueProgress } from "./land-queue-views.ts";

const isObjectWith = (key: string) => (value: unknown) => typeof value === "object" && value !== null && key in value;

/**
 * The WebSocket wire protocol, shared by the server gateway and the browser. Every run event
 * carries the run id and a sequence number so a reconnecting browser can ask for what it
 * missed (`afterSeq`) and the server replays exactly that: no gaps, no duplicates.
 */

export const clientMessageSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("subscribe_session"),
    sessionId: z.string().uuid(),
    /** Last sequence number the browser holds per run; events after it are replayed. */
    afterSeq: z.record(z.string(), z.number().int().min(0)).optional(),
  }),
  z.object({ type: z.literal("unsubscribe_session"), sessionId: z.string().uuid() }),
  z.object({ type: z.literal("subscribe_repo"), repoId: z.string().uuid() }),
  z.object({ type: z.literal("unsubscribe_repo"), repoId: z.string().uuid() }),
  z.object({ type: z.literal("ping") }),
  /** Hook events and relays of one worktree (`worktreePath`), or of every directory (null). */
  z.object({ type: z.literal("subscribe_hooks"), worktreePath: z.string().min(1).max(4096).nullable() }),
  z.object({ type: z.literal("unsubscribe_hooks"), worktreePath: z.string().min(1).max(4096).nullable() }),
  /** The completion/error notifier's new notifications (all worktrees). */
  z.object({ type: z.literal("subscribe_notifications") }),
  /**
   * Watch a pinned worktree's files and git state while it is shown: changes arrive as
   * `invalidate` messages on its repository's topic (subscribe to that too).
   */
  z.object({
    type: z.literal("watch_worktree"),
    repoId: z.string().uuid(),
    worktreePath: z.string().min(1).max(4096),
  }),
  z.object({
    type: z.literal("unwatch_worktree"),
    repoId: z.string().uuid(),
    worktreePath: z.string().min(1).max(4096),
  }),
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;

const toolUseSchema = z.object({ id: z.string(), name: z.string(), input: z.unknown() });

export const runEventSchema = z.discriminatedUnion("kind", [
  /**
   * The run waits its turn (told again when its place or reason changes): behind its worktree's earlier run,
   * or for an agent slot. `userMessageId` is the stored message it answers (a tab without it fetches it).
   */
  z.object({
    kind: z.literal("queued"),
    position: z.number().int(),
    reason: z
      .discriminatedUnion("kind", [
        z.object({ kind: z.literal("worktree") }),
        z.object({ kind: z.literal("slots"), running: z.number().int(), max: z.number().int() }),
      ])
      .optional(),
    userMessageId: z.number().int().nullable().optional(),
  }),
  z.object({ kind: z.literal("started"), claudeSessionId: z.string(), pid: z.number().int().nullable() }),
  z.object({ kind: z.literal("init"), model: z.string().nullable() }),
  z.object({ kind: z.literal("text_delta"), text: z.string() }),
  z.object({ kind: z.literal("text_block"), text: z.string() }),
  z.object({ kind: z.literal("tool_use"), tool: toolUseSchema }),
  z.object({ kind: z.literal("tool_result"), toolUseId: z.string(), content: z.string(), isError: z.boolean() }),
  z.object({
    kind: z.literal("api_retry"),
    attempt: z.number(),
    maxRetries: z.number(),
    errorStatus: z.number().nullable(),
    error: z.string().nullable(),
    delayMs: z.number().nullable(),
  }),
  z.object({ kind: z.literal("notice"), message: z.string() }),
  /** The agent is waiting for the user (a tool to allow, questions, a plan). */
  z.object({ kind: z.literal("approval_requested"), approval: approvalViewSchema }),
  /** A waiting request ended: answered (by whom, how), timed out, withdrawn, or closed with the run. */
  z.object({
    kind: z.literal("approval_resolved"),
    approvalId: z.string(),
    status: approvalStatusSchema,
    answeredBy: z.string().nullable(),
    outcome: z.string().nullable(),
  }),
  /**
   * The run ended: the stored answer and run ride along, so a tab puts them in its cache without asking the
   * server again (one path for a send: POST answers 202, everything after arrives here).
   */
  z.object({
    kind: z.literal("finished"),
    status: z.string(),
    errorKind: z.string().nullable(),
    userMessage: z.string().nullable(),
    assistantMessageId: z.number().int().nullable(),
    assistantMessage: z.custom<MessageView>(isObjectWith("role")).nullable().optional(),
    run: z.custom<RunView>(isObjectWith("status")).optional(),
  }),
]);
export type RunEvent = z.infer<typeof runEventSchema>;

export const serverMessageSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("hello"), serverTime: z.string() }),
  z.object({ type: z.literal("pong") }),
  z.object({ type: z.literal("error"), message: z.string() }),
  z.object({
    type: z.literal("run_event"),
    sessionId: z.string(),
    runId: z.string(),
    seq: z.number().int(),
    /** Server clock when the event was produced (ms since epoch); used for relay latency. */
    at: z.number(),
    event: runEventSchema,
  }),
  z.object({
    type: z.literal("worktree_activity"),
    repoId: z.string(),
    worktreePath: z.string(),
    sessionId: z.string(),
    state: z.enum(["queued", "running", "waiting", "idle"]),
    lastRunStatus: z.string().nullable(),
    /** A run ended that the user has not seen yet (idle after a run). */
    hasUnread: z.boolean().optional(),
    /** The latest run as the attention view shows it, when a run just ended. */
    lastRun: z
      .object({
        status: z.string(),
        startedAt: z.string().nullable(),
        finishedAt: z.string().nullable(),
        errorMessage: z.string().nullable(),
      })
      .nullable()
      .optional(),
    /** What the conversation's runs have cost so far, when a run just ended (null: none reported a cost). */
    costUsd: z.number().nullable().optional(),
  }),
  z.object({ type: z.literal("invalidate"), queryKey: z.array(z.string()).readonly() }),
  /**
   * A new worktree's setup command has started (`command` as shown), on its repository's topic;
   * `setupId` is the id the request was given (New worktree…, a design node's Create branch).
   */
  z.object({
    type: z.literal("setup_started"),
    repoId: z.string(),
    setupId: z.string(),
    worktreePath: z.string(),
    command: z.string(),
  }),
  /**
   * Output of a new worktree's setup command while it runs, on its repository's topic; `setupId` is
   * the id the request was given (the final report still carries the end).
   */
  z.object({
    type: z.literal("setup_output"),
    repoId: z.string(),
    setupId: z.string(),
    worktreePath: z.string(),
    text: z.string(),
  }),
  /**
   * Output of a worktree's check while it runs, on its repository's topic (coalesced; a check that
   * prints megabytes stops being streamed, its stored result keeps the head and the tail).
   */
  z.object({
    type: z.literal("check_output"),
    repoId: z.string(),
    worktreePath: z.string(),
    checkRunId: z.string(),
    name: z.string(),
    text: z.string(),
  }),
  /** A worktree's check started, finished or was answered from the cache, on its repository's topic. */
  z.object({
    type: z.literal("check_run"),
    repoId: z.string(),
    worktreePath: z.string(),
    run: z.custom<CheckRunView>(isObjectWith("status")),
  }),
  /**
   * A plan run changed (a node moved, the plan paused or resumed), on its repository's topic: each
   * node's state, so a board can show it at once; the rest is GET /api/plans/{planId}/run.
   */
  z.object({
    type: z.literal("plan_run"),
    repoId: z.string(),
    planId: z.string(),
    version: z.number().int(),
    isPaused: z.boolean(),
    nodes: z.array(
      z.object({
        slug: z.string(),
        title: z.string(),
        state: z.string(),
        description: z.string(),
        needsUser: z.boolean(),
        worktreePath: z.string().nullable(),
      }),
    ),
  }),
  /** A land queue moved on a step (testing the next branch, landing, its end), on its repository's topic. */
  z.object({
    type: z.literal("land_queue"),
    progress: z.custom<LandQueueProgress>(isObjectWith("entries")),
  }),
  /** A worktree's automatic "Fix with Claude" changed: turned on or off, a fix sent, the count reset, or it stopped. */
  z.object({
    type: z.literal("check_auto_fix"),
    repoId: z.string(),
    worktreePath: z.string(),
    autoFix: z.custom<AutoFixView>(isObjectWith("remaining")),
  }),
  /** A worktree's "Import history" progress (a few per second at most) and its end, on its repository's topic. */
  z.object({
    type: z.literal("history_import"),
    job: z.custom<HistoryImportView>(
      (value) => typeof value === "object" && value !== null && "bytesDone" in value && "worktreePath" in value,
    ),
  }),
  z.object({
    type: z.literal("hook_event"),
    event: z.custom<HookEventView>((value) => typeof value === "object" && value !== null && "eventName" in value),
  }),
  z.object({
    type: z.literal("relay"),
    relay: z.custom<RelayView>((value) => typeof value === "object" && value !== null && "startUuid" in value),
  }),
  z.object({
    type: z.literal("notification"),
    notification: z.object({
      id: z.number(),
      type: z.string(),
      worktreePath: z.string(),
      sessionId: z.string(),
      excerpt: z.string(),
      /** How an Arbor run ended (its chat shows it), rather than what a terminal session said. */
      isArborRun: z.boolean().optional(),
    }),
  }),
]);
export type ServerMessage = z.infer<typeof serverMessageSchema>;
