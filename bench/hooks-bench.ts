import { spawn } from "node:child_process";
import { Agent, request } from "node:http";
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import Database from "better-sqlite3";
import { applyPendingMigrations } from "@/lib/db/apply-migrations.ts";
import { readLastRelay } from "@/lib/hook-events/transcripts/read-last-relay.ts";
import { removeDataDir, repoRoot, startArbor, type RunningArbor } from "@/tests/support/start-arbor.ts";
import { median, percentile, round } from "./stats.ts";

export interface HooksBenchResult {
  hookP50Ms: number;
  hookP99Ms: number;
  syncHookP50Ms: number;
  syncHookP99Ms: number;
  noopP50Ms: number;
  noopP99Ms: number;
  addedP50Ms: number;
  httpPostP50Ms: number;
  ingestEventsPerSecond: number;
  ingestSent: number;
  ingestStored: number;
  ingestLost: number;
  ingestSenders: number;
  ingestSeconds: number;
  ingestServerCpuMicrosPerEvent: number;
  /** The same number of bare SQLite inserts in one transaction: the limit. */
  bareInsertMicrosPerEvent: number;
  bareInsertEventsPerSecond: number;
  relaySmallMs: number;
  relayLargeMs: number;
  relayRatio: number;
}

const PAYLOAD = JSON.stringify({
  session_id: "bench-session",
  transcript_path: "/nowhere/projects/-bench/bench.jsonl",
  cwd: "/tmp/bench-unpinned",
  hook_event_name: "PreToolUse",
  tool_name: "Bash",
  tool_input: { command: "npm test", description: "Run the tests" },
  tool_use_id: "toolu_bench",
});

/** Runs a command hook the way Claude Code does: through a shell, payload on stdin. */
function invokeHook(command: string, payload: string): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn("/bin/sh", ["-c", command], { stdio: ["pipe", "ignore", "ignore"] });
    child.on("error", reject);
    child.on("close", () => resolve(performance.now() - started));
    // A hook that never reads stdin (`true`) closes the pipe early; the CLI ignores that too.
    child.stdin.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "EPIPE") reject(error);
    });
    child.stdin.end(payload);
  });
}

/**
 * Hook overhead (Arbor's hook as installed vs a no-op `true` hook, same invocation), ingest
 * throughput (4 concurrent senders for 10 s against SQLite), and last-relay extraction from a
 * 2 MB and a 200 MB transcript.
 */
export async function runHooksBench({ invocations = 60, ingestSeconds = 30 } = {}): Promise<HooksBenchResult> {
  const arbor = await startArbor();
  try {
    const script = path.join(arbor.dataDir, "bin", "arbor-hook");
    const command = `'${script}'`;
    const hook: number[] = [];
    const syncHook: number[] = [];
    const noop: number[] = [];
    const stopPayload = PAYLOAD.replace('"PreToolUse"', '"Stop"');
    for (let index = 0; index < invocations + 5; index += 1) {
      const hookMs = await invokeHook(command, PAYLOAD);
      const syncMs = await invokeHook(`${command} --sync`, stopPayload);
      const noopMs = await invokeHook("true", PAYLOAD);
      if (index >= 5) {
        hook.push(hookMs);
        syncHook.push(syncMs);
        noop.push(noopMs);
      }
    }
    const http: number[] = [];
    const timeSinglePosts = async (post: (id: string) => Promise<boolean>) => {
      for (let index = 0; index < invocations; index += 1) {
        const started = performance.now();
        await post(`http-${index}`);
        http.push(performance.now() - started);
      }
    };
    const ingest = await measureIngest({ arbor, seconds: ingestSeconds, onWarmUp: timeSinglePosts });
    const bare = await measureBareSqliteInserts(ingest.stored);

    const relays = await measureRelayExtraction();
    return {
      hookP50Ms: round(percentile(hook, 50)),
      hookP99Ms: round(percentile(hook, 99)),
      syncHookP50Ms: round(percentile(syncHook, 50)),
      syncHookP99Ms: round(percentile(syncHook, 99)),
      noopP50Ms: round(percentile(noop, 50)),
      noopP99Ms: round(percentile(noop, 99)),
      addedP50Ms: round(percentile(hook, 50) - percentile(noop, 50)),
      httpPostP50Ms: round(median(http)),
      ingestEventsPerSecond: ingest.eventsPerSecond,
      ingestSent: ingest.sent,
      ingestStored: ingest.stored,
      ingestLost: ingest.lost,
      ingestSenders: ingest.senders,
      ingestSeconds: ingest.seconds,
      ingestServerCpuMicrosPerEvent: ingest.serverCpuMicrosPerEvent,
      bareInsertMicrosPerEvent: bare.microsPerEvent,
      bareInsertEventsPerSecond: bare.eventsPerSecond,
      ...relays,
    };
  } finally {
    await arbor.stop();
    removeDataDir(arbor.dataDir);
  }
}

