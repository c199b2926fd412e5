import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaClient } from "./generated/client.ts";
import { processSingleton, resetProcessSingleton } from "@/lib/runtime/process-singleton.ts";

export type Db = PrismaClient;

/** How long a query waits for another process's SQLite write lock before failing (ms). */
const BUSY_TIMEOUT_MS = Number(process.env.ARBOR_DB_BUSY_TIMEOUT_MS ?? 10_000);

/**
 * The process-wide Prisma client. The URL comes from DATABASE_URL, which the server sets at
 * boot from its validated configuration; a PostgreSQL adapter can be chosen here later by
 * the URL scheme without touching callers.
 */
export function getDb(): Db {
  return processSingleton("db", () => createDb(process.env.DATABASE_URL));
}

/** Builds a client for an explicit URL (tests, scripts). */
export function createDb(url: string | undefined): Db {
  if (!url) throw new Error("DATABASE_URL is not set; Arbor's server sets it at start-up.");
  if (!url.startsWith("file:")) {
    throw new Error(
      `Unsupported DATABASE_URL scheme "${url.split(":")[0]}:" (only SQLite file: URLs are wired so far).`,
    );
  }
  return new PrismaClient({ adapter: new PrismaBetterSqlite3({ url, timeout: BUSY_TIMEOUT_MS }) });
}

/** Closes the process-wide client (shutdown, tests). */
export async function closeDb(): Promise<void> {
  const key = Symbol.for("arbor.db");
  const db = (globalThis as unknown as Record<symbol, Db | undefined>)[key];
  resetProcessSingleton("db");
  await db?.$disconnect();
}
