import { mkdirSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { findPendingMigrations, readMigrationsList } from "./migration-files.ts";
import { openSchemaEngine } from "./schema-engine.ts";
import { sqliteFilePath } from "./database-url.ts";

export interface ApplyMigrationsResult {
  applied: string[];
}

/**
 * Applies committed migrations that the database has not recorded yet. A quick read of
 * `_prisma_migrations` decides first, so a normal start does not load the schema engine.
 */
export async function applyPendingMigrations(input: {
  url: string;
  migrationsDir: string;
  schemaPath: string;
}): Promise<ApplyMigrationsResult> {
  const file = sqliteFilePath(input.url);
  mkdirSync(path.dirname(file), { recursive: true });
  const list = readMigrationsList(input.migrationsDir);
  const pending = findPendingMigrations(list, readAppliedMigrationNames(file));
  if (pending.length === 0) return { applied: [] };

  const { engine, close } = await openSchemaEngine({ url: input.url, schemaPath: input.schemaPath });
  try {
    const result = await engine.applyMigrations({
      migrationsList: list,
      filters: { externalTables: [], externalEnums: [] },
    });
    return { applied: result.appliedMigrationNames };
  } finally {
    close();
  }
}

/** Also switches the file to WAL (persistent), before any other connection is open. */
function readAppliedMigrationNames(file: string): Set<string> {
  const db = new Database(file);
  try {
    db.pragma("journal_mode = WAL");
    const table = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = '_prisma_migrations'")
      .get();
    if (!table) return new Set();
    const rows = db
      .prepare("SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL")
      .all() as Array<{ migration_name: string }>;
    return new Set(rows.map((row) => row.migration_name));
  } finally {
    db.close();
  }
}
