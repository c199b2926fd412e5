import { mkdtempSync, statSync } from "node:fs";
import { Agent, request } from "node:http";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import Database from "better-sqlite3";
import { applyPendingMigrations } from "@/lib/db/apply-migrations.ts";
import { encodePayload } from "@/lib/hook-events/payload-codec.ts";
import { removeDataDir, repoRoot, startArbor, type RunningArbor } from "@/tests/support/start-arbor.ts";
import { percentile, round } from "./stats.ts";

export interface LogsBenchResult {
  events: number;
  sessions: number;
  /** Server time per request (localhost HTTP round trip on a kept-alive connection), p95 over the repetitions. */
  firstViewP95Ms: number;
  filterByTypeP95Ms: number;
  searchP95Ms: number;
  openSessionP95Ms: number;
  /** The database file divided by the events stored: what each event adds (tables, indexes, search index). */
  bytesPerEvent: number;
  /**
   * The write-ahead log beside it when measured: not per event (a checkpoint empties it, and after
   * a burst of writes its file is cut back to 64 MB: lib/db/keep-wal-short.ts).
   */
  walBytes: number;
  /** The JSON payload bytes of an average event, before storage (the baseline of the storage target). */
  payloadBytesPerEvent: number;
  /** What the database holds of an average event's payload (compressed, or its text where that is smaller). */
  storedPayloadBytesPerEvent: number;
  /** Baseline: the bare SQLite query behind the first view (newest 100 rows by id) on the same file. */
  bareFirstViewP95Ms: number;
  /** Where the bytes per event go: the event table, each of its indexes, the search index, the rest. */
  breakdown: Array<{ part: string; bytesPerEvent: number }>;
}

const TOOLS = ["Bash", "Read", "Edit", "Grep", "Write"] as const;
const EVENTS = [
  "PreToolUse",
  "PostToolUse",
  "PostToolUse",
  "PreToolUse",
  "UserPromptSubmit",
  "Stop",
  "Notification",
] as const;

/** One generated event: the shapes Claude Code sends, with the repetition real sessions have. */
function generatedEvent(index: number, sessions: number) {
  const session = index % sessions;
  const eventName = EVENTS[index % EVENTS.length]!;
  const tool = TOOLS[(index >> 3) % TOOLS.length]!;
  const isTool = eventName === "PreToolUse" || eventName === "PostToolUse";
  const file = `src/module-${index % 97}/file-${index % 13}.ts`;
  const input =
    tool === "Bash"
      ? { command: `npm test -- ${file}`, description: "Run the tests" }
      : { file_path: `/work/app/${file}` };
  const payload = {
    session_id: `session-${session}`,
    transcript_path: `/home/dev/.claude/projects/-work-app/session-${session}.jsonl`,
    cwd: "/work/app",
    permission_mode: "default",
    hook_event_name: eventName,
    ...(isTool ? { tool_name: tool, tool_input: input, tool_use_id: `toolu_${index.toString(36)}` } : {}),
    ...(eventName === "PostToolUse"
      ? {
          tool_response: {
            stdout: `PASS ${file}\n  ✓ works (${index % 50} ms)\n\nTests: ${index % 30} passed`,
            stderr: "",
            interrupted: false,
          },
        }
      : {}),
    ...(eventName === "UserPromptSubmit"
      ? { prompt: `Fix the failing test in ${file} and explain why it failed (${index}).` }
      : {}),
    ...(eventName === "Notification" ? { message: "Claude needs your permission to use Bash" } : {}),
  };
  const json = JSON.stringify(payload);
  return {
    eventId: `gen-${index}`,
    eventName,
    sessionId: `session-${session}`,
    toolName: isTool ? tool : null,
    summary: isTool ? `${tool}: ${"command" in input ? input.command : input.file_path}` : eventName,
    payload: json,
  };
}

