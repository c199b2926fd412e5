// npm run bench:load – 20 worktrees streaming answers at once through the mock model while hook
// events arrive at 100/s (LOAD_WORKTREES, LOAD_SECONDS, LOAD_HOOKS per second; LOAD_PROFILE=1 writes a CPU profile of the
// server to /tmp/prof; LOAD_NODE_ARGS adds Node flags to the server, e.g. "--import ./bench/long-task-trace.mjs").
// Prints server RSS (start/end), event-loop delay p99, the CPU of Arbor (server and process host)
// beside its children's (the claude CLIs, git), relay latency p50/p99 and errors. Exits non-zero only when requests failed (an error is a bug, not a figure).
import Database from "better-sqlite3";
import { readFileSync } from "node:fs";
import { request } from "node:http";
import path from "node:path";
import { startArborWithClaude } from "@/tests/support/arbor-with-claude.ts";
import { DEFAULT_AGENT_NICENESS } from "@/lib/config/arbor-config.ts";
import {
  addWorktree,
  createFixtureRoot,
  createRepoWithOrigin,
  removeGitFixture,
} from "@/tests/support/git-fixtures.ts";
import type { MetricsBody, SendBody } from "@/tests/support/api-types.ts";
import { callApi, openSession, pinRepo, sendChat } from "@/tests/support/call-api.ts";
import { connectWs } from "@/tests/support/ws-client.ts";
import { readTreeCpu } from "./process-cpu.ts";
import { percentile, round } from "./stats.ts";

const WORKTREES = Number(process.env.LOAD_WORKTREES ?? 20);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
/** LOAD_HOOKS=0 measures the agents alone (issue #37's ten agents streaming). */
const HOOK_EVENTS_PER_SECOND = Number(process.env.LOAD_HOOKS ?? 100);
const IDLE_SECONDS = 5;

