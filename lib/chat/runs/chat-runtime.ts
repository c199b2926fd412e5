import { randomUUID } from "node:crypto";
import type { Db } from "@/lib/db/client.ts";
import { defaultConcurrency } from "@/lib/agent/agent-concurrency.ts";
import { readMachineFacts } from "@/lib/agent/read-machine-facts.ts";
import { getCachedSettings, type SettingsCache } from "@/lib/settings/settings-store.ts";
import { executeRun, type RunContext } from "./execute-run.ts";
import { publishWorktreeActivity, publishWorktreeIdle } from "./run-activity.ts";
import { readFinishedViews } from "./finished-views.ts";
import { captureUserMessage, recordAnswerDecisions } from "./record-answer-decisions.ts";
import type { RunJob, RunJobResult } from "./run-job.ts";
import { RunManager, type WorktreeClosure } from "./run-manager.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import type { CheckRunView } from "@/lib/realtime/check-views.ts";
import { readGitDirFromFiles, readOperationFiles } from "@/lib/git/read/read-operation-in-progress.ts";

/** Told the results of the checks a run's changes started (lib/context wires the auto-fix here). */
export type ChecksAfterRun = (input: { job: RunJob; runs: RunManager; results: CheckRunView[] }) => void;

/**
 * The run manager of a runtime context (lib/context): each run gets the parts of the context that
 * RunContext names, and nothing else. After a run, what it said goes to the ledger and its session's
 * upkeep starts; a run that changed files has the repository's checks run (`repoChecks`), whose
 * results go to `onChecksFinished`.
 */
export function createRunManager(ctx: RunContext, options: { onChecksFinished?: ChecksAfterRun } = {}): RunManager {
  const manager: RunManager = new RunManager({
    // With no number set, this machine decides, measured again at each send (the warm CLIs' footprint).
    machineDefault: () => defaultConcurrency(readMachineFacts(ctx.warmPool.describe())).concurrency,
    execute: async (job, signal) => {
      await captureUserMessage(ctx, job);
      const result = await executeRun(ctx, job, signal);
      if (result.assistantMessageId !== null)
        await recordAnswerDecisions(ctx, { job, assistantMessageId: result.assistantMessageId });
      // Upkeep runs in the background after the answer is stored (marked running before the send
      // answers, so a client can wait for it); it notes failures in the chat.
      ctx.memory.startUpkeep(job.sessionId);
      // Scheduled once the run's own work is done: by the time the checks end, this run no longer
      // counts as busy, so their auto-fix may send the next message.
      if (result.hasChangedFiles) {
        const tell = options.onChecksFinished;
        ctx.repoChecks.afterRun({
          repoId: job.repoId,
          worktreePath: job.worktreePath,
          onFinished: tell && ((results) => tell({ job, runs: manager, results })),
        });
      }
      return result;
    },
    onQueued: (job, position, reason) => {
      ctx.runEvents.publish({
        sessionId: job.sessionId,
        runId: job.runId,
        event: { kind: "queued", position, reason, userMessageId: job.userMessageId },
      });
      publishWorktreeActivity(ctx.hub, job, "queued");
    },
    onCancelledWhileQueued: (job) => cancelQueuedRun(ctx, job),
    // "idle" is said here, once the worktree is free (its answer stored, its decisions recorded),
    // not when the answer is stored: a client reading the activity in between would hear "running"
    // and keep it until the next event (a stale badge, Commit held back).
    onIdle: (job, result) => void publishWorktreeIdle(ctx, job, result?.status ?? "failed"),
  });
  return manager;
}

async function cancelQueuedRun(ctx: RunContext, job: RunJob): Promise<RunJobResult> {
  const { db } = ctx;
  const now = new Date();
  const message = await db.chatMessage.create({
    data: { sessionId: job.sessionId, role: "assistant", content: "", status: "cancelled", runId: job.runId },
  });
  await db.agentRun.update({
    where: { id: job.runId },
    data: {
      status: "cancelled",
      errorKind: "cancelled",
      errorMessage: "Cancelled before it started. Your message is kept; send it again when you want an answer.",
      finishedAt: now,
      assistantMessageId: message.id,
    },
  });
  ctx.runEvents.publish({
    sessionId: job.sessionId,
    runId: job.runId,
    event: {
      kind: "finished",
      status: "cancelled",
      errorKind: "cancelled",
      userMessage: null,
      assistantMessageId: message.id,
      ...(await readFinishedViews(db, { runId: job.runId, assistantMessageId: message.id })),
    },
  });
  await publishWorktreeIdle(ctx, job, "cancelled");
  return { runId: job.runId, assistantMessageId: message.id, status: "cancelled", scan: null };
}

