import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { applyPendingMigrations } from "@/lib/db/apply-migrations.ts";
import { createDb, providerOf, type Db } from "@/lib/db/client.ts";
import { checkpointOffTheEventLoop } from "@/lib/db/wal-checkpointer.ts";
import { markInterruptedRuns } from "@/lib/chat/runs/mark-interrupted-runs.ts";
import { cancelAbandonedChecks } from "@/lib/checks/cancel-abandoned-checks.ts";
import { closeAbandonedApprovals } from "@/lib/approvals/approval-broker.ts";
import type { ArborConfig } from "@/lib/config/arbor-config.ts";
import type { RuntimeContext } from "@/lib/context/runtime-context.ts";
import { loadOrCreateHookToken } from "@/lib/hook-ingest/hook-files.ts";
import { childEnv } from "@/lib/process-host/child-env-source.ts";
import { installChildEnvSecrets } from "@/lib/process-host/current-process-host.ts";
import { installAccessToken } from "@/lib/config/access-token.ts";
import { writeHookScript } from "@/lib/hook-ingest/hook-script.ts";
import { replayHookSpool } from "@/lib/hook-ingest/replay-spool.ts";
import { startSpoolWatcher } from "@/lib/hook-ingest/spool-watcher.ts";
import { startRetentionSweeps } from "@/lib/retention/retention-schedule.ts";
import { receiveHookEvent } from "@/lib/hook-policies/receive-hook-event.ts";
import { getLocalInstance, publishInstanceUrl } from "@/lib/team/local-instance.ts";
import { offerRunnerAtStart } from "./offer-runner-at-start.ts";
import { prepareDataDir } from "./prepare-data-dir.ts";
import { startTeamMode } from "./team-feed.ts";
import { localServerUrl } from "./server-info.ts";
import type { ShutdownTask } from "./shutdown.ts";

export const projectRoot = fileURLToPath(new URL("..", import.meta.url));

/**
 * Start-up steps that must succeed before Arbor accepts a request, in this order. Resolves with
 * the configuration the server runs with (its access token read or generated in the data
 * directory) and the database client it passes on (ctx.db). What must stop at exit joins `shutdownTasks`.
 */
export async function runBootSteps(input: {
  config: ArborConfig;
  shutdownTasks: ShutdownTask[];
  log: (line: string) => void;
}): Promise<{ config: ArborConfig & { token: string }; db: Db }> {
  const { config, shutdownTasks, log } = input;
  prepareDataDir(config);
  // The data directory exists now (0700): the access token is read or generated there, and both
  // tokens are kept out of every child's environment from the first child on (child-env.ts).
  const serverConfig = installAccessToken(config);
  installChildEnvSecrets([loadOrCreateHookToken(config.dataDir), ...(config.teamKey ? [config.teamKey] : [])]);
  await assertGitAvailable();
  const { applied } = await applyPendingMigrations({ url: config.databaseUrl, root: projectRoot });
  if (applied.length) log(`applied migrations: ${applied.join(", ")}`);
  const db = createDb(config.databaseUrl, { busyTimeoutMs: config.dbBusyTimeoutMs, poolSize: config.dbPoolSize });
  // SQLite, WAL + NORMAL: commits do not fsync (the WAL is synced at checkpoints); safe against crashes.
  if (providerOf(db) === "sqlite") await db.$queryRawUnsafe("PRAGMA synchronous = NORMAL");
  // ...and a worker thread checkpoints the WAL: a checkpoint's fsyncs never block the event loop.
  const checkpointer = await checkpointOffTheEventLoop(db, { onFailure: log });
  if (checkpointer) shutdownTasks.push(() => checkpointer.close());
  // This process's identity (host name + data directory): a shared database's rows say whose they are.
  await getLocalInstance(db, { dataDir: config.dataDir });
  const interrupted = await markInterruptedRuns(db);
  if (interrupted) log(`marked ${interrupted} unfinished run(s) from an earlier process as interrupted`);
  const cancelledChecks = await cancelAbandonedChecks(db);
  if (cancelledChecks) log(`marked ${cancelledChecks} unfinished check(s) from an earlier process as cancelled`);
  const abandoned = await closeAbandonedApprovals(db);
  if (abandoned) log(`closed ${abandoned} unanswered approval request(s) of those runs`);
  return { config: serverConfig, db };
}

async function assertGitAvailable(): Promise<void> {
  try {
    await promisify(execFile)("git", ["--version"], { env: childEnv("git") as NodeJS.ProcessEnv });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new Error(
      code === "ENOENT"
        ? "git was not found on PATH. Arbor reads every fact from git: install git (e.g. `apt-get install git`) and start Arbor again."
        : `git --version failed: ${(error as Error).message}`,
      { cause: error },
    );
  }
}

/**
 * Once the port is known: write the hook script for this address, then replay the events
 * the hook spooled while Arbor was not running.
 */
export async function runAfterListenSteps(input: {
  ctx: RuntimeContext;
  shutdownTasks: ShutdownTask[];
  config: ArborConfig;
  port: number;
  log: (line: string) => void;
}): Promise<void> {
  const { ctx } = input;
  const url = localServerUrl({ host: input.config.host, port: input.port });
  await publishInstanceUrl(ctx.db, url);
  // Before team mode starts taking nodes: a runner's clone is pinned, trusted and offered first.
  if (input.config.runner) await offerRunnerAtStart(ctx, input.config.runner, input.log);
  const team = await startTeamMode({ ctx, url: input.config.databaseUrl, log: input.log });
  if (team) input.shutdownTasks.push(() => team.close());
  writeHookScript({ dataDir: input.config.dataDir, url, hookToken: ctx.hookIngest.hookToken() });
  const { replayed, duplicates, rejected } = await replayHookSpool(ctx, {
    dataDir: input.config.dataDir,
    ingest: receiveHookEvent,
  });
  if (replayed + duplicates + rejected > 0) {
    input.log(`hook spool: ${replayed} event(s) recovered, ${duplicates} already stored, ${rejected} rejected`);
  }
  const watcher = startSpoolWatcher(ctx, {
    dataDir: input.config.dataDir,
    ingest: receiveHookEvent,
    onError: (error) => console.error("[arbor] hook spool", error),
  });
  input.shutdownTasks.push(() => watcher.close());
  const retention = startRetentionSweeps(ctx.db, { log: input.log });
  input.shutdownTasks.push(() => retention.close());
  const plans = await ctx.planRuns.resumeAfterRestart();
  if (plans > 0) input.log(`resumed ${plans} plan run(s)`);
}
