import { readFileSync } from "node:fs";
import { Agent, request } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";
import { reportLine } from "./report-line.ts";
import { buildPromptInput } from "@/lib/chat/runs/build-prompt-input.ts";
import { applyPendingMigrations } from "@/lib/db/apply-migrations.ts";
import { createDb, type Db } from "@/lib/db/client.ts";
import { searchMessages } from "@/lib/memory/search-messages.ts";
import { assemblePrompt } from "@/lib/prompt/assemble-prompt.ts";
import { buildScan } from "@/lib/prompt/test-fixtures.ts";
import { startArborWithClaude, type ArborWithClaude } from "@/tests/support/arbor-with-claude.ts";
import { createTestContext } from "@/tests/support/test-context.ts";
import { sendChat } from "@/tests/support/call-api.ts";
import { createPinnedRepo } from "@/tests/support/pinned-repo.ts";
import { removeDataDir, repoRoot, startArbor, type RunningArbor } from "@/tests/support/start-arbor.ts";
import { startThrowawayPostgres, type ThrowawayPostgres } from "@/tests/support/throwaway-postgres.ts";
import { connectWs } from "@/tests/support/ws-client.ts";
import { benchCrossInstanceStream, type CrossInstanceStreamResult } from "./cross-instance-bench.ts";
import { measureIngest } from "./hooks-bench.ts";
import { benchRunnerDispatch, type RunnerDispatchResult } from "./runner-dispatch-bench.ts";
import { median, percentile, round } from "./stats.ts";

/** One figure on both engines; `ratio` is PostgreSQL's over SQLite's (for a rate, higher is better). */
export interface Compared {
  sqlite: number;
  postgresql: number;
  ratio: number;
}

export interface PostgresBenchResult {
  ingestEventsPerSecond: Compared & { lost: number };
  sendMedianMs: Compared;
  assemble10kMedianMs: Compared;
  search100kMedianMs: Compared;
  crossInstanceP50Ms: number;
  crossInstanceP95Ms: number;
  sameInstanceP50Ms: number;
  stream: CrossInstanceStreamResult;
  dispatch: RunnerDispatchResult;
}

const compare = (sqlite: number, postgresql: number): Compared => ({
  sqlite: round(sqlite),
  postgresql: round(postgresql),
  ratio: round(postgresql / sqlite, 3),
});

/**
 * `npm run bench -- --db postgresql`: the database-bound paths on SQLite and on a local PostgreSQL
 * (a throw-away server with its default durability), in the same run: hook ingest throughput,
 * send round trip, prompt assembly in a 10,000-message conversation, search over 100,000
 * messages, and how long a hook event takes to reach a second instance's browser.
 */
