import type PgBoss from "pg-boss";
import { z } from "zod";
import { AppError } from "@/lib/errors/app-error.ts";
import type { RepoOwner } from "@/lib/team/ownership.ts";
import { signCommand } from "./command-signature.ts";
import type { CommandEnvelope, CommandReply, TeamCommands } from "./team-command.ts";

/** How long an instance waits for the owner's answer before it says the owner did not answer. */
export const COMMAND_TIMEOUT_MS = 15_000;
/** How often the queue is read without a notice (a lost NOTIFY costs at most this much). */
const FALLBACK_POLL_MS = 2_000;
/** A command the owner has not taken by then is dropped by the queue: it never runs late. */
const COMMAND_RETENTION_SECONDS = 60;

/** Each instance's command queue. */
export const commandQueueName = (instanceId: string): string => `arbor-commands-${instanceId}`;

/** What the service tells the other instances: a command waits for its owner, or one is answered. */
export type CommandSignal = { kind: "command"; to: string; jobId: string } | { kind: "command_done"; jobId: string };

/** The service as the team feed drives it, besides asking (TeamCommands). */
export interface CommandService extends TeamCommands {
  /** A command for this instance was queued: read the queue now. */
  wake(): void;
  /** A command this instance asked for may be answered: look now. */
  settled(jobId: string): void;
  close(): Promise<void>;
}

const replySchema = z.object({ status: z.number().int().min(100).max(599), body: z.unknown() });

/**
 * Commands between instances over pg-boss: each instance reads its own queue (woken by a NOTIFY,
 * and every FALLBACK_POLL_MS without one) and runs what it takes with `run`; the asking instance
 * waits for the job's stored reply. A command is tried once (a send must not run twice) and expires
 * unread after COMMAND_RETENTION_SECONDS, so an owner that was down never runs it late.
 */
export async function startCommandService(input: {
  boss: PgBoss;
  instanceId: string;
  run: (data: unknown) => Promise<CommandReply>;
  signal: (signal: CommandSignal) => void;
  log: (line: string) => void;
  timeoutMs?: number;
  /** The team's key: every command this instance sends is signed with it (null: not signed). */
  teamKey?: string | null;
}): Promise<CommandService> {
  const { boss } = input;
  const ownQueue = commandQueueName(input.instanceId);
  await boss.createQueue(ownQueue, {
    name: ownQueue,
    retryLimit: 0,
    expireInSeconds: 60,
    retentionSeconds: COMMAND_RETENTION_SECONDS,
  });
  const waiters = new Map<string, () => void>();
  let isClosed = false;
  let draining: Promise<void> | null = null;
  let isWokenAgain = false;

  const takeOne = async (job: PgBoss.Job<object>): Promise<void> => {
    const reply = await input.run(job.data);
    await boss.complete(ownQueue, job.id, reply as unknown as object);
    input.signal({ kind: "command_done", jobId: job.id });
  };
  const drain = async (): Promise<void> => {
    do {
      isWokenAgain = false;
      const jobs = await boss.fetch<object>(ownQueue, { batchSize: 8 });
      await Promise.all(jobs.map((job) => takeOne(job)));
      if (jobs.length === 8) isWokenAgain = true;
    } while (isWokenAgain && !isClosed);
  };
  const wake = (): void => {
    if (isClosed) return;
    if (draining) {
      isWokenAgain = true;
      return;
    }
    draining = drain()
      .catch((error: Error) => input.log(`team commands: the queue could not be read: ${error.message}`))
      .finally(() => (draining = null));
  };
  const poll = setInterval(wake, FALLBACK_POLL_MS);
  poll.unref();
  wake();

  return {
    wake,
    settled: (jobId) => waiters.get(jobId)?.(),
    async request(owner: RepoOwner, envelope: CommandEnvelope): Promise<CommandReply> {
      if (!owner.instanceId) throw new AppError("internal", "The repository's owner has no instance id.");
      const queue = commandQueueName(owner.instanceId);
      const signed = input.teamKey ? { ...envelope, sig: signCommand(envelope, { key: input.teamKey }) } : envelope;
      const jobId = await sendTo(boss, queue, signed, owner);
      input.signal({ kind: "command", to: owner.instanceId, jobId });
      const reply = await waitForReply({
        boss,
        queue,
        jobId,
        waiters,
        timeoutMs: input.timeoutMs ?? COMMAND_TIMEOUT_MS,
      });
      return reply ?? (await giveUp(boss, { queue, jobId, owner }));
    },
    async close() {
      isClosed = true;
      clearInterval(poll);
      await draining;
      for (const settle of waiters.values()) settle();
    },
  };
}

async function sendTo(boss: PgBoss, queue: string, envelope: CommandEnvelope, owner: RepoOwner): Promise<string> {
  const jobId = await boss.send(queue, envelope, { retryLimit: 0 }).catch((error: Error) => {
    if (/does not exist/i.test(error.message)) throw ownerCannotTakeCommands(owner);
    throw error;
  });
  if (!jobId) throw new AppError("internal", "The request could not be queued for its owner.");
  return jobId;
}

/** The reply once the owner stored it; null when it did not within the time. */
async function waitForReply(input: {
  boss: PgBoss;
  queue: string;
  jobId: string;
  waiters: Map<string, () => void>;
  timeoutMs: number;
}): Promise<CommandReply | null> {
  const deadline = Date.now() + input.timeoutMs;
  let timer: NodeJS.Timeout | undefined;
  try {
    while (Date.now() < deadline) {
      // Listening before reading: a notice that comes while the job is read is not missed.
      const woken = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, Math.min(FALLBACK_POLL_MS, Math.max(0, deadline - Date.now())));
        input.waiters.set(input.jobId, resolve);
      });
      const job = await input.boss.getJobById<object>(input.queue, input.jobId);
      if (job?.state === "completed") return replySchema.parse(job.output);
      if (job && job.state !== "created" && job.state !== "active") return null;
      // Woken by the owner's notice, or after a while without one (a notice can be lost).
      await woken;
      clearTimeout(timer);
    }
    return null;
  } finally {
    clearTimeout(timer);
    input.waiters.delete(input.jobId);
  }
}

/**
 * No reply in time: the command is withdrawn if it was not taken, and the user told which. One
 * answered in the meantime is returned after all.
 */
async function giveUp(boss: PgBoss, input: { queue: string; jobId: string; owner: RepoOwner }): Promise<CommandReply> {
  const { owner } = input;
  const before = await boss.getJobById<object>(input.queue, input.jobId);
  if (before?.state === "created") await boss.cancel(input.queue, input.jobId);
  const job = await boss.getJobById<object>(input.queue, input.jobId);
  if (job?.state === "completed") return replySchema.parse(job.output);
  const where = `Arbor "${owner.label}" on ${owner.hostName}`;
  if (job?.state === "active") {
    throw new AppError(
      "unavailable",
      `${where} took the request but has not answered yet. Look at the conversation before you try again, so it is not done twice.`,
      { details: { instanceId: owner.instanceId, isTaken: true } },
    );
  }
  throw new AppError(
    "unavailable",
    `${where} did not take the request in time: it may be stopped, or cut off from the database. Nothing was done there; try again once it runs.`,
    { details: { instanceId: owner.instanceId, isTaken: false } },
  );
}

function ownerCannotTakeCommands(owner: RepoOwner): AppError {
  return new AppError(
    "unavailable",
    `Arbor "${owner.label}" on ${owner.hostName} has not yet run a version that takes requests from other Arbors. Update and restart it there, then try again.`,
    { details: { instanceId: owner.instanceId } },
  );
}
