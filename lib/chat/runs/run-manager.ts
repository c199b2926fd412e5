import type { RunJob, RunJobResult } from "./run-job.ts";

type Executor = (job: RunJob, signal: AbortSignal) => Promise<RunJobResult>;

/**
 * Why a run waits: its worktree's earlier run is not over (one claude per worktree), or every agent
 * slot is taken (`running` of `max`, the "concurrent runs" setting).
 */
export type QueueReason = { kind: "worktree" } | { kind: "slots"; running: number; max: number };

/** A run waits at `position` (1 = next) for `reason`; told again whenever either changes. */
type QueueListener = (job: RunJob, position: number, reason: QueueReason) => void;
/** The worktree of `job` has nothing running or queued any more; `result` is how its last run ended (null: it threw). */
type IdleListener = (job: RunJob, result: RunJobResult | null) => void;

interface Waiting {
  job: RunJob;
  resolve: (result: RunJobResult) => void;
  reject: (error: unknown) => void;
}

/**
 * One run at a time per worktree, up to `maxConcurrent` worktrees at once. A second send to a
 * busy worktree waits in order (and can be cancelled while it waits); sends to other
 * worktrees start at once while there is room. Never two claude processes in one worktree.
 */
export class RunManager {
  readonly #waiting: Waiting[] = [];
  readonly #running = new Map<string, { job: RunJob; controller: AbortController; done: Promise<unknown> }>();
  /** Worktrees git is landing into or removing: nothing may start or queue in them until reopened. */
  readonly #closed = new Map<string, WorktreeClosure[]>();
  /** What each waiting run was last told (position and reason), so it is told again only on a change. */
  readonly #told = new Map<string, string>();
  #maxConcurrent: number;

  private readonly machineDefault: () => number;
  private readonly execute: Executor;
  private readonly onQueued: QueueListener;
  private readonly onCancelledWhileQueued: (job: RunJob) => Promise<RunJobResult>;
  private readonly onIdle: IdleListener;

  constructor(input: {
    /** How many at once when no number is set (the machine's default); 4 unless given. */
    machineDefault?: () => number;
    execute: Executor;
    onQueued: QueueListener;
    onCancelledWhileQueued: (job: RunJob) => Promise<RunJobResult>;
    /** Told when a worktree is free again: what stateOf says from then on (its last run's own work is done). */
    onIdle?: IdleListener;
  }) {
    this.machineDefault = input.machineDefault ?? (() => 4);
    this.#maxConcurrent = this.machineDefault();
    this.execute = input.execute;
    this.onQueued = input.onQueued;
    this.onCancelledWhileQueued = input.onCancelledWhileQueued;
    this.onIdle = input.onIdle ?? (() => {});
  }

  /** The "agents at once" setting: a number, or null for the machine's default. */
  setMaxConcurrent(value: number | null): void {
    this.#maxConcurrent = Math.max(1, value ?? this.machineDefault());
  }

  submit(job: RunJob): Promise<RunJobResult> {
    const closure = this.closureOf(job.worktreePath);
    if (closure) return Promise.reject(new WorktreeClosedError(job.worktreePath, closure));
    return new Promise((resolve, reject) => {
      this.#waiting.push({ job, resolve, reject });
      this.#pump();
    });
  }

  /** Cancels a queued or running run. Returns false when the run is unknown or already over. */
  cancel(runId: string): boolean {
    const running = this.#running.get(runId);
    if (running) {
      running.controller.abort();
      return true;
    }
    const index = this.#waiting.findIndex((entry) => entry.job.runId === runId);
    if (index === -1) return false;
    const [entry] = this.#waiting.splice(index, 1);
    this.#told.delete(runId);
    this.onCancelledWhileQueued(entry!.job).then(entry!.resolve, entry!.reject);
    this.#tellWaiting();
    return true;
  }