/**
 * Writes `count` events into a migrated SQLite file the way Arbor stores them (bare inserts, one
 * transaction per 50,000; payloads through the same codec), and returns the raw payload bytes per event.
 */
async function generateDatabase(
  file: string,
  count: number,
  sessions: number,
  options: { compress: boolean },
): Promise<number> {
  await applyPendingMigrations({ url: `file:${file}`, root: repoRoot });
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  let payloadBytes = 0;
  try {
    const insert = db.prepare(
      "INSERT INTO hook_events (event_id, received_at, event_name, session_id, tool_name, cwd, source, summary, payload, payload_z, payload_bytes) VALUES (?, ?, ?, ?, ?, '/work/app', 'http', ?, ?, ?, ?)",
    );
    const started = Date.now() - count * 100;
    const writeChunk = db.transaction((from: number, to: number) => {
      for (let index = from; index < to; index += 1) {
        const event = generatedEvent(index, sessions);
        const bytes = Buffer.byteLength(event.payload);
        payloadBytes += bytes;
        const at = new Date(started + index * 100).toISOString().replace("Z", "+00:00");
        const stored = options.compress ? encodePayload(event.payload) : { payload: event.payload, payloadZ: null };
        insert.run(
          event.eventId,
          at,
          event.eventName,
          event.sessionId,
          event.toolName,
          event.summary,
          stored.payload,
          stored.payloadZ,
          bytes,
        );
      }
    });
    for (let from = 0; from < count; from += 50_000) writeChunk(from, Math.min(count, from + 50_000));
    db.pragma("wal_checkpoint(TRUNCATE)");
  } finally {
    db.close();
  }
  return payloadBytes / count;
}

async function timeGets(arbor: RunningArbor, paths: string[], repetitions: number): Promise<number[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const get = (target: string) =>
    new Promise<void>((resolve, reject) => {
      const req = request(
        {
          host: "127.0.0.1",
          port: arbor.port,
          path: target,
          agent,
          headers: { authorization: `Bearer ${arbor.token}` },
        },
        (res) => {
          res.resume();
          res.on("end", () =>
            (res.statusCode ?? 500) < 300 ? resolve() : reject(new Error(`${target}: ${res.statusCode}`)),
          );
        },
      );
      req.on("error", reject);
      req.end();
    });
  const times: number[] = [];
  try {
    for (let round = 0; round < repetitions + 2; round += 1) {
      for (const target of paths) {
        const started = performance.now();
        await get(target);
        if (round >= 2) times.push(performance.now() - started);
      }
    }
  } finally {
    agent.destroy();
  }
  return times;
}

/**
 * 1,000,000 hook events across 200 sessions in a real Arbor's SQLite file; the Logs page's
 * requests timed through HTTP: its first view (sessions and the newest events), a filter by event
 * type, a full-text search, and opening one session. And the file's bytes per event.
 */
