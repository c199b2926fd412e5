import type { Db } from "../db/client.ts";
import type { HookEvent as HookEventRow, Prisma } from "../db/generated/client.ts";
import { processSingleton } from "../runtime/process-singleton.ts";

type Pending = { data: Prisma.HookEventCreateManyInput; resolve: (row: HookEventRow | null) => void; reject: (error: unknown) => void };

/**
 * Group commit for hook events: every insert requested in the same turn of the event loop
 * goes into one statement and one transaction, so concurrent deliveries share the cost of a
 * commit. Resolves each caller with its row, or null when its event id was already stored.
 */
export class HookEventWriter {
  readonly #pending: Pending[] = [];
  #isScheduled = false;

  constructor(private readonly db: Db) {}

  write(data: Prisma.HookEventCreateManyInput): Promise<HookEventRow | null> {
    return new Promise((resolve, reject) => {
      this.#pending.push({ data, resolve, reject });
      if (!this.#isScheduled) {
        this.#isScheduled = true;
        setImmediate(() => void this.#flush());
      }
    });
  }

  async #flush(): Promise<void> {
    this.#isScheduled = false;
    const batch = this.#pending.splice(0);
    const ids = new Set(batch.map((item) => item.data.eventId));
    if (ids.size === batch.length) {
      try {
        const rows = await this.db.hookEvent.createManyAndReturn({ data: batch.map((item) => item.data) });
        const byEventId = new Map(rows.map((row) => [row.eventId, row]));
        for (const item of batch) item.resolve(byEventId.get(item.data.eventId) ?? null);
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== "P2002") {
          for (const item of batch) item.reject(error);
          return;
        }
      }
    }
    // A duplicate in the batch: insert one by one so only the duplicates are dropped.
    for (const item of batch) {
      try {
        item.resolve(await this.db.hookEvent.create({ data: item.data }));
      } catch (error) {
        if ((error as { code?: string }).code === "P2002") item.resolve(null);
        else item.reject(error);
      }
    }
  }
}

export function getHookEventWriter(db: Db): HookEventWriter {
  return processSingleton("hook-event-writer", () => new HookEventWriter(db));
}