  /**
   * Refuses every new run in the worktree (submit rejects with WorktreeClosedError, which says
   * why) until the returned function reopens it: a land or a removal holds it closed while git
   * changes it (lib/worktrees/worktree-holds.ts).
   */
  closeWorktree(worktreePath: string, why: WorktreeClosure = "removal"): () => void {
    this.#closed.set(worktreePath, [...(this.#closed.get(worktreePath) ?? []), why]);
    let isOpen = false;
    return () => {
      if (isOpen) return;
      isOpen = true;
      const closures = [...(this.#closed.get(worktreePath) ?? [])];
      closures.splice(closures.indexOf(why), 1);
      if (closures.length === 0) this.#closed.delete(worktreePath);
      else this.#closed.set(worktreePath, closures);
    };
  }

  isClosed(worktreePath: string): boolean {
    return this.#closed.has(worktreePath);
  }

  /** Why the worktree is closed to new runs (the latest closure), or null when it is open. */
  closureOf(worktreePath: string): WorktreeClosure | null {
    return this.#closed.get(worktreePath)?.at(-1) ?? null;
  }

  stateOf(worktreePath: string): "running" | "queued" | "idle" {
    if (this.#isWorktreeRunning(worktreePath)) return "running";
    return this.#waiting.some((entry) => entry.job.worktreePath === worktreePath) ? "queued" : "idle";
  }

  runningCount(): number {
    return this.#running.size;
  }

  /** Runs accepted but waiting for a slot or for their worktree. */
  waitingCount(): number {
    return this.#waiting.length;
  }

  /** How many run at once now: the "agents at once" setting, or the machine's default. */
  maxConcurrent(): number {
    return this.#maxConcurrent;
  }

  /** Cancels everything and waits until every running process is gone. */
  async shutdown(): Promise<void> {
    this.#told.clear();
    for (const entry of this.#waiting.splice(0))
      this.onCancelledWhileQueued(entry.job).then(entry.resolve, entry.reject);
    const done = [...this.#running.values()].map((running) => {
      running.controller.abort();
      return running.done;
    });
    await Promise.allSettled(done);
  }

  #pump(): void {
    for (let index = 0; index < this.#waiting.length && this.#running.size < this.#maxConcurrent;) {
      const entry = this.#waiting[index]!;
      if (this.#isWorktreeRunning(entry.job.worktreePath)) {
        index += 1;
        continue;
      }
      this.#waiting.splice(index, 1);
      this.#told.delete(entry.job.runId);
      this.#start(entry);
    }
    this.#tellWaiting();
  }

  /** Tells each waiting run its place and why it waits, when either changed since it was last told. */
  #tellWaiting(): void {
    const ahead = new Set<string>();
    this.#waiting.forEach(({ job }, index) => {
      const reason: QueueReason =
        this.#isWorktreeRunning(job.worktreePath) || ahead.has(job.worktreePath)
          ? { kind: "worktree" }
          : { kind: "slots", running: this.#running.size, max: this.#maxConcurrent };
      ahead.add(job.worktreePath);
      const told = JSON.stringify([index + 1, reason]);
      if (this.#told.get(job.runId) === told) return;
      this.#told.set(job.runId, told);
      this.onQueued(job, index + 1, reason);
    });
  }

  #isWorktreeRunning(worktreePath: string): boolean {
    for (const { job } of this.#running.values()) if (job.worktreePath === worktreePath) return true;
    return false;
  }

  #start(entry: Waiting): void {
    const controller = new AbortController();
    const release = (result: RunJobResult | null) => {
      this.#running.delete(entry.job.runId);
      this.#pump();
      if (this.stateOf(entry.job.worktreePath) === "idle") this.onIdle(entry.job, result);
    };
    // Release the worktree before settling, so whoever awaits the result sees it idle.
    const done = this.execute(entry.job, controller.signal).then(
      (result) => {
        release(result);
        entry.resolve(result);
      },
      (error: unknown) => {
        release(null);
        entry.reject(error);
      },
    );
    this.#running.set(entry.job.runId, { job: entry.job, controller, done });
  }
}

/** What git is doing to a worktree closed to new runs. */
export type WorktreeClosure = "removal" | "landing" | "abort" | "reclaim" | "setup";

/** A run was submitted to a worktree that is being landed into, rebased or removed. */
export class WorktreeClosedError extends Error {
  constructor(
    readonly worktreePath: string,
    readonly closure: WorktreeClosure,
  ) {
    super(`${worktreePath} is closed to new runs (${closure})`);
    this.name = "WorktreeClosedError";
  }
}
