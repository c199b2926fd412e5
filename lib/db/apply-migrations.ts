import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import type pg from "pg";
import { AppError } from "@/lib/errors/app-error.ts";
import { databaseProvider, describeDatabaseUrl, sqliteFilePath } from "./database-url.ts";
import {
  listPostgresTables,
  listSqliteTables,
  migrateEmptyPostgres,
  migrateEmptySqlite,
} from "./migrate-empty-database.ts";
import { findPendingMigrations, findUnknownMigrations, readMigrationsList } from "./migration-files.ts";
import { withPostgresClient } from "./postgres-connection.ts";
import { MIGRATIONS_DIRS, schemaForProvider } from "./provider-schema.ts";
import { openSchemaEngine } from "./schema-engine.ts";

export interface ApplyMigrationsResult {
  applied: string[];
}

/**
 * Applies the committed migrations of the URL's provider (`prisma/migrations` for SQLite,
 * `prisma/migrations-postgresql` for PostgreSQL) that the database has not recorded yet. A quick
 * read of `_prisma_migrations` decides first, so a normal start does not load the schema engine.
 * A new, empty database is migrated by Arbor itself (migrate-empty-database.ts); one Arbor migrated
 * before by the engine. Refuses, before writing anything: a database holding other tables and no record
 * of Arbor's migrations, one that records migrations this Arbor does not have (a newer Arbor migrated
 * it) and, on PostgreSQL, a role that could not create or write Arbor's tables.
 */
export async function applyPendingMigrations(input: { url: string; root: string }): Promise<ApplyMigrationsResult> {
  const provider = databaseProvider(input.url);
  const migrationsDir = path.join(input.root, MIGRATIONS_DIRS[provider]);
  const list = readMigrationsList(migrationsDir);
  const { appliedNames, tablesWithoutMigrations } =
    provider === "sqlite"
      ? readSqliteState(input.url)
      : await withPostgresClient(input.url, (client) => checkPostgresDatabase(client));
  const unknown = findUnknownMigrations(list, appliedNames);
  if (unknown.length > 0) {
    throw new AppError(
      "conflict",
      `The database at ${describeDatabaseUrl(input.url)} was migrated by a newer Arbor (${unknown.join(", ")} ${unknown.length === 1 ? "is" : "are"} not part of this version). Upgrade Arbor, or point DATABASE_URL at another database.`,
    );
  }
  const pending = findPendingMigrations(list, appliedNames);
  if (pending.length === 0) return { applied: [] };
  if (provider === "postgresql") await withPostgresClient(input.url, (client) => assertCanCreateTables(client));
  if (tablesWithoutMigrations?.length) {
    const shown = tablesWithoutMigrations.slice(0, 5).join(", ");
    const more = tablesWithoutMigrations.length > 5 ? ` and ${tablesWithoutMigrations.length - 5} more` : "";
    throw new AppError(
      "conflict",
      `The database at ${describeDatabaseUrl(input.url)} already holds tables Arbor did not make (${shown}${more}) and no record of Arbor's migrations. Point DATABASE_URL at a new or empty database; Arbor changed nothing in this one.`,
    );
  }
  if (tablesWithoutMigrations) {
    const applied =
      provider === "sqlite"
        ? migrateEmptySqlite(input.url, list)
        : await withPostgresClient(input.url, (client) => migrateEmptyPostgres(client, list));
    return { applied };
  }

  return applyWithSchemaEngine(input);
}

/** Applies the pending migrations through Prisma's schema engine, whatever the database holds. */
export async function applyWithSchemaEngine(input: { url: string; root: string }): Promise<ApplyMigrationsResult> {
  const provider = databaseProvider(input.url);
  const list = readMigrationsList(path.join(input.root, MIGRATIONS_DIRS[provider]));
  const schemaText = schemaForProvider(readFileSync(path.join(input.root, "prisma", "schema.prisma"), "utf8"), {
    provider,
  });
  const { engine, close } = await openSchemaEngine({ url: input.url, schemaText });
  try {
    const result = await engine.applyMigrations({
      migrationsList: list,
      filters: { externalTables: [], externalEnums: [] },
    });
    return { applied: result.appliedMigrationNames };
  } finally {
    await close();
  }
}

interface DatabaseState {
  appliedNames: Set<string>;
  /** With no `_prisma_migrations` table, the tables there are: none in a new database. Null when it exists. */
  tablesWithoutMigrations: string[] | null;
}

/** Also switches the file to WAL (persistent), before any other connection is open. */
function readSqliteState(url: string): DatabaseState {
  const file = sqliteFilePath(url);
  mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  try {
    db.pragma("journal_mode = WAL");
    const table = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = '_prisma_migrations'")
      .get();
    if (!table) return { appliedNames: new Set(), tablesWithoutMigrations: listSqliteTables(db) };
    const rows = db.prepare(APPLIED_NAMES_SQL).all() as Array<{ migration_name: string }>;
    return { appliedNames: new Set(rows.map((row) => row.migration_name)), tablesWithoutMigrations: null };
  } finally {
    db.close();
  }
}

const APPLIED_NAMES_SQL =
  "SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL";

/**
 * Reads the applied migrations and checks, before anything is written, that the role can read
 * and write every table already there (a read-only role would otherwise fail at the first send).
 */
async function checkPostgresDatabase(client: pg.Client): Promise<DatabaseState> {
  const exists = await client.query<{ present: boolean }>(
    "SELECT to_regclass('_prisma_migrations') IS NOT NULL AS present",
  );
  if (!exists.rows[0]?.present)
    return { appliedNames: new Set(), tablesWithoutMigrations: await listPostgresTables(client) };
  const denied = await client.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND c.relkind = 'r'
        AND NOT has_table_privilege(c.oid, 'SELECT, INSERT, UPDATE, DELETE')
      ORDER BY 1`,
  );
  if (denied.rows.length > 0) {
    const error = Object.assign(
      new Error(`it may not read and write ${denied.rows.map((row) => row.name).join(", ")}`),
      { code: "42501" },
    );
    throw error;
  }
  const rows = await client.query<{ migration_name: string }>(APPLIED_NAMES_SQL);
  return { appliedNames: new Set(rows.rows.map((row) => row.migration_name)), tablesWithoutMigrations: null };
}

async function assertCanCreateTables(client: pg.Client): Promise<void> {
  const result = await client.query<{ can_create: boolean; schema: string | null }>(
    "SELECT current_schema() AS schema, coalesce(has_schema_privilege(current_schema(), 'CREATE'), false) AS can_create",
  );
  const row = result.rows[0];
  if (!row?.can_create) {
    throw Object.assign(new Error(`it may not create tables in schema "${row?.schema ?? "public"}"`), {
      code: "42501",
    });
  }
}
