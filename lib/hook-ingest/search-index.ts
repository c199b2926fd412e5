import { onDisconnect, providerOf, type Db } from "@/lib/db/client.ts";
import { keepWalShort } from "@/lib/db/keep-wal-short.ts";

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

/**
 * SQLite's trigram search index of one database's hook events, and when it catches up next: one per
 * runtime context (lib/context), so the server's and Next's copies of lib/ share it.
 */
export class SearchIndex {
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<void> | null = null;

  constructor(private readonly db: Db) {}

  /**
   * Indexes every hook event stored since the last time (nothing on PostgreSQL), in transactions of
   * 2,000 that move the mark with the rows they index, so a crash half way loses nothing and indexes
   * nothing twice. Concurrent callers share one run.
   */
  catchUp(): Promise<void> {
    const { db } = this;
    if (providerOf(db) !== "sqlite") return Promise.resolve();
    this.#running ??= (async () => {
      try {
        for (;;) {
          const [indexed] = await db.$transaction([db.$executeRawUnsafe(INDEX_NEXT), db.$executeRawUnsafe(MOVE_MARK)]);
          if (indexed < BATCH) return;
          await keepWalShort(db);
          await new Promise((resolve) => setImmediate(resolve));
        }
      } finally {
        this.#running = null;
      }
    })();
    return this.#running;
  }

  /** After events were stored: index them a moment later, together with whatever else comes meanwhile. */
  schedule(): void {
    if (providerOf(this.db) !== "sqlite" || this.#timer) return;
    const timer = setTimeout(() => {
      this.#timer = null;
      forget();
      this.catchUp().catch((error: unknown) => console.error("[arbor] hook search index", error));
    }, DELAY_MS);
    timer.unref();
    this.#timer = timer;
    // A client closed meanwhile (shutdown, a test's database) is not opened again for this.
    const forget = onDisconnect(this.db, () => {
      clearTimeout(timer);
      this.#timer = null;
    });
  }
}
