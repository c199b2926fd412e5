import { existsSync } from "node:fs";
import { randomUUID } from "node:crypto";
import type { RunOutcome } from "@/lib/agent/run-claude.ts";
import type { StartedConversation } from "@/lib/agent/warm-conversation.ts";
import type { WarmPool } from "@/lib/agent/warm-pool.ts";
import type { ApprovalsPort } from "@/lib/approvals/approvals-port.ts";
import type { ChecksPort } from "@/lib/checks/run/checks-port.ts";
import type { Db } from "@/lib/db/client.ts";
import { isAppError } from "@/lib/errors/app-error.ts";
import type { WorktreeScan } from "@/lib/git/types.ts";
import type { HookIngest } from "@/lib/hook-ingest/hook-ingest-state.ts";
import type { HookPoliciesPort } from "@/lib/hook-policies/hook-policies-port.ts";
import type { LedgerPort } from "@/lib/ledger/ledger-port.ts";
import type { MemoryPort } from "@/lib/memory/memory-port.ts";
import type { PlansPort } from "@/lib/plans/plans-port.ts";
import type { EventHub } from "@/lib/realtime/event-hub.ts";
import type { RunEventLog } from "@/lib/realtime/run-event-log.ts";
import type { RunEvent } from "@/lib/realtime/protocol.ts";
import { getCachedEffectiveSettings } from "@/lib/settings/repo-settings-store.ts";
import type { SettingsCache } from "@/lib/settings/settings-store.ts";
import type { TrustPort } from "@/lib/trust/repo-trust.ts";
import type { PreviousScans } from "./build-prompt-input.ts";
import { preparePrompt } from "./prepare-prompt.ts";
import { planConversation } from "./conversation-plan.ts";
import { createToolCallCollector } from "./collect-tool-calls.ts";
import { createPartialTextWriter } from "./partial-text-writer.ts";
import { publishWorktreeActivity } from "./run-activity.ts";
import type { RunJob, RunJobResult } from "./run-job.ts";
import { finishRun, type RunEnd } from "./finish-run.ts";
import { compareRunCheckpoints, takeRunCheckpoint } from "./run-checkpoints.ts";
import { toRunEvents } from "./to-run-event.ts";

/**
 * What a run touches beyond its job: all of it, from the runtime context (lib/context). The rooms
 * it coordinates are reached through the ports they define, which lib/context wires: lib/chat
 * imports none of them at run time.
 */
export interface RunContext {
  db: Db;
  /** The run's settings (Arbor-wide with the repository's overrides), read through the cache. */
  settingsCache: SettingsCache;
  /** The Claude session's link to the run, so its hook events are the run's. */
  hookIngest: Pick<HookIngest, "linkRun">;
  /** Where its events go, sequenced for replay. */
  runEvents: RunEventLog;
  /** Where the worktree's activity (queued, running, idle) is told. */
  hub: EventHub;
  /** A CLI booted for the worktree ahead of the send, taken when its key still matches. */
  warmPool: WarmPool;
  /** Each session's last scan, so the prompt can say what changed since. */
  previousScans: PreviousScans;
  // The rooms a run coordinates, and what for.
  /** The run's permissions; its permission requests, which wait for the user's answer. */
  approvals: ApprovalsPort;
  /** Whether the repository is trusted, the claude binary the run starts, Arbor's own hooks. */
  trust: TrustPort;
  /** The prompt's plan. */
  plans: PlansPort;
  /** The prompt's ledger; what the user's message and the answer state becomes proposals. */
  ledger: LedgerPort;
  /** The prompt's summary; the session's upkeep after the run. */
  memory: MemoryPort;
  /** The prompt's checks; the checks after a run that changed files. */
  repoChecks: ChecksPort;
  /** The prompt's workflow state; the inbox hearing how the run ended. */
  hookPolicies: HookPoliciesPort;
}

/**
 * Runs one queued send: rescan git, assemble the prompt, run `claude -p` in the worktree,
 * relay its events live, and store the answer and the run, whatever way it ends. The repository's
 * trust is checked when the run starts: unless it shows exactly what the user trusted, Claude runs
 * without the project's settings (its hooks, env, MCP servers, permission rules), keeping Arbor's
 * own hooks when the worktree has them installed.
 */
