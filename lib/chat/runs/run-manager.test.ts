import { describe, expect, it } from "vitest";
import type { RunJob, RunJobResult } from "./run-job.ts";
import { RunManager, WorktreeClosedError, type QueueReason } from "./run-manager.ts";

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

function setup(maxConcurrent: number | null, machineDefault?: () => number) {
  const started: string[] = [];
  const gates = new Map<string, ReturnType<typeof deferred<void>>>();
  const queued: Array<[string, number]> = [];
  const reasons: Array<[string, number, QueueReason]> = [];
  const cancelledQueued: string[] = [];
  /** Each onIdle: the run, how it ended, and what stateOf said at that moment. */
  const idle: Array<[string, string | null, string]> = [];
  const manager = new RunManager({
    ...(machineDefault ? { machineDefault } : {}),
    execute: async (job, signal) => {
      started.push(job.runId);
      const gate = deferred<void>();
      gates.set(job.runId, gate);
      signal.addEventListener("abort", () => gate.resolve());
      await gate.promise;
      return { runId: job.runId, assistantMessageId: 1, status: signal.aborted ? "cancelled" : "success" };
    },
    onQueued: (job, position, reason) => {
      queued.push([job.runId, position]);
      reasons.push([job.runId, position, reason]);
    },
    onCancelledWhileQueued: (job): Promise<RunJobResult> => {
      cancelledQueued.push(job.runId);
      return Promise.resolve({ runId: job.runId, assistantMessageId: null, status: "cancelled" });
    },
    onIdle: (job, result) => idle.push([job.runId, result?.status ?? null, manager.stateOf(job.worktreePath)]),
  });
  manager.setMaxConcurrent(maxConcurrent);
  const job = (runId: string, worktreePath: string): RunJob => ({
    runId,
    sessionId: "s",
    repoId: "r",
    worktreePath,
    userMessageId: 1,
  });
  return { manager, started, gates, queued, reasons, cancelledQueued, idle, job };
}

