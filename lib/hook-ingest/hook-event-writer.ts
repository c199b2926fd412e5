import type { Db } from "@/lib/db/client.ts";
import type { HookEvent as HookEventRow } from "@/lib/db/generated/client.ts";
import { insertHookEvents, type NewHookEvent } from "./insert-hook-events.ts";
import type { SearchIndex } from "./search-index.ts";

type Pending = { data: NewHookEvent; resolve: (row: HookEventRow | null) => void; reject: (error: unknown) => void };

/** Rows per INSERT: far below SQLite's 32,766 bound parameters (17 per row) and PostgreSQL's 65,535. */
const MAX_BATCH = 500;

/**
 * Group commit for hook events: every insert requested in the same turn of the event loop
 * goes into one statement (one implicit transaction), so concurrent deliveries share the cost
 * of a commit. Resolves each caller with its row, or null when its event id was already stored
 * or is taken by an earlier caller in the same batch. A failed statement rejects every caller
 * of its batch.
 */
export class HookEventWriter {
  #pending: Pending[] = [];
  #isScheduled = false;

  constructor(
    private readonly db: Db,
    private readonly searchIndex: SearchIndex,
  ) {}

  write(data: NewHookEvent): Promise<HookEventRow | null> {
    return new Promise((resolve, reject) => {
      this.#pending.push({ data, resolve, reject });
      this.#schedule();
    });
  }

  #schedule(): void {
    if (this.#isScheduled) return;
    this.#isScheduled = true;
    setImmediate(() => void this.#flush());
  }

  async #flush(): Promise<void> {
    this.#isScheduled = false;
    const batch = this.#pending.length > MAX_BATCH ? this.#pending.splice(0, MAX_BATCH) : this.#pending;
    if (batch === this.#pending) this.#pending = [];
    else this.#schedule();
    const firsts = new Map<string, Pending>();
    for (const item of batch) if (!firsts.has(item.data.eventId)) firsts.set(item.data.eventId, item);
    try {
      const rows = await insertHookEvents(
        this.db,
        [...firsts.values()].map((item) => item.data),
      );
      if (rows.length > 0) this.searchIndex.schedule();
      const byEventId = new Map(rows.map((row) => [row.eventId, row]));
      for (const item of batch)
        item.resolve(firsts.get(item.data.eventId) === item ? (byEventId.get(item.data.eventId) ?? null) : null);
    } catch (error) {
      for (const item of batch) item.reject(error);
    }
  }
}