export interface IngestBenchResult {
  eventsPerSecond: number;
  sent: number;
  stored: number;
  lost: number;
  senders: number;
  seconds: number;
  /** The server process's CPU time (user + system) while the senders ran, per event stored. */
  serverCpuMicrosPerEvent: number;
}

/**
 * Ingest throughput: `senders` (default 8: as many Claude Code sessions firing hooks at once)
 * on keep-alive connections POST the same PreToolUse payload (each with its own event id) for
 * `seconds`, then the stored rows are counted in the database; with the server's CPU time per
 * event. `onWarmUp` runs first with the same POST function (the single-request latency figure).
 */
export async function measureIngest(input: {
  arbor: RunningArbor;
  seconds: number;
  senders?: number;
  onWarmUp?: (post: (id: string) => Promise<boolean>) => Promise<void>;
  /** How many `load-%` events are stored (default: the data directory's SQLite file). */
  countStored?: () => Promise<number>;
}): Promise<IngestBenchResult> {
  const { arbor, senders = 8 } = input;
  const token = readFileSync(path.join(arbor.dataDir, "hook-token"), "utf8").trim();
  const agent = new Agent({ keepAlive: true, maxSockets: senders });
  const post = (id: string) =>
    new Promise<boolean>((resolve, reject) => {
      const req = request(
        {
          host: "127.0.0.1",
          port: arbor.port,
          path: "/api/hooks/ingest",
          method: "POST",
          agent,
          headers: {
            "content-type": "application/json",
            "x-arbor-hook-token": token,
            "x-arbor-event-id": id,
            "content-length": Buffer.byteLength(PAYLOAD),
          },
        },
        (res) => {
          res.resume();
          res.on("end", () => resolve((res.statusCode ?? 500) < 300));
        },
      );
      req.on("error", reject);
      req.end(PAYLOAD);
    });
  try {
    await input.onWarmUp?.(post);
    let sent = 0;
    const deadline = performance.now() + input.seconds * 1000;
    const started = performance.now();
    const cpuBefore = processCpuMicros(arbor.child.pid!);
    await Promise.all(
      Array.from({ length: senders }, async (_, sender) => {
        for (let index = 0; performance.now() < deadline; index += 1)
          if (await post(`load-${sender}-${index}`)) sent += 1;
      }),
    );
    const cpuMicros = processCpuMicros(arbor.child.pid!) - cpuBefore;
    const elapsed = (performance.now() - started) / 1000;
    const stored = await (input.countStored ?? (() => Promise.resolve(countStoredInSqlite(arbor.dataDir))))();
    return {
      eventsPerSecond: Math.round(sent / elapsed),
      sent,
      stored,
      lost: sent - stored,
      senders,
      seconds: input.seconds,
      serverCpuMicrosPerEvent: Math.round(cpuMicros / Math.max(1, stored)),
    };
  } finally {
    agent.destroy();
  }
}

