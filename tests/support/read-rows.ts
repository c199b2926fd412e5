import path from "node:path";
import Database from "better-sqlite3";
import { ensurePostgresDatabase, isPostgresRun, withAdmin } from "./test-database.ts";

/**
 * Reads rows straight from the database of an Arbor data directory (or a createTestDb directory),
 * bypassing Arbor: the SQLite file, or in a PostgreSQL run that directory's database. `sql` uses
 * `?` placeholders on both.
 */
export async function readRows(
  dataDir: string,
  sql: string,
  params: unknown[] = [],
): Promise<Record<string, unknown>[]> {
  if (!isPostgresRun) {
    const db = new Database(path.join(dataDir, "arbor.db"), { readonly: true });
    try {
      return db.prepare(sql).all(...params) as Record<string, unknown>[];
    } finally {
      db.close();
    }
  }
  let index = 0;
  const text = sql.replace(/\?/g, () => `$${++index}`);
  const url = await ensurePostgresDatabase(dataDir);
  return withAdmin(url, async (client) => (await client.query(text, params)).rows as Record<string, unknown>[]);
}

/** The first row readRows finds, or undefined. */
export async function readRow(
  dataDir: string,
  sql: string,
  params: unknown[] = [],
): Promise<Record<string, unknown> | undefined> {
  return (await readRows(dataDir, sql, params))[0];
}
