// Arbor's one Node process: HTTP server + Next request handler + WebSocket gateway. Started by
// server/launch.mjs from the build's bundle (`npm start`, `arbor start`), or through tsx by server/main.ts.
import { existsSync } from "node:fs";
import path from "node:path";
import next from "next";
import { isAppError } from "@/lib/errors/app-error.ts";
import { startProcessMetrics } from "@/lib/runtime/process-metrics.ts";
import { parseCliFlags, resolveArborConfig, type ArborConfig, type CliFlags } from "@/lib/config/arbor-config.ts";
import { installConfig } from "@/lib/config/current-config.ts";
import { projectRoot, runAfterListenSteps, runBootSteps } from "./boot.ts";
import { createArborHttpServer } from "./http-server.ts";
import { localServerUrl, removeServerInfo, writeServerInfo } from "./server-info.ts";
import { installShutdown, type ShutdownTask } from "./shutdown.ts";
import { createWsGateway } from "./ws-gateway.ts";
import { stopAllWatches } from "@/lib/changes/worktree-watchers.ts";
import { createServerContext } from "./create-context.ts";
import { installRuntimeContext } from "@/lib/context/current-context.ts";
import { handleHookIngest } from "./hook-ingest-endpoint.ts";
import { HOOK_INGEST_PATH } from "@/lib/http/request-guard.ts";
import { installProcessHost } from "@/lib/process-host/current-process-host.ts";
import { startRemoteProcessHost } from "@/lib/process-host/remote-process-host.ts";
import { childEnv } from "@/lib/process-host/child-env-source.ts";
import { bundlePaths } from "@/scripts/bundle-paths.mjs";
import { buildDistDir, buildLayout, type BuildLayout } from "@/scripts/next-build/build-layout.ts";
import { pinServedBuild, unpinServedBuild } from "@/scripts/next-build/served-build.ts";
import { openBrowserSessions } from "@/lib/access/browser-sessions.ts";
import { createSignInCodes } from "@/lib/access/sign-in-codes.ts";
import { mintSignInLink } from "@/lib/access/sign-in-link.ts";
import { getLocalInstance } from "@/lib/team/local-instance.ts";

const log = (line: string) => console.log(`[arbor] ${line}`);

/**
 * Starts the server with the command line's flags (`argv`: [--port 3000] [--host 127.0.0.1]
 * [--data-dir ~/.arbor] [--token T] [--runner <clone> [--slots N]] [--dev]). `build` is the build whose bundle runs this code (the
 * launcher read it from current.json): the server pins and serves that one. Without it, the current one.
 */
