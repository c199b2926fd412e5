import pg from "pg";
import { postgresPoolConfig } from "@/lib/db/postgres-connection.ts";
import type { Db } from "@/lib/db/client.ts";
import { defineAttachedState } from "@/lib/runtime/attached-state.ts";
import { coalesceKey, teamPayloadSchema, type TeamNotice } from "./team-notice.ts";

/** The NOTIFY channel every instance of a database listens on. */
export const TEAM_CHANNEL = "arbor_team";
/** At most one coalesced notice per key in this window (the first goes at once, the last is kept). */
const COALESCE_MS = 150;
const RECONNECT_MS = 1_000;

export interface ReceivedNotice {
  from: string;
  notice: TeamNotice;
  /** Sender's clock when it was sent (ms since epoch): cross-instance latency. */
  sentAt: number;
}

interface FeedState {
  instanceId: string;
  /** Delivery times of received notices (receiver clock minus sender clock, ms), for the metrics. */
  latenciesMs: number[];
  client: pg.Client | null;
  isClosed: boolean;
  pending: Map<string, { notice: TeamNotice; timer: NodeJS.Timeout | null; lastSentAt: number }>;
}

/** Kept on the database client the feed serves: what both copies of lib/ publish on it reaches the others. */
const feedState = defineAttachedState<{ current: FeedState | null }>("db.teamFeed", () => ({ current: null }));

/**
 * Joins the team channel of a PostgreSQL database: one dedicated connection LISTENs (and sends this
 * instance's notices), reconnecting after a drop. `onNotice` gets every other instance's notice.
 * `db` is the client whose writes the notices announce (notifyTeam finds the feed on it).
 */
export async function startTeamFeed(input: {
  db: Db;
  url: string;
  instanceId: string;
  onNotice: (received: ReceivedNotice) => void;
  onError: (error: Error) => void;
}): Promise<{ close(): Promise<void> }> {
  const state: FeedState = {
    instanceId: input.instanceId,
    latenciesMs: [],
    client: null,
    isClosed: false,
    pending: new Map(),
  };
  const slot = feedState.get(input.db);
  slot.current = state;

  const connect = async (): Promise<void> => {
    const client = new pg.Client(postgresPoolConfig({ url: input.url, poolSize: 1 }));
    client.on("notification", (message) => {
      if (message.channel !== TEAM_CHANNEL || !message.payload) return;
      const parsed = teamPayloadSchema.safeParse(safeJson(message.payload));
      if (!parsed.success || parsed.data.from === state.instanceId) return;
      if (state.latenciesMs.length < 10_000) state.latenciesMs.push(Date.now() - parsed.data.sentAt);
      input.onNotice(parsed.data);
    });
    client.on("error", (error) => {
      input.onError(error);
      if (state.client === client) state.client = null;
      scheduleReconnect();
    });
    await client.connect();
    await client.query(`LISTEN ${TEAM_CHANNEL}`);
    state.client = client;
  };
  const scheduleReconnect = () => {
    if (state.isClosed) return;
    setTimeout(() => {
      if (!state.isClosed && !state.client)
        connect().catch((error: Error) => (input.onError(error), scheduleReconnect()));
    }, RECONNECT_MS).unref();
  };

  await connect();
  return {
    async close() {
      state.isClosed = true;
      for (const entry of state.pending.values()) if (entry.timer) clearTimeout(entry.timer);
      if (slot.current === state) slot.current = null;
      await state.client?.end();
      state.client = null;
    },
  };
}

/** Tells the other instances (no-op without a team feed on `db`: SQLite, scripts, tests calling lib). */
export function notifyTeam(db: Db, notice: TeamNotice): void {
  const state = feedState.peek(db)?.current;
  if (!state) return;
  const key = coalesceKey(notice);
  if (key === null) return send(state, notice);
  const now = Date.now();
  const entry = state.pending.get(key);
  if (!entry || (!entry.timer && now - entry.lastSentAt >= COALESCE_MS)) {
    if (state.pending.size > 256) forgetQuietKeys(state, now);
    state.pending.set(key, { notice, timer: null, lastSentAt: now });
    return send(state, notice);
  }
  entry.notice = notice;
  if (entry.timer) return;
  entry.timer = setTimeout(
    () => {
      entry.timer = null;
      entry.lastSentAt = Date.now();
      send(state, entry.notice);
    },
    COALESCE_MS - (now - entry.lastSentAt),
  );
  entry.timer.unref();
}

function forgetQuietKeys(state: FeedState, now: number): void {
  for (const [key, entry] of state.pending) {
    if (!entry.timer && now - entry.lastSentAt > COALESCE_MS) state.pending.delete(key);
  }
}

function send(state: FeedState, notice: TeamNotice): void {
  const client = state.client;
  if (!client) return; // reconnecting: the others reread everything when they next load
  const payload = JSON.stringify({ from: state.instanceId, notice, sentAt: Date.now() });
  client.query("SELECT pg_notify($1, $2)", [TEAM_CHANNEL, payload]).catch((error: Error) => {
    console.warn(`[arbor] team notice not sent: ${error.message}`);
  });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** Received notices' delivery times since the last reset (null without a team feed). */
export function readTeamLatencies(
  db: Db,
  options: { reset?: boolean } = {},
): { count: number; p50: number; p95: number } | null {
  const state = feedState.peek(db)?.current;
  if (!state) return null;
  const sorted = [...state.latenciesMs].sort((a, b) => a - b);
  if (options.reset) state.latenciesMs = [];
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { count: sorted.length, p50: at(0.5), p95: at(0.95) };
}