export async function runPostgresBench(
  options: { ingestSeconds?: number; sends?: number; searchMessages?: number } = {},
): Promise<PostgresBenchResult> {
  const server = await startThrowawayPostgres({ durable: true });
  let counter = 0;
  const newDatabase = async () => {
    counter += 1;
    const name = `arbor_bench_${counter}`;
    await withClient(server.adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
    return server.urlOf(name);
  };
  try {
    const ingest = await benchIngest({ server, newDatabase, seconds: options.ingestSeconds ?? 8 });
    const send = await benchSend({ newDatabase, sends: options.sends ?? 8 });
    const direct = await benchDirectQueries({ newDatabase, searchCount: options.searchMessages ?? 100_000 });
    const latency = await benchCrossInstance({ newDatabase });
    const stream = await benchCrossInstanceStream({ newDatabase });
    const dispatch = await benchRunnerDispatch({ newDatabase });
    return {
      ingestEventsPerSecond: { ...compare(ingest.sqlite, ingest.postgresql), lost: ingest.lost },
      sendMedianMs: compare(send.sqlite, send.postgresql),
      assemble10kMedianMs: compare(direct.assemble.sqlite, direct.assemble.postgresql),
      search100kMedianMs: compare(direct.search.sqlite, direct.search.postgresql),
      ...latency,
      stream,
      dispatch,
    };
  } finally {
    await server.stop();
  }
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function benchIngest(input: {
  server: ThrowawayPostgres;
  newDatabase: () => Promise<string>;
  seconds: number;
}): Promise<{ sqlite: number; postgresql: number; lost: number }> {
  const run = async (databaseUrl: string | null) => {
    const arbor = await startArbor(databaseUrl ? { env: { DATABASE_URL: databaseUrl } } : {});
    try {
      const warmUp = async (post: (id: string) => Promise<boolean>) => {
        for (let index = 0; index < 60; index += 1) await post(`warm-${index}`);
      };
      return await measureIngest({
        arbor,
        seconds: input.seconds,
        onWarmUp: warmUp,
        countStored: databaseUrl
          ? () =>
              withClient(databaseUrl, async (client) =>
                Number(
                  (
                    await client.query<{ n: string }>(
                      "SELECT count(*) AS n FROM hook_events WHERE event_id LIKE 'load-%'",
                    )
                  ).rows[0]?.n,
                ),
              )
          : undefined,
      });
    } finally {
      await arbor.stop();
      removeDataDir(arbor.dataDir);
    }
  };
  const sqlite = await run(null);
  const postgresql = await run(await input.newDatabase());
  return {
    sqlite: sqlite.eventsPerSecond,
    postgresql: postgresql.eventsPerSecond,
    lost: sqlite.lost + postgresql.lost,
  };
}

/** POST /api/chat/send round trips (real CLI, mock model), the two servers interleaved. */
async function benchSend(input: {
  newDatabase: () => Promise<string>;
  sends: number;
}): Promise<{ sqlite: number; postgresql: number }> {
  const servers: Array<{ env: ArborWithClaude; sessionId: string; times: number[]; remove: () => Promise<void> }> = [];
  try {
    for (const databaseUrl of [null, await input.newDatabase()]) {
      const env = await startArborWithClaude(databaseUrl ? { serverEnv: { DATABASE_URL: databaseUrl } } : {});
      const repo = await createPinnedRepo(() => env.arbor);
      const { sessionId } = await repo.freshSession("bench");
      servers.push({ env, sessionId, times: [], remove: () => repo.remove() });
    }
    for (let index = 0; index < input.sends + 2; index += 1) {
      for (const server of index % 2 ? [...servers].reverse() : servers) {
        const started = performance.now();
        const { body } = await sendChat(server.env.arbor, {
          sessionId: server.sessionId,
          userMessage: `Question ${index} [[mock:text Answer ${index}.]]`,
        });
        if (body.run.status !== "success") throw new Error(`bench send failed: ${JSON.stringify(body.run)}`);
        if (index >= 2) server.times.push(performance.now() - started);
      }
    }
    return { sqlite: median(servers[0]!.times), postgresql: median(servers[1]!.times) };
  } finally {
    for (const server of servers) {
      await server.env.close();
      await server.remove();
    }
  }
}

const WORDS = ["apple", "birch", "cobalt", "delta", "ember", "fjord", "garnet", "harbor", "indigo", "juniper"];

/** Prompt assembly in a 10,000-message conversation and search over `searchCount` messages, lib calls on each engine. */
async function benchDirectQueries(input: {
  newDatabase: () => Promise<string>;
  searchCount: number;
}): Promise<{ assemble: { sqlite: number; postgresql: number }; search: { sqlite: number; postgresql: number } }> {
  const { mkdtempSync, rmSync } = await import("node:fs");
  const os = await import("node:os");
  const sqliteDir = mkdtempSync(path.join(os.tmpdir(), "arbor-bench-db-"));
  const urls = { sqlite: `file:${path.join(sqliteDir, "arbor.db")}`, postgresql: await input.newDatabase() };
  const result = { assemble: { sqlite: 0, postgresql: 0 }, search: { sqlite: 0, postgresql: 0 } };
  try {
    for (const provider of ["sqlite", "postgresql"] as const) {
      await applyPendingMigrations({ url: urls[provider], root: repoRoot });
      const db = createDb(urls[provider]);
      try {
        const repo = await db.repo.create({ data: { commonDir: "/bench/.git", rootPath: "/bench", name: "bench" } });
        const large = await fillSession(db, { repoId: repo.id, path: "/bench/large", count: 10_000 });
        const ctx = createTestContext({ db });
        result.assemble[provider] = await timeMedian(12, async () =>
          assemblePrompt(
            await buildPromptInput(
              { ...ctx, previousScans: new Map() },
              {
                sessionId: large.id,
                repoId: repo.id,
                userMessageId: large.lastId + 1,
                userMessage: "next question",
                scan: buildScan({ path: "/bench/large", branch: "feat/bench" }),
                budgetChars: 400_000,
                ledgerMaxEntries: 100,
              },
            ),
          ),
        );
        for (let filled = 10_000, session = 0; filled < input.searchCount; session += 1) {
          const count = Math.min(10_000, input.searchCount - filled);
          await fillSession(db, { repoId: repo.id, path: `/bench/s${session}`, count, offset: filled });
          filled += count;
        }
        // Statistics as a database in use has them (autovacuum analyzes PostgreSQL's tables soon after a
        // bulk load; without them its planner joins 100,000 rows for a word in ten): both engines alike.
        await db.$executeRawUnsafe("ANALYZE");
        const queries = ["cobalt harbor", "fjord", "token4242", "juniper ember token77"];
        let turn = 0;
        result.search[provider] = await timeMedian(20, () =>
          searchMessages(db, { repoId: repo.id, query: queries[turn++ % queries.length]! }),
        );
      } finally {
        await db.$disconnect();
      }
    }
    return result;
  } finally {
    rmSync(sqliteDir, { recursive: true, force: true });
  }
}

async function timeMedian(iterations: number, task: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let index = 0; index < iterations + 2; index += 1) {
    const started = performance.now();
    await task();
    if (index >= 2) times.push(performance.now() - started);
  }
  return median(times);
}

async function fillSession(
  db: Db,
  input: { repoId: string; path: string; count: number; offset?: number },
): Promise<{ id: string; lastId: number }> {
  const session = await db.chatSession.create({
    data: { repoId: input.repoId, worktreePath: input.path, activeKey: input.path },
  });
  const offset = input.offset ?? 0;
  for (let start = 0; start < input.count; start += 1000) {
    const size = Math.min(1000, input.count - start);
    await db.chatMessage.createMany({
      data: Array.from({ length: size }, (_, index) => {
        const n = offset + start + index;
        return {
          sessionId: session.id,
          role: n % 2 === 0 ? "user" : "assistant",
          content: `Message ${n} token${n % 10_000}: ${WORDS[n % 10]} ${WORDS[(n * 7) % 10]} ${"lorem ipsum dolor sit amet ".repeat(6)}`,
        };
      }),
    });
  }
  const last = await db.chatMessage.findFirst({ where: { sessionId: session.id }, orderBy: { id: "desc" } });
  return { id: session.id, lastId: last!.id };
}

/**
 * A hook event POSTed to one instance, until a browser of the other instance (WebSocket) has it,
 * against the same instance's own browser as the baseline.
 */
async function benchCrossInstance(input: {
  newDatabase: () => Promise<string>;
}): Promise<{ crossInstanceP50Ms: number; crossInstanceP95Ms: number; sameInstanceP50Ms: number }> {
  const databaseUrl = await input.newDatabase();
  const servers: RunningArbor[] = [];
  try {
    servers.push(await startArbor({ env: { DATABASE_URL: databaseUrl } }));
    servers.push(await startArbor({ env: { DATABASE_URL: databaseUrl } }));
    const [owner, viewer] = servers as [RunningArbor, RunningArbor];
    const sockets = await Promise.all([connectWs(owner), connectWs(viewer)]);
    for (const socket of sockets) {
      socket.send({ type: "subscribe_hooks", worktreePath: null });
      socket.send({ type: "ping" });
      await socket.waitFor((m) => m.type === "pong");
    }
    const token = readFileSync(path.join(owner.dataDir, "hook-token"), "utf8").trim();
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const post = (sessionId: string) =>
      new Promise<void>((resolve, reject) => {
        const payload = JSON.stringify({ hook_event_name: "Notification", session_id: sessionId, cwd: "/tmp/bench" });
        const req = request(
          {
            host: "127.0.0.1",
            port: owner.port,
            path: "/api/hooks/ingest",
            method: "POST",
            agent,
            headers: { "content-type": "application/json", "x-arbor-hook-token": token },
          },
          (res) => {
            res.resume();
            res.on("end", () => resolve());
          },
        );
        req.on("error", reject);
        req.end(payload);
      });
    const cross: number[] = [];
    const same: number[] = [];
    for (let index = 0; index < 110; index += 1) {
      const sessionId = `latency-${index}`;
      const started = performance.now();
      const arrivals = sockets.map((socket) =>
        socket
          .waitFor((m) => m.type === "hook_event" && m.event.sessionId === sessionId)
          .then(() => performance.now() - started),
      );
      await post(sessionId);
      const [sameMs, crossMs] = await Promise.all(arrivals);
      if (index >= 10) {
        same.push(sameMs!);
        cross.push(crossMs!);
      }
    }
    agent.destroy();
    for (const socket of sockets) socket.close();
    return {
      crossInstanceP50Ms: round(percentile(cross, 50)),
      crossInstanceP95Ms: round(percentile(cross, 95)),
      sameInstanceP50Ms: round(percentile(same, 50)),
    };
  } finally {
    for (const server of servers) {
      await server.stop();
      removeDataDir(server.dataDir);
    }
  }
}

const isDirectRun = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isDirectRun) console.log(JSON.stringify(await runPostgresBench(), null, 2));