async function startServer(input: { argv: string[]; build?: string }): Promise<void> {
  let config: ArborConfig;
  let flags: CliFlags;
  try {
    flags = parseCliFlags(input.argv);
    config = resolveArborConfig({ env: process.env, flags });
  } catch (error) {
    fail(isAppError(error) ? error.message : String(error));
  }
  if (flags.token !== undefined) {
    log(
      "warning: --token puts the token on the command line, where other accounts can read it (ps); prefer ARBOR_TOKEN or the generated <data dir>/access-token",
    );
  }
  installConfig(config);
  startProcessMetrics();
  // This server serves the build current now to its end, whatever builds land meanwhile (next.config.ts).
  const builds = buildLayout(config.nextDistDir);
  const servedBuild = config.isDev ? null : pinBuildOrFail(builds, input.build);
  const bundles = servedBuild ? bundlePaths(buildDistDir(builds, servedBuild)) : null;
  log(
    input.build
      ? `running the server bundled with build ${input.build}`
      : "running the server from its TypeScript sources (tsx)",
  );
  // Filled by the boot steps and below, run in order by installShutdown's handler.
  const shutdownTasks: ShutdownTask[] = [];
  const { config: serverConfig, db } = await runBootSteps({ config, shutdownTasks, log });
  // Every claude, git and gh process is started by a small child process, off this event loop;
  // forked once the tokens are known, with an allow-listed environment like every other child.
  const processHost = startRemoteProcessHost({
    entry: bundledOr(bundles?.processHost, path.join("server", "process-host", "entry.mjs")),
    env: childEnv("process-host"),
    onError: log,
  });
  installProcessHost(processHost);
  const ctx = createServerContext({
    config: serverConfig,
    db,
    processHost,
    historyReaderEntry: bundledOr(
      bundles?.historyReader,
      path.join("lib", "history-import", "reader-thread-entry.mjs"),
    ),
  });
  installRuntimeContext(ctx);

  const app = next({ dev: config.isDev, dir: projectRoot, hostname: config.host, port: config.port });
  await app.prepare();
  const handleNext = app.getRequestHandler();
  const nextUpgrade = config.isDev ? app.getUpgradeHandler() : null;

  const sessions = await openBrowserSessions({
    db,
    instanceId: (await getLocalInstance(db)).id,
    onError: (error) => log(`could not note a browser as seen: ${String(error)}`),
  });
  const signInCodes = createSignInCodes();
  const policy = {
    allowedHosts: config.allowedHosts,
    token: serverConfig.token,
    findBrowser: (cookie: string) => sessions.findByCookie(cookie),
  };
  const gateway = createWsGateway({ policy, hub: ctx.hub, runEvents: ctx.runEvents, watch: ctx });
  const server = createArborHttpServer({
    policy,
    sessions,
    signInCodes,
    isDev: config.isDev,
    handleRequest: (req, res) =>
      req.method === "POST" && req.url?.split("?")[0] === HOOK_INGEST_PATH
        ? handleHookIngest(ctx, req, res)
        : handleNext(req, res),
    handleUpgrade: (req, socket, head) => {
      if (gateway.handleUpgrade(req, socket, head)) return;
      if (nextUpgrade) void nextUpgrade(req, socket, head);
      else socket.destroy();
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  const shownHost = config.host.includes(":") ? `[${config.host}]` : config.host;
  // Signals are handled before anything says Arbor is up: a SIGTERM right after "listening"
  // must shut down cleanly, never hit Node's default handler.
  // No orphan claude processes after a normal shutdown: cancel and wait for every run.
  shutdownTasks.push(
    () => removeServerInfo(config.dataDir),
    () => ctx.warmPool.discard(),
    () => stopAllWatches(ctx.worktreeWatchers),
    // Plan runs first: an agent cut by the shutdown stays running in its plan, to be resumed at the next start.
    () => {
      ctx.planRuns.close();
      return ctx.runs.shutdown();
    },
    () => processHost.close(),
    () => unpinServedBuild(builds),
  );
  installShutdown({ tasks: shutdownTasks, db, server, gateway, closeNext: () => app.close?.(), log });
  await runAfterListenSteps({ ctx, shutdownTasks, config, port, log });
  const url = localServerUrl({ host: config.host, port });
  const access = {
    sessions,
    signInCodes,
    baseUrl: url,
    announce: log,
    closeBrowserSockets: (sessionId: string) => gateway.closeBrowser(sessionId),
  };
  ctx.access = access;
  writeServerInfo({ dataDir: config.dataDir, url });
  log(`data directory: ${config.dataDir}`);
  log(`listening on http://${shownHost}:${port}`);
  // Sign-in links are shown only here, on Arbor's own terminal (README, Security): good once each.
  log(`open Arbor with this link (it signs your browser in, once): ${mintSignInLink(access, { ttlMs: null }).url}`);
}

function pinBuildOrFail(builds: BuildLayout, build: string | undefined): string {
  try {
    return pinServedBuild(builds, { build });
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
}

/**
 * The file a process host or a reader thread starts from: the plain JavaScript bundle made with the
 * served build (scripts/build-bundles.mjs: no tsx, less CPU at start and about 20 MB less RSS each) or,
 * in dev or without a bundle, the project's entry (relative to it), which loads the TypeScript through tsx.
 */
function bundledOr(bundle: string | undefined, entry: string): string {
  return bundle && existsSync(bundle) ? bundle : path.join(projectRoot, entry);
}

function fail(message: string): never {
  console.error(`[arbor] ${message}`);
  process.exit(1);
}

/**
 * The terminal or pipe Arbor prints to may go away while it serves (a closed terminal under nohup, a
 * `| tee` that was stopped). A write then fails with EPIPE; unheard, that error reaches Next's
 * uncaught-exception handler, which prints it to the same pipe, which fails again: a loop that kept
 * a core a third busy. Arbor goes on serving and its output is dropped.
 */
function keepServingWithoutOutput(): void {
  for (const stream of [process.stdout, process.stderr]) stream.on("error", () => {});
}

/** Starts the server (startServer); a failure prints its reason and exits with status 1. */
export function runServer(input: { argv: string[]; build?: string }): void {
  keepServingWithoutOutput();
  startServer(input).catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
}