/** What queueing a run touches: the database and the context's run manager. */
export interface QueueContext {
  db: Db;
  runs: RunManager;
  /** The concurrency limit is read from Settings at each queueing, through the cache. */
  settingsCache: SettingsCache;
}

/**
 * Creates the run row (queued) for a stored user message and hands it to the run manager. Resolves as soon
 * as the run is queued, with its id and its end (a send answers at once; the answer streams over the
 * WebSocket). A worktree that a land, a removal or a setup holds refuses the run before it is queued.
 */
export async function queueRun(
  ctx: QueueContext,
  input: Omit<RunJob, "runId">,
): Promise<{ runId: string; finished: Promise<RunJobResult> }> {
  const { db, runs: manager } = ctx;
  await assertNoRebaseStopped(input.worktreePath);
  const closure = manager.closureOf(input.worktreePath);
  if (closure) throw worktreeClosed(closure);
  const run = await db.agentRun.create({
    data: {
      sessionId: input.sessionId,
      repoId: input.repoId,
      worktreePath: input.worktreePath,
      userMessageId: input.userMessageId,
      claudeSessionId: randomUUID(),
      inputPromptDigest: "",
      status: "queued",
    },
  });
  manager.setMaxConcurrent((await getCachedSettings(ctx)).maxConcurrentRuns);
  // Checked again in the same tick as the submit: nothing can close the worktree in between.
  const closedMeanwhile = manager.closureOf(input.worktreePath);
  if (closedMeanwhile) {
    const refusal = worktreeClosed(closedMeanwhile);
    await db.agentRun.update({
      where: { id: run.id },
      data: { status: "failed", errorMessage: refusal.message, finishedAt: new Date() },
    });
    throw refusal;
  }
  return { runId: run.id, finished: manager.submit({ runId: run.id, ...input }) };
}

/** queueRun, resolving when the run has ended (Arbor's own sends on the user's behalf, tests). */
export async function submitRun(ctx: QueueContext, input: Omit<RunJob, "runId">): Promise<RunJobResult> {
  return (await queueRun(ctx, input)).finished;
}

function worktreeClosed(closure: WorktreeClosure): AppError {
  const why = {
    landing:
      "Arbor is landing a branch in this worktree (git is merging or rebasing here), so Claude was not started (your message is kept). Send again once the land is done.",
    abort:
      "Arbor is aborting a rebase or merge in this worktree, so Claude was not started (your message is kept). Send again once it is done.",
    reclaim:
      "Arbor is deleting this worktree's dependency folders (Tidy up), so Claude was not started (your message is kept). Send again once it is done; reinstall the dependencies if the task needs them.",
    setup:
      "Arbor is still setting up this new worktree (copying files, running the setup command), so Claude was not started (your message is kept). Send again once the setup is done.",
    removal:
      "This worktree is being removed, so Claude was not started (your message is kept). Open another worktree, or wait and send again if the removal was refused.",
  }[closure];
  return new AppError("conflict", why, { details: { closure } });
}

/**
 * Claude does not run in a worktree where a rebase is stopped half way (Arbor's land by rebase, or
 * the user's in a terminal): HEAD is detached on a commit being replayed, and edits would land in
 * the middle of it. Read from the git dir's files, no git process.
 */
async function assertNoRebaseStopped(worktreePath: string): Promise<void> {
  const gitDir = await readGitDirFromFiles(worktreePath);
  const state = gitDir ? await readOperationFiles(gitDir) : null;
  if (state?.operation !== "rebase") return;
  const branch = state.headName?.replace(/^refs\/heads\//, "") ?? "this branch";
  throw new AppError(
    "conflict",
    `A rebase of ${branch} is stopped in this worktree${state.stoppedAt ? ` at ${state.stoppedAt.slice(0, 7)}` : ""}, so Claude was not started (your message is kept). Abort the rebase from the worktree list ("Rebase stopped…" → Abort), or finish it in a terminal (\`git rebase --continue\`), then send again.`,
    { details: { operation: "rebase" } },
  );
}
