import type { SqlDriverAdapterFactory, SqlQueryable } from "@prisma/driver-adapter-utils";

/** How long queries may run back to back before the event loop gets a turn. */
export const SQLITE_SLICE_MS = 4;

/**
 * better-sqlite3 answers synchronously, and Prisma resolves its promises as microtasks, so a chain
 * of awaited queries (a send reads and writes dozens) never lets the event loop run: with ten
 * agents streaming, WebSocket relays and HTTP answers waited behind such chains for tens of
 * milliseconds. Here a query that starts more than `sliceMs` after the first of an unbroken run of
 * queries first waits one turn of the event loop (setImmediate, so waiting queries keep their
 * order). Queries inside a transaction are not delayed, so transactions hold the connection no longer
 * than before; starting one is. Nothing changes for a query that finds the loop idle.
 */
export function yieldBetweenSlices(
  factory: SqlDriverAdapterFactory,
  options: { sliceMs?: number; now?: () => number } = {},
): SqlDriverAdapterFactory {
  const sliceMs = options.sliceMs ?? SQLITE_SLICE_MS;
  const now = options.now ?? (() => performance.now());
  let sliceStartedAt: number | null = null;
  const endSlice = () => {
    sliceStartedAt = null;
  };
  /** Resolves when this query may run: at once within a slice, after a turn of the loop past it. */
  const turn = async (): Promise<void> => {
    if (sliceStartedAt !== null && now() - sliceStartedAt >= sliceMs) {
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    if (sliceStartedAt === null) {
      sliceStartedAt = now();
      setImmediate(endSlice);
    }
  };
  const connect = factory.connect.bind(factory);
  factory.connect = async () => {
    const adapter = await connect();
    gate(adapter, turn);
    const startTransaction = adapter.startTransaction.bind(adapter);
    adapter.startTransaction = async (isolationLevel) => {
      await turn();
      return startTransaction(isolationLevel);
    };
    return adapter;
  };
  return factory;
}

function gate(queryable: SqlQueryable, turn: () => Promise<void>): void {
  const queryRaw = queryable.queryRaw.bind(queryable);
  const executeRaw = queryable.executeRaw.bind(queryable);
  queryable.queryRaw = async (query) => {
    await turn();
    return queryRaw(query);
  };
  queryable.executeRaw = async (query) => {
    await turn();
    return executeRaw(query);
  };
}