// --expose-gc: memory is read after a full collection at start and end, so growth means retained memory.
// The agents run at the niceness users' do, below the server (test servers give them a fair share).
const env = await startArborWithClaude({
  serverEnv: { ARBOR_AGENT_NICENESS: String(DEFAULT_AGENT_NICENESS) },
  nodeArgs: [
    "--expose-gc",
    ...(process.env.LOAD_NODE_ARGS?.split(" ").filter(Boolean) ?? []),
    ...(process.env.LOAD_PROFILE ? ["--cpu-prof", "--cpu-prof-dir=/tmp/prof"] : []),
  ],
});
const fixture = await createFixtureRoot();
const errors: string[] = [];
try {
  const { mainPath } = await createRepoWithOrigin({ root: fixture.root, files: { "a.txt": "a\n" } });
  const repoId = await pinRepo(env.arbor, mainPath);
  await callApi(env.arbor, "/api/settings", {
    method: "PUT",
    body: { maxConcurrentRuns: WORKTREES, autoUpkeep: false },
  });
  const sessions: Array<{ sessionId: string; worktreePath: string }> = [];
  for (let index = 0; index < WORKTREES; index += 1) {
    const worktreePath = path.join(fixture.root, `load-${index}`);
    await addWorktree({ mainPath, path: worktreePath, branch: `feat/load-${index}` });
    sessions.push({
      worktreePath,
      sessionId: await openSession(env.arbor, { repoId, worktreePath }),
    });
  }
  const ws = await connectWs(env.arbor);
  const latencies: number[] = [];
  ws.onMessage((message) => {
    if (message.type === "run_event" && message.event.kind === "text_delta")
      latencies.push(performance.timeOrigin + performance.now() - message.at);
  });
  for (const { sessionId } of sessions) ws.send({ type: "subscribe_session", sessionId });

  // One send first: the routes a send uses load on first request (docs/decisions/0023), a one-time cost
  // that is not the load being measured.
  await sendChat(env.arbor, { sessionId: sessions[0]!.sessionId, userMessage: "[[mock:text warm]]" });
  // Baseline in the same run: the same server, idle, for a few seconds (what this machine's noise alone gives).
  await callApi<MetricsBody>(env.arbor, "/api/health/metrics?reset=1&gc=1");
  const serverPid = env.arbor.child.pid!;
  const cpuIdleStart = readTreeCpu(serverPid);
  const idleStartedAt = performance.now();
  await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
  const idleCores =
    (readTreeCpu(serverPid).arborSeconds - cpuIdleStart.arborSeconds) / ((performance.now() - idleStartedAt) / 1000);
  const idle = (await callApi<MetricsBody>(env.arbor, "/api/health/metrics")).body;
  const start = (await callApi<MetricsBody>(env.arbor, "/api/health/metrics?reset=1&gc=1")).body;
  const cpuAtStart = readTreeCpu(serverPid);
  const startedAt = performance.now();
  const deadline = Date.now() + SECONDS * 1000;
  let runs = 0;
  const chatLoops = sessions.map(async ({ sessionId }) => {
    while (Date.now() < deadline) {
      const { status, body } = (await sendChat(env.arbor, { sessionId, userMessage: "[[mock:slow 60]]" })) as {
        status: number;
        body: Partial<SendBody>;
      };
      runs += 1;
      if (status !== 200 || body.run?.status !== "success")
        errors.push(`send ${status} ${body.run?.status ?? JSON.stringify(body).slice(0, 200)}`);
    }
  });
  const token = readFileSync(path.join(env.arbor.dataDir, "hook-token"), "utf8").trim();
  let hookEvents = 0;
  const hookLoop = (async () => {
    for (let index = 0; HOOK_EVENTS_PER_SECOND > 0 && Date.now() < deadline; index += 1) {
      const due = deadline - SECONDS * 1000 + (index * 1000) / HOOK_EVENTS_PER_SECOND;
      if (due > Date.now()) await new Promise((resolve) => setTimeout(resolve, due - Date.now()));
      const status = await postHook({
        port: env.arbor.port,
        token,
        id: `load-${index}`,
        cwd: sessions[index % sessions.length]!.worktreePath,
      });
      hookEvents += 1;
      if (status >= 300) errors.push(`hook ingest ${status}`);
    }
  })();
  await Promise.all([...chatLoops, hookLoop]);
  const cpuAtEnd = readTreeCpu(serverPid);
  const loadedSeconds = (performance.now() - startedAt) / 1000;
  const end = (await callApi<MetricsBody>(env.arbor, "/api/health/metrics?gc=1")).body;
  ws.close();
  const hookEventsStored = countStoredHookEvents(env.arbor.dataDir);
  if (hookEventsStored !== hookEvents) errors.push(`hook events: ${hookEvents} sent, ${hookEventsStored} stored`);

  const mb = (bytes: number) => round(bytes / 1024 / 1024, 1);
  console.log(
    `Load: ${WORKTREES} worktrees streaming for ${SECONDS} s (${runs} answers) with ${hookEvents} hook events (${HOOK_EVENTS_PER_SECOND}/s)`,
  );
  const growth = end.rssBytes - start.rssBytes;
  const relayP99 = percentile(latencies, 99);
  const check = (isMet: boolean) => (isMet ? "ok" : "MISSED");
  console.log(
    `  server RSS start / end          ${mb(start.rssBytes)} MB / ${mb(end.rssBytes)} MB (growth ${mb(growth)} MB, target < 50 MB over 5 min) ${check(growth < 50 * 1024 * 1024)}`,
  );
  console.log(
    `  JS heap after GC start / end    ${mb(start.heapUsedBytes)} MB / ${mb(end.heapUsedBytes)} MB (heap reserved ${mb(start.heapTotalBytes)} / ${mb(end.heapTotalBytes)} MB, external ${mb(start.externalBytes)} / ${mb(end.externalBytes)} MB)`,
  );
  console.log(
    `  event-loop delay p99            ${round(end.eventLoopDelayP99Ms)} ms (idle baseline ${round(idle.eventLoopDelayP99Ms)} ms; target < 20 ms) ${check(end.eventLoopDelayP99Ms < 20)}`,
  );
  console.log(
    `  event-loop delay max            ${round(end.eventLoopDelayMaxMs)} ms (idle baseline ${round(idle.eventLoopDelayMaxMs)} ms; target < 100 ms) ${check(end.eventLoopDelayMaxMs < 100)}`,
  );
  console.log(
    `  (Node's histogram, ${end.eventLoopSampleIntervalMs} ms sampling interval included: p99 ${round(end.eventLoopIntervalP99Ms)} / max ${round(end.eventLoopIntervalMaxMs)} ms)`,
  );
  const arborCores = (cpuAtEnd.arborSeconds - cpuAtStart.arborSeconds) / loadedSeconds;
  const childCores = (cpuAtEnd.childrenSeconds - cpuAtStart.childrenSeconds) / loadedSeconds;
  const serverCores = (cpuAtEnd.serverSeconds - cpuAtStart.serverSeconds) / loadedSeconds;
  console.log(
    `  CPU of Arbor (server + host)    ${round(arborCores, 3)} cores (idle baseline ${round(idleCores, 3)}; target < 0.2) ${check(arborCores < 0.2)}: server ${round(serverCores, 3)}, process host ${round(arborCores - serverCores, 3)}; its children (claude CLIs, git) ${round(childCores, 3)} cores: Arbor is ${round((100 * arborCores) / Math.max(arborCores + childCores, 1e-9), 1)} % of the tree`,
  );
  console.log(
    `  Arbor's CPU per answer          ${round((1000 * (arborCores - idleCores) * loadedSeconds) / Math.max(runs, 1), 1)} ms above idle (${runs} answers)`,
  );
  console.log(
    `  relay latency p50 / p99         ${round(percentile(latencies, 50))} ms / ${round(relayP99)} ms over ${latencies.length} deltas (target p99 < 10 ms) ${check(relayP99 < 10)}`,
  );
  console.log(`  hook events sent / stored       ${hookEvents} / ${hookEventsStored}`);
  console.log(
    `  errors                          ${errors.length}${errors.length ? `: ${[...new Set(errors)].slice(0, 5).join("; ")}` : ""}`,
  );
} finally {
  await env.close();
  await removeGitFixture(fixture);
}
process.exit(errors.length ? 1 : 0);

function countStoredHookEvents(dataDir: string): number {
  const db = new Database(path.join(dataDir, "arbor.db"), { readonly: true });
  try {
    return (
      db.prepare("SELECT COUNT(*) AS count FROM hook_events WHERE session_id = 'load-session'").get() as {
        count: number;
      }
    ).count;
  } finally {
    db.close();
  }
}

function postHook(input: { port: number; token: string; id: string; cwd: string }): Promise<number> {
  const body = JSON.stringify({
    hook_event_name: "PostToolUse",
    session_id: "load-session",
    cwd: input.cwd,
    tool_name: "Bash",
    tool_input: { command: "ls" },
    tool_response: { stdout: "a\nb\n" },
  });
  return new Promise((resolve) => {
    const req = request(
      {
        host: "127.0.0.1",
        port: input.port,
        path: "/api/hooks/ingest",
        method: "POST",
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          "x-arbor-hook-token": input.token,
          "x-arbor-event-id": input.id,
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", () => resolve(0));
    req.end(body);
  });
}
