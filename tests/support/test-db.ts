import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { applyPendingMigrations } from "@/lib/db/apply-migrations.ts";
import { createDb, type Db } from "@/lib/db/client.ts";
import { repoRoot } from "./start-arbor.ts";
import { dropPostgresDatabase, ensurePostgresDatabase, isPostgresRun } from "./test-database.ts";

/**
 * A throw-away database with every committed migration applied, and a client on it: a SQLite
 * file, or in a PostgreSQL run (ARBOR_TEST_DB=postgresql) a database of its own on the test server.
 */
export async function createTestDb(): Promise<{ db: Db; url: string; dir: string; close(): Promise<void> }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "arbor-testdb-"));
  const url = isPostgresRun ? await ensurePostgresDatabase(dir) : `file:${path.join(dir, "arbor.db")}`;
  await applyPendingMigrations({ url, root: repoRoot });
  const db = createDb(url);
  return {
    db,
    url,
    dir,
    async close() {
      await db.$disconnect();
      if (isPostgresRun) await dropPostgresDatabase(url);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
