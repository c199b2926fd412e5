import { createHash, randomUUID } from "node:crypto";
import Database from "better-sqlite3";
import type pg from "pg";
import { AppError } from "@/lib/errors/app-error.ts";
import { sqliteFilePath } from "./database-url.ts";
import type { MigrationsList } from "./migration-files.ts";

/**
 * A new, empty database gets every committed migration from Arbor itself, in one transaction, and
 * the same `_prisma_migrations` rows Prisma's schema engine writes (a later engine run sees them as its
 * own). The engine is a 10 MB WebAssembly module: loading it cost a first start (and every test server)
 * about half a second of CPU, for what is only running SQL files in order. A database that already has
 * tables still goes through the engine (docs/decisions/0022-arbor-migrates-new-databases.md).
 */

/** Prisma's own definitions of its bookkeeping table (prisma-engines, per provider). */
const MIGRATIONS_TABLE = {
  sqlite: `CREATE TABLE "_prisma_migrations" (
    "id"                    TEXT PRIMARY KEY NOT NULL,
    "checksum"              TEXT NOT NULL,
    "finished_at"           DATETIME,
    "migration_name"        TEXT NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        DATETIME,
    "started_at"            DATETIME NOT NULL DEFAULT current_timestamp,
    "applied_steps_count"   INTEGER UNSIGNED NOT NULL DEFAULT 0
)`,
  postgresql: `CREATE TABLE "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`,
} as const;

interface MigrationRow {
  id: string;
  checksum: string;
  name: string;
  script: string;
}

function rowsOf(list: MigrationsList): MigrationRow[] {
  return list.migrationDirectories.map((dir) => ({
    id: randomUUID(),
    // What the engine records: the SHA-256 of the file's bytes, in hex.
    checksum: createHash("sha256").update(dir.migrationFile.content.value).digest("hex"),
    name: dir.path,
    script: dir.migrationFile.content.value,
  }));
}

/** The engine's timestamp text in SQLite: ISO 8601 with milliseconds and an explicit UTC offset. */
const sqliteNow = () => new Date().toISOString().replace("Z", "+00:00");

function failed(name: string, error: unknown): AppError {
  const reason = error instanceof Error ? error.message : String(error);
  return new AppError(
    "internal",
    `Migration ${name} failed on the new database (${reason}); nothing was written. Report this with the migration's name.`,
  );
}

/** The SQLite file's tables (none in a new data directory). */
export function listSqliteTables(db: Database.Database): string[] {
  const rows = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name <> 'sqlite_sequence' ORDER BY name")
    .all() as Array<{ name: string }>;
  return rows.map((row) => row.name);
}

/** Applies every migration to the empty SQLite file at `url`. */
export function migrateEmptySqlite(url: string, list: MigrationsList): string[] {
  const rows = rowsOf(list);
  const db = new Database(sqliteFilePath(url));
  try {
    db.transaction(() => {
      db.exec(MIGRATIONS_TABLE.sqlite);
      const insert = db.prepare(
        `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, started_at, applied_steps_count)
         VALUES (?, ?, ?, ?, ?, 1)`,
      );
      for (const row of rows) {
        const startedAt = sqliteNow();
        try {
          db.exec(row.script);
        } catch (error) {
          throw failed(row.name, error);
        }
        insert.run(row.id, row.checksum, sqliteNow(), row.name, startedAt);
      }
    })();
    return rows.map((row) => row.name);
  } finally {
    db.close();
  }
}

/** The tables of the connection's schema. */
export async function listPostgresTables(client: pg.Client): Promise<string[]> {
  const result = await client.query<{ name: string }>(
    "SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() ORDER BY 1",
  );
  return result.rows.map((row) => row.name);
}

/** Applies every migration to the connection's empty schema, all or nothing (PostgreSQL DDL is transactional). */
export async function migrateEmptyPostgres(client: pg.Client, list: MigrationsList): Promise<string[]> {
  const rows = rowsOf(list);
  await client.query("BEGIN");
  try {
    await client.query(MIGRATIONS_TABLE.postgresql);
    for (const row of rows) {
      const startedAt = new Date();
      try {
        await client.query(row.script);
      } catch (error) {
        throw failed(row.name, error);
      }
      await client.query(
        `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, started_at, applied_steps_count)
         VALUES ($1, $2, now(), $3, $4, 1)`,
        [row.id, row.checksum, row.name, startedAt],
      );
    }
    await client.query("COMMIT");
    return rows.map((row) => row.name);
  } catch (error) {
    await client.query("ROLLBACK");
    throw error;
  }
}
