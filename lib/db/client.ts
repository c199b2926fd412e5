import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "./generated/client.ts";
import { PrismaClient as PostgresPrismaClient } from "./generated-postgresql/client.ts";
import { databaseProvider, sqliteFilePath, type DatabaseProvider } from "./database-url.ts";
import { postgresPoolConfig } from "./postgres-connection.ts";
import { replaceNulInTextArgs } from "./postgres-text-args.ts";
import { closeSideConnection, sideConnectionFor, type SqliteSideConnection } from "./sqlite-side-connection.ts";
import { cacheStatementsOf } from "./sqlite-statement-cache.ts";
import { yieldBetweenSlices } from "./sqlite-time-slices.ts";
import { getConfig } from "@/lib/config/current-config.ts";

/**
 * The Prisma client type every caller sees. Both providers' clients are generated from the same
 * schema.prisma, so their model APIs are the same; this is the SQLite one's type.
 */
export type Db = PrismaClient;

/**
 * Each client carries its provider under a registry symbol, not in a module-scope map: the server
 * and Next's bundled route handlers hold separate copies of this module but share the client
 * (lib/runtime/attached-state.ts does the same for state that belongs to a client).
 */
const PROVIDER_KEY = Symbol.for("arbor.db.provider");
const SQLITE_FILE_KEY = Symbol.for("arbor.db.sqliteFile");
const BEFORE_DISCONNECT_KEY = Symbol.for("arbor.db.beforeDisconnect");

/**
 * Builds a client on `url` (the server builds one at boot and passes it as `ctx.db`): better-sqlite3
 * for `file:` (its queries yield to the event loop between time slices, sqlite-time-slices.ts, and
 * reuse their compiled statements, sqlite-statement-cache.ts),
 * node-postgres with a pool of `poolSize` connections for `postgresql://` (TLS from the
 * URL's `ssl*` parameters, passed through to pg). Busy timeout and pool size default to the
 * configuration's (ARBOR_DB_BUSY_TIMEOUT_MS, ARBOR_DB_POOL_SIZE).
 */
export function createDb(url: string, options: { busyTimeoutMs?: number; poolSize?: number } = {}): Db {
  const provider = databaseProvider(url);
  const busyTimeoutMs = options.busyTimeoutMs ?? getConfig().dbBusyTimeoutMs;
  const poolSize = options.poolSize ?? getConfig().dbPoolSize;
  const db =
    provider === "sqlite"
      ? new PrismaClient({
          adapter: yieldBetweenSlices(cacheStatementsOf(new PrismaBetterSqlite3({ url, timeout: busyTimeoutMs }))),
        })
      : (new PostgresPrismaClient({
          adapter: replaceNulInTextArgs(new PrismaPg(postgresPoolConfig({ url, poolSize }))),
        }) as unknown as Db);
  Object.defineProperty(db, PROVIDER_KEY, { value: provider });
  const beforeDisconnect = new Set<() => void>();
  Object.defineProperty(db, BEFORE_DISCONNECT_KEY, { value: beforeDisconnect });
  const filePath = provider === "sqlite" ? sqliteFilePath(url) : null;
  if (filePath) Object.defineProperty(db, SQLITE_FILE_KEY, { value: filePath });
  const disconnect = db.$disconnect.bind(db);
  Object.defineProperty(db, "$disconnect", {
    value: async () => {
      for (const task of beforeDisconnect) task();
      beforeDisconnect.clear();
      closeSideConnection(db);
      await disconnect();
    },
  });
  return db;
}

/** Runs `task` when the client is closed (e.g. cancel a timer that would use it). Returns the undo. */
export function onDisconnect(db: Db, task: () => void): () => void {
  const tasks = (db as unknown as Record<symbol, Set<() => void> | undefined>)[BEFORE_DISCONNECT_KEY];
  tasks?.add(task);
  return () => tasks?.delete(task);
}

/** The database file of an SQLite client; null on PostgreSQL. */
export function sqliteFileOf(db: Db): string | null {
  return (db as unknown as Record<symbol, string | undefined>)[SQLITE_FILE_KEY] ?? null;
}

/** The plain connection beside an SQLite client (see sqlite-side-connection.ts); null on PostgreSQL. */
export function sqliteSideConnectionOf(db: Db): SqliteSideConnection | null {
  const filePath = sqliteFileOf(db);
  return filePath ? sideConnectionFor(db, filePath) : null;
}

/** Which engine a client talks to, for the few queries written per provider (search, sizes). */
export function providerOf(db: Db): DatabaseProvider {
  return (db as unknown as Record<symbol, DatabaseProvider | undefined>)[PROVIDER_KEY] ?? "sqlite";
}