/** A process's CPU time so far (user + system, all threads), from /proc: clock ticks of 10 ms. */
function processCpuMicros(pid: number): number {
  // Fields after the command name (which may contain spaces): utime and stime are the 12th and 13th.
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

/**
 * The limit: the same number of rows inserted with bare better-sqlite3 in one transaction (a
 * prepared single-row INSERT into Arbor's migrated schema, same payload), per event.
 */
export async function measureBareSqliteInserts(
  count: number,
): Promise<{ microsPerEvent: number; eventsPerSecond: number }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "arbor-bare-insert-"));
  const file = path.join(dir, "bare.db");
  try {
    await applyPendingMigrations({ url: `file:${file}`, root: repoRoot });
    const db = new Database(file);
    try {
      const insert = db.prepare(
        "INSERT INTO hook_events (event_id, received_at, event_name, session_id, tool_name, tool_use_id, cwd, source, summary, is_block, payload, payload_bytes, is_truncated) VALUES (?, ?, 'PreToolUse', 'bench-session', 'Bash', 'toolu_bench', '/tmp/bench-unpinned', 'http', 'Bash: npm test', 0, ?, ?, 0)",
      );
      const receivedAt = new Date().toISOString().replace("Z", "+00:00");
      const started = performance.now();
      db.transaction(() => {
        for (let index = 0; index < count; index += 1)
          insert.run(`bare-${index}`, receivedAt, PAYLOAD, Buffer.byteLength(PAYLOAD));
      })();
      const micros = (performance.now() - started) * 1000;
      return { microsPerEvent: round(micros / count), eventsPerSecond: Math.round((count * 1e6) / micros) };
    } finally {
      db.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function countStoredInSqlite(dataDir: string): number {
  const db = new Database(path.join(dataDir, "arbor.db"), { readonly: true });
  try {
    return (db.prepare("SELECT COUNT(*) AS n FROM hook_events WHERE event_id LIKE 'load-%'").get() as { n: number }).n;
  } finally {
    db.close();
  }
}

/** The ingest part alone, against a fresh server (`tsx bench/hooks-bench.ts --ingest-only`). */
export async function runIngestBench({
  seconds = 10,
  warmUpPosts = 60,
  nodeArgs = [] as string[],
} = {}): Promise<IngestBenchResult> {
  const arbor = await startArbor({ nodeArgs });
  try {
    const warmUp = async (post: (id: string) => Promise<boolean>) => {
      for (let index = 0; index < warmUpPosts; index += 1) await post(`warm-${index}`);
    };
    return await measureIngest({ arbor, seconds, onWarmUp: warmUp });
  } finally {
    await arbor.stop();
    removeDataDir(arbor.dataDir);
  }
}

async function measureRelayExtraction(): Promise<{ relaySmallMs: number; relayLargeMs: number; relayRatio: number }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "arbor-relay-bench-"));
  try {
    const sample = readFileSync(
      path.join(repoRoot, "tests/fixtures/claude-code-2.1.197/transcripts/s05-bash-allowed.jsonl"),
      "utf8",
    );
    const small = await writeTranscript({ file: path.join(dir, "small.jsonl"), sample, bytes: 2 * 1024 * 1024 });
    const large = await writeTranscript({ file: path.join(dir, "large.jsonl"), sample, bytes: 200 * 1024 * 1024 });
    const time = async (file: string) => {
      const times: number[] = [];
      for (let index = 0; index < 23; index += 1) {
        const started = performance.now();
        const { relay } = await readLastRelay({ path: file });
        if (!relay) throw new Error("no relay found");
        if (index >= 3) times.push(performance.now() - started);
      }
      return median(times);
    };
    const smallMs = await time(small);
    const largeMs = await time(large);
    return { relaySmallMs: round(smallMs), relayLargeMs: round(largeMs), relayRatio: round(largeMs / smallMs, 3) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function writeTranscript(input: { file: string; sample: string; bytes: number }): Promise<string> {
  const stream = createWriteStream(input.file);
  const block = input.sample.endsWith("\n") ? input.sample : `${input.sample}\n`;
  const chunk = block.repeat(Math.max(1, Math.floor((4 * 1024 * 1024) / block.length)));
  for (let written = 0; written < input.bytes; written += chunk.length) {
    if (!stream.write(chunk)) await new Promise<void>((resolve) => stream.once("drain", () => resolve()));
  }
  await new Promise<void>((resolve, reject) =>
    stream.end((error?: Error | null) => (error ? reject(error) : resolve())),
  );
  return input.file;
}

const isDirectRun = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isDirectRun) {
  const result = process.argv.includes("--ingest-only") ? await runIngestBench({ seconds: 30 }) : await runHooksBench();
  console.log(JSON.stringify(result, null, 2));
}