export async function runLogsBench(
  options: { events?: number; sessions?: number; repetitions?: number; compress?: boolean } = {},
): Promise<LogsBenchResult> {
  const { events = 1_000_000, sessions = 200, repetitions = 20, compress = true } = options;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "arbor-logs-bench-"));
  const file = path.join(dataDir, "arbor.db");
  const payloadBytesPerEvent = await generateDatabase(file, events, sessions, { compress });
  const bare = new Database(file, { readonly: true });
  const bareTimes: number[] = [];
  for (let index = 0; index < repetitions; index += 1) {
    const started = performance.now();
    bare.prepare("SELECT * FROM hook_events ORDER BY id DESC LIMIT 101").all();
    bareTimes.push(performance.now() - started);
  }
  bare.close();
  const arbor = await startArbor({ dataDir });
  try {
    const pick = (index: number) => `session-${(index * 37) % sessions}`;
    const firstView = await timeGets(arbor, ["/api/hooks/sessions", "/api/hooks/events?limit=100"], repetitions);
    const byType = await timeGets(arbor, ["/api/hooks/events?limit=100&eventName=Notification"], repetitions);
    const search = await timeGets(
      arbor,
      Array.from(
        { length: 4 },
        (_, index) => `/api/hooks/events?limit=100&q=${encodeURIComponent(`module-${index * 23}/file-${index}`)}`,
      ),
      repetitions,
    );
    const openSession = await timeGets(
      arbor,
      Array.from({ length: 4 }, (_, index) => `/api/hooks/events?limit=500&sessionId=${pick(index)}`),
      repetitions,
    );
    const size = statSync(file).size;
    const walBytes = statSync(`${file}-wal`, { throwIfNoEntry: false })?.size ?? 0;
    const breakdown = storageBreakdown(file, events);
    const storedPayloadBytesPerEvent = readStoredPayloadBytes(file) / events;
    return {
      events,
      sessions,
      firstViewP95Ms: round(percentile(firstView, 95)),
      filterByTypeP95Ms: round(percentile(byType, 95)),
      searchP95Ms: round(percentile(search, 95)),
      openSessionP95Ms: round(percentile(openSession, 95)),
      bytesPerEvent: Math.round(size / events),
      walBytes,
      payloadBytesPerEvent: Math.round(payloadBytesPerEvent),
      storedPayloadBytesPerEvent: Math.round(storedPayloadBytesPerEvent),
      bareFirstViewP95Ms: round(percentile(bareTimes, 95)),
      breakdown,
    };
  } finally {
    await arbor.stop();
    removeDataDir(dataDir);
  }
}

/** The payload bytes the file holds: compressed where stored so, the text's UTF-8 bytes elsewhere. */
function readStoredPayloadBytes(file: string): number {
  const db = new Database(file, { readonly: true });
  try {
    return (
      db
        .prepare("SELECT sum(coalesce(length(payload_z), length(CAST(payload AS BLOB)))) AS bytes FROM hook_events")
        .get() as { bytes: number }
    ).bytes;
  } finally {
    db.close();
  }
}

/** What each table and index of the file takes (SQLite's dbstat), per event; pages on the free list as "free pages". */
function storageBreakdown(file: string, events: number): Array<{ part: string; bytesPerEvent: number }> {
  const db = new Database(file, { readonly: true });
  try {
    const rows = db.prepare("SELECT name, sum(pgsize) AS bytes FROM dbstat GROUP BY name").all() as Array<{
      name: string;
      bytes: number;
    }>;
    const parts = new Map<string, number>();
    const add = (part: string, bytes: number) => parts.set(part, (parts.get(part) ?? 0) + bytes);
    for (const { name, bytes } of rows) {
      if (name === "hook_events") add("hook_events rows", bytes);
      else if (name === "sqlite_autoindex_hook_events_1") add("index hook_events(event_id) unique", bytes);
      else if (name.startsWith("hook_events_fts")) add("search index (FTS5 trigram)", bytes);
      else if (name.startsWith("hook_events_")) add(`index ${name}`, bytes);
      else if (name.startsWith("hook_sessions")) add("hook_sessions (+ indexes)", bytes);
      else add("other tables", bytes);
    }
    const pageSize = db.pragma("page_size", { simple: true }) as number;
    add("free pages", (db.pragma("freelist_count", { simple: true }) as number) * pageSize);
    return [...parts]
      .map(([part, bytes]) => ({ part, bytesPerEvent: Math.round(bytes / events) }))
      .sort((a, b) => b.bytesPerEvent - a.bytesPerEvent);
  } finally {
    db.close();
  }
}

const isDirectRun = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isDirectRun) {
  // --uncompressed: payloads stored as text, as before compression (a comparison run).
  const eventsArg = process.argv.indexOf("--events");
  const result = await runLogsBench({
    ...(eventsArg > 0 ? { events: Number(process.argv[eventsArg + 1]) } : {}),
    compress: !process.argv.includes("--uncompressed"),
  });
  console.log(JSON.stringify(result, null, 2));
}