describe("RunManager", () => {
  it("says a worktree is idle once, when its last queued run is over and stateOf says so", async () => {
    const { manager, gates, idle, job } = setup(4);
    const first = manager.submit(job("a1", "/wt/a"));
    const second = manager.submit(job("a2", "/wt/a"));
    gates.get("a1")!.resolve();
    await first;
    // The next queued run took the worktree: not idle yet.
    expect(idle).toEqual([]);
    gates.get("a2")!.resolve();
    await second;
    expect(idle).toEqual([["a2", "success", "idle"]]);
  });

  it("refuses every run in a worktree while it is closed (saying why), other worktrees unaffected, until every closure reopened it", async () => {
    const { manager, started, job } = setup(4);
    const reopen = manager.closeWorktree("/wt/gone", "landing");
    const secondHold = manager.closeWorktree("/wt/gone", "removal");
    const refused = manager.submit(job("refused", "/wt/gone"));
    await expect(refused).rejects.toBeInstanceOf(WorktreeClosedError);
    // The latest closure says why.
    await expect(refused).rejects.toMatchObject({ closure: "removal" });
    void manager.submit(job("elsewhere", "/wt/other"));
    expect(started).toEqual(["elsewhere"]);
    expect(manager.stateOf("/wt/gone")).toBe("idle");
    secondHold();
    secondHold();
    expect(manager.closureOf("/wt/gone")).toBe("landing");
    reopen();
    expect(manager.isClosed("/wt/gone")).toBe(false);
    void manager.submit(job("after", "/wt/gone"));
    expect(started).toEqual(["elsewhere", "after"]);
  });

  it("runs one job per worktree at a time, in submission order", async () => {
    const { manager, started, gates, queued, job } = setup(4);
    const first = manager.submit(job("a1", "/wt/a"));
    const second = manager.submit(job("a2", "/wt/a"));
    expect(started).toEqual(["a1"]);
    expect(queued).toEqual([["a2", 1]]);
    expect(manager.stateOf("/wt/a")).toBe("running");
    gates.get("a1")!.resolve();
    await expect(first).resolves.toMatchObject({ status: "success" });
    expect(started).toEqual(["a1", "a2"]);
    gates.get("a2")!.resolve();
    await second;
    expect(manager.stateOf("/wt/a")).toBe("idle");
  });

  it("runs different worktrees in parallel up to the limit", () => {
    const { manager, started, job } = setup(2);
    void manager.submit(job("a", "/wt/a"));
    void manager.submit(job("b", "/wt/b"));
    void manager.submit(job("c", "/wt/c"));
    expect(started).toEqual(["a", "b"]);
    expect(manager.stateOf("/wt/c")).toBe("queued");
  });

  it("takes the machine's default when no number is set, asking the machine again at each change", () => {
    let machine = 1;
    const { manager, started, reasons, job } = setup(null, () => machine);
    void manager.submit(job("a", "/wt/a"));
    void manager.submit(job("b", "/wt/b"));
    expect(started).toEqual(["a"]);
    expect(reasons).toEqual([["b", 1, { kind: "slots", running: 1, max: 1 }]]);
    machine = 3;
    manager.setMaxConcurrent(null);
    void manager.submit(job("c", "/wt/c"));
    expect(started).toEqual(["a", "b", "c"]);
    manager.setMaxConcurrent(1);
    void manager.submit(job("d", "/wt/d"));
    expect(started).toEqual(["a", "b", "c"]);
  });

  it("tells a waiting run why it waits, and tells it again when its place or reason changes", async () => {
    const { manager, gates, reasons, job } = setup(2);
    const a1 = manager.submit(job("a1", "/wt/a"));
    void manager.submit(job("b1", "/wt/b"));
    void manager.submit(job("a2", "/wt/a"));
    void manager.submit(job("c1", "/wt/c"));
    void manager.submit(job("c2", "/wt/c"));
    expect(reasons).toEqual([
      ["a2", 1, { kind: "worktree" }],
      ["c1", 2, { kind: "slots", running: 2, max: 2 }],
      // Behind c1 in its own worktree: only c1's end lets it start.
      ["c2", 3, { kind: "worktree" }],
    ]);
    reasons.length = 0;
    gates.get("a1")!.resolve();
    await a1;
    // a2 took a1's slot; c1 and c2 moved up, c1 still for a slot.
    expect(reasons).toEqual([
      ["c1", 1, { kind: "slots", running: 2, max: 2 }],
      ["c2", 2, { kind: "worktree" }],
    ]);
  });

  it("lets a queued job start when a worktree ahead of it in the queue is busy", () => {
    const { manager, started, job } = setup(4);
    void manager.submit(job("a1", "/wt/a"));
    void manager.submit(job("a2", "/wt/a"));
    void manager.submit(job("b1", "/wt/b"));
    expect(started).toEqual(["a1", "b1"]);
  });

  it("cancels a queued job without running it, and a running one through its signal", async () => {
    const { manager, started, cancelledQueued, job } = setup(4);
    const running = manager.submit(job("a1", "/wt/a"));
    const waiting = manager.submit(job("a2", "/wt/a"));
    expect(manager.cancel("a2")).toBe(true);
    await expect(waiting).resolves.toMatchObject({ status: "cancelled" });
    expect(cancelledQueued).toEqual(["a2"]);
    expect(manager.cancel("a1")).toBe(true);
    await expect(running).resolves.toMatchObject({ status: "cancelled" });
    expect(started).toEqual(["a1"]);
    expect(manager.cancel("unknown")).toBe(false);
  });

  it("shutdown cancels queued jobs and waits for running ones", async () => {
    const { manager, job } = setup(1);
    const running = manager.submit(job("a", "/wt/a"));
    const waiting = manager.submit(job("b", "/wt/b"));
    await manager.shutdown();
    await expect(running).resolves.toMatchObject({ status: "cancelled" });
    await expect(waiting).resolves.toMatchObject({ status: "cancelled" });
    expect(manager.runningCount()).toBe(0);
  });
});