/** Prints the PostgreSQL figures, each as a ratio against SQLite measured in the same run. */
export function reportPostgresBench(pg: Awaited<ReturnType<typeof runPostgresBench>>): void {
  console.log("\nPostgreSQL against SQLite (same machine, same run; ratio = PostgreSQL / SQLite)");
  const compared = (label: string, figure: { sqlite: number; postgresql: number; ratio: number }, unit: string) =>
    reportLine(label, `${figure.postgresql} vs ${figure.sqlite} ${unit} (ratio ${figure.ratio})`, "", true);
  compared("  hook ingest, 8 senders", pg.ingestEventsPerSecond, "events/s");
  reportLine("  hook events lost", String(pg.ingestEventsPerSecond.lost), "0", pg.ingestEventsPerSecond.lost === 0);
  compared("  POST /api/chat/send median", pg.sendMedianMs, "ms");
  compared("  prompt assembly, 10,000 messages median", pg.assemble10kMedianMs, "ms");
  compared("  search over 100,000 messages median", pg.search100kMedianMs, "ms");
  reportLine(
    "  cross-instance hook event p50 / p95",
    `${pg.crossInstanceP50Ms} / ${pg.crossInstanceP95Ms} ms (same instance ${pg.sameInstanceP50Ms} ms)`,
    "p50 <= 50 ms",
    pg.crossInstanceP50Ms <= 50,
  );
  const { stream } = pg;
  reportLine(
    "  streamed token on another instance p50 / p95",
    `${stream.tokenCrossP50Ms} / ${stream.tokenCrossP95Ms} ms (owner's own page ${stream.tokenSameP50Ms} / ${stream.tokenSameP95Ms} ms, ${stream.tokens} tokens)`,
    "p50 <= owner's + 50 ms",
    stream.tokenCrossP50Ms <= stream.tokenSameP50Ms + 50,
  );
  reportLine(
    "  send from another instance p50 / p95",
    `${stream.sendForwardedP50Ms} / ${stream.sendForwardedP95Ms} ms (on the owner itself ${stream.sendLocalP50Ms} ms)`,
    "",
    true,
  );
  const { dispatch } = pg;
  reportLine(
    "  plan node ready to taken by a runner p50 / p95",
    `${dispatch.handOverP50Ms} / ${dispatch.handOverP95Ms} ms (${dispatch.nodes} nodes)`,
    "p95 <= 1000 ms",
    dispatch.handOverP95Ms <= 1000,
  );
  reportLine(
    "  plan node ready to its agent run queued, runner / here",
    `${dispatch.runnerP50Ms} / ${dispatch.runnerP95Ms} ms (on the owner itself ${dispatch.localP50Ms} / ${dispatch.localP95Ms} ms)`,
    "",
    true,
  );
}
