import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import type { Db } from "@/lib/db/client.ts";
import type { CheckRunView } from "@/lib/realtime/check-views.ts";
import { repoTopic, type EventHub } from "@/lib/realtime/event-hub.ts";
import type { CheckSpec } from "@/lib/checks/check-setting.ts";
import { findPassingRun, toCheckRunView, type CheckRunRow } from "@/lib/checks/check-run-store.ts";
import { describeCheckOutcome } from "./describe-check-outcome.ts";
import { runCheckCommand } from "./run-check-command.ts";
import { createCheckOutputStream } from "./stream-check-output.ts";

/** What a batch touches: its rows, and the browsers its results and output go to. */
export interface CheckRunContext {
  db: Db;
  hub: EventHub;
}

/** The files a batch tests, as git objects: what the cache is keyed by. */
export interface TestedTree {
  tree: string;
  head: string | null;
  isDirty: boolean;
}

/**
 * Starts one batch of checks on one tree: a row per check, `running`, or `passed` at once when the
 * same command passed on exactly this tree before (the cache). Returns the rows and `done`, which
 * runs the others one after another in `cwd` and resolves with every final result. After a
 * cancelled one, the rest are cancelled without starting. `preamble` (what was done to `cwd`
 * first, in Arbor's words) opens the output of each check that runs.
 */
export async function startCheckBatch(
  ctx: CheckRunContext,
  input: {
    repoId: string;
    worktreePath: string;
    cwd: string;
    purpose: "worktree" | "land";
    checks: readonly CheckSpec[];
    tested: TestedTree;
    signal: AbortSignal;
    preamble?: string;
  },
): Promise<{ runs: CheckRunView[]; done: Promise<CheckRunView[]> }> {
  const { db, hub } = ctx;
  const batchId = randomUUID();
  const { repoId, worktreePath, tested } = input;
  const base = { repoId, worktreePath, batchId, purpose: input.purpose, treeSha: tested.tree };
  const rows: Array<{ row: CheckRunRow; check: CheckSpec }> = [];
  for (const check of input.checks) {
    const cached = await findPassingRun(db, { repoId, tree: tested.tree, command: check.command });
    const row = await db.checkRun.create({
      data: {
        ...base,
        name: check.name,
        command: check.command,
        headSha: tested.head,
        isDirty: tested.isDirty,
        ...(cached
          ? {
              status: "passed",
              exitCode: cached.exitCode,
              output: cached.output,
              droppedBytes: cached.droppedBytes,
              cachedFromId: cached.cachedFromId ?? cached.id,
              finishedAt: new Date(),
            }
          : { status: "running" }),
      },
    });
    rows.push({ row, check });
    publishRun(hub, { repoId, worktreePath, run: toCheckRunView(row) });
  }
  const done = (async () => {
    const results: CheckRunView[] = [];
    for (const { row, check } of rows) {
      if (row.status !== "running") results.push(toCheckRunView(row));
      else
        results.push(
          await runOne(ctx, { row, check, cwd: input.cwd, signal: input.signal, preamble: input.preamble ?? "" }),
        );
    }
    return results;
  })();
  return { runs: rows.map(({ row }) => toCheckRunView(row)), done };
}

async function runOne(
  ctx: CheckRunContext,
  input: { row: CheckRunRow; check: CheckSpec; cwd: string; signal: AbortSignal; preamble: string },
): Promise<CheckRunView> {
  const { row, check } = input;
  const stream = createCheckOutputStream(ctx.hub, {
    repoId: row.repoId,
    worktreePath: row.worktreePath,
    checkRunId: row.id,
    name: row.name,
  });
  const result = await runCheckCommand({
    command: check.command,
    cwd: input.cwd,
    timeoutSeconds: check.timeoutSeconds,
    signal: input.signal,
    preamble: input.preamble,
    onOutput: (text) => stream.write(text),
  });
  stream.close();
  const outcome = describeCheckOutcome({ check, result, isFolderGone: !existsSync(input.cwd) });
  const { status } = outcome;
  // A signal aborted with a sentence says who cancelled (a cancelled land), instead of "a newer run".
  const reason: unknown = input.signal.reason;
  const message = status === "cancelled" && typeof reason === "string" ? reason : outcome.message;
  const finished = await ctx.db.checkRun.update({
    where: { id: row.id },
    data: {
      status,
      message,
      exitCode: result.exitCode,
      output: result.output,
      droppedBytes: result.droppedBytes,
      finishedAt: new Date(),
    },
  });
  const view = toCheckRunView(finished);
  publishRun(ctx.hub, { repoId: row.repoId, worktreePath: row.worktreePath, run: view });
  return view;
}

/** Every state a check's row takes (running, its end, a cache answer) goes to the repository's browsers whole. */
function publishRun(hub: EventHub, input: { repoId: string; worktreePath: string; run: CheckRunView }): void {
  hub.publish(repoTopic(input.repoId), { type: "check_run", ...input });
}
