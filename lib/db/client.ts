import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaClient } from "./generated/client.ts";
import { getConfig } from "@/lib/config/current-config.ts";
import { defineProcessState } from "@/lib/runtime/process-state.ts";

export type Db = PrismaClient;

const dbState = defineProcessState<Db>("db", () => createDb(getConfig().databaseUrl));

/**
 * The process-wide Prisma client on the configured database URL; a PostgreSQL adapter can be
 * chosen here later by the URL scheme without touching callers.
 */
export function getDb(): Db {
  return dbState.get();
}

/** Builds a client for an explicit URL (tests, scripts). */
export function createDb(url: string): Db {
  if (!url.startsWith("file:")) {
    throw new Error(
      `Unsupported DATABASE_URL scheme "${url.split(":")[0]}:" (only SQLite file: URLs are wired so far).`,
    );
  }
  return new PrismaClient({ adapter: new PrismaBetterSqlite3({ url, timeout: getConfig().dbBusyTimeoutMs }) });
}

/** Closes the process-wide client (shutdown, tests). */
export async function closeDb(): Promise<void> {
  const db = dbState.peek();
  dbState.reset();
  await db?.$disconnect();
}
