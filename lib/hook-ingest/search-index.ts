import { onDisconnect, providerOf, type Db } from "@/lib/db/client.ts";
import { keepWalShort } from "@/lib/db/keep-wal-short.ts";
import { defineProcessState } from "@/lib/runtime/process-state.ts";

/** Events indexed per transaction: a few milliseconds each, with a turn of the event loop between them. */
const BATCH = 2_000;
/** How long after a write the index catches up (many small writes share one indexing transaction). */
const DELAY_MS = 250;

const INDEX_NEXT = `
  INSERT INTO hook_events_fts(rowid, text)
  SELECT id, summary || char(10) || session_id || char(10) || coalesce(tool_name, '') FROM hook_events
  WHERE id > (SELECT indexed_through FROM hook_events_fts_state) ORDER BY id LIMIT ${BATCH}`;
const MOVE_MARK = `
  UPDATE hook_events_fts_state SET indexed_through = coalesce(
    (SELECT max(id) FROM (SELECT id FROM hook_events WHERE id > indexed_through ORDER BY id LIMIT ${BATCH})),
    indexed_through)`;

const indexState = defineProcessState(
  "hookSearchIndex",
  () => new WeakMap<Db, { timer: NodeJS.Timeout | null; running: Promise<void> | null }>(),
);

/**
 * Indexes every hook event stored since the last time (SQLite's trigram search index; nothing on
 * PostgreSQL), in transactions of 2,000 that move the mark with the rows they index, so a crash
 * half way loses nothing and indexes nothing twice. Concurrent callers share one run.
 */
export function catchUpSearchIndex(db: Db): Promise<void> {
  if (providerOf(db) !== "sqlite") return Promise.resolve();
  const state = stateOf(db);
  state.running ??= (async () => {
    try {
      for (;;) {
        const [indexed] = await db.$transaction([db.$executeRawUnsafe(INDEX_NEXT), db.$executeRawUnsafe(MOVE_MARK)]);
        if (indexed < BATCH) return;
        await keepWalShort(db);
        await new Promise((resolve) => setImmediate(resolve));
      }
    } finally {
      state.running = null;
    }
  })();
  return state.running;
}

/** After events were stored: index them a moment later, together with whatever else comes meanwhile. */
export function scheduleSearchIndex(db: Db): void {
  if (providerOf(db) !== "sqlite") return;
  const state = stateOf(db);
  if (state.timer) return;
  const timer = setTimeout(() => {
    state.timer = null;
    forget();
    catchUpSearchIndex(db).catch((error: unknown) => console.error("[arbor] hook search index", error));
  }, DELAY_MS);
  timer.unref();
  state.timer = timer;
  // A client closed meanwhile (shutdown, a test's database) is not opened again for this.
  const forget = onDisconnect(db, () => {
    clearTimeout(timer);
    state.timer = null;
  });
}

function stateOf(db: Db) {
  const states = indexState.get();
  let state = states.get(db);
  if (!state) {
    state = { timer: null, running: null };
    states.set(db, state);
  }
  return state;
}