export async function executeRun(ctx: RunContext, job: RunJob, signal: AbortSignal): Promise<RunJobResult> {
  const { db } = ctx;
  const publish = (event: RunEvent) => ctx.runEvents.publish({ sessionId: job.sessionId, runId: job.runId, event });
  const settings = await getCachedEffectiveSettings(ctx, job.repoId);
  const startedAt = new Date();
  const assistant = await db.chatMessage.create({
    data: { sessionId: job.sessionId, role: "assistant", content: "", status: "streaming", runId: job.runId },
  });
  await db.agentRun.update({
    where: { id: job.runId },
    data: { status: "running", startedAt, assistantMessageId: assistant.id },
  });
  publishWorktreeActivity(ctx.hub, job, "running");

  const end = (outcome: RunEnd, scan: WorktreeScan | null) =>
    finishRun(ctx, { job, assistantMessageId: assistant.id, startedAt, outcome, publish }).then((status) => ({
      runId: job.runId,
      assistantMessageId: assistant.id,
      status,
      scan,
    }));

  if (!existsSync(job.worktreePath)) {
    publish({ kind: "started", claudeSessionId: "", pid: null });
    return end(
      failure(
        "worktree_missing",
        `The worktree directory ${job.worktreePath} no longer exists. Restore it (or rescan and open another worktree); your message is kept.`,
      ),
      null,
    );
  }
  let started: { conversation: StartedConversation; claudeSessionId: string };
  try {
    const plan = await planConversation(ctx, { ...job, settings });
    if (plan.notice) publish({ kind: "notice", message: plan.notice });
    // A CLI kept warm for this worktree (booted while the user typed) if nothing changed since;
    // otherwise one starts now and boots while git is rescanned and the prompt assembled.
    const warm = ctx.warmPool.take({ worktreePath: job.worktreePath, key: plan.key });
    const claudeSessionId = warm?.claudeSessionId ?? randomUUID();
    started = warm ?? { conversation: plan.start(claudeSessionId), claudeSessionId };
    await db.agentRun.update({ where: { id: job.runId }, data: { claudeSessionId } });
    await ctx.hookIngest.linkRun({ sessionId: claudeSessionId, runId: job.runId });
    publish({ kind: "started", claudeSessionId, pid: null });
  } catch (error) {
    if (!isAppError(error)) throw error;
    publish({ kind: "started", claudeSessionId: "", pid: null });
    return end(failure("invalid_settings", error.message), null);
  }

  const preparing = preparePrompt(ctx, { job, settings });
  // The worktree's files before Claude sees the prompt, written while the prompt is assembled.
  const checkpointed = takeRunCheckpoint(ctx, { job, phase: "start" });
  const tools = createToolCallCollector();
  const partial = createPartialTextWriter(db, assistant.id);
  const approvalRun = {
    runId: job.runId,
    sessionId: job.sessionId,
    repoId: job.repoId,
    worktreePath: job.worktreePath,
  };
  let streamedText = "";
  const running = started.conversation.bind({
    prompt: Promise.all([preparing, checkpointed]).then(([prepared]) => prepared.text),
    signal,
    conversation: {
      onPermissionRequest: (request) =>
        ctx.approvals.ask({ run: approvalRun, request, timeoutMs: settings.approvalTimeoutSeconds * 1000 }),
      onPermissionClosed: (requestId, reason) =>
        void ctx.approvals
          .close({ runId: job.runId, cliRequestId: requestId, reason })
          .catch((error: unknown) => console.error("[arbor] closing an approval failed", error)),
    },
    onEvent: (event) => {
      for (const runEvent of toRunEvents(event)) {
        tools.add(runEvent);
        publish(runEvent);
        if (runEvent.kind === "text_delta") {
          streamedText += runEvent.text;
          partial.update(streamedText);
        }
      }
    },
  });
  const prepared = await preparing.then(
    (value) => ({ value, error: null }),
    (error: unknown) => ({ value: null, error }),
  );
  if (!prepared.value) {
    await running.catch(() => null); // stopped because the prompt could not be built; that error is reported below
    await Promise.all([partial.stop(), checkpointed]);
    if (!isAppError(prepared.error)) throw prepared.error;
    return end(
      failure(prepared.error.code === "git_failed" ? "git_failed" : "invalid_settings", prepared.error.message),
      null,
    );
  }
  const outcome = await running;
  await partial.stop();
  const start = await checkpointed;
  const changed = compareRunCheckpoints(start, await takeRunCheckpoint(ctx, { job, phase: "end", start }));
  if (outcome.invalidLineCount > 0) {
    console.warn(
      `[arbor] run ${job.runId}: ${outcome.invalidLineCount} non-JSON line(s) on claude's stdout (ignored); see the run's stdout snippet`,
    );
  }
  const result = await end(
    { kind: "outcome", outcome, toolCalls: tools.list(), changedWorktree: changed?.worktree ?? null },
    prepared.value.scan,
  );
  // The run changed files: the run manager schedules the repository's checks once the run is done.
  return { ...result, hasChangedFiles: changed?.files ?? false };
}

function failure(errorKind: string, message: string): RunEnd {
  return { kind: "failed_before_start", errorKind, message };
}

export type { RunOutcome };
