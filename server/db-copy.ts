import { existsSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { applyPendingMigrations } from "@/lib/db/apply-migrations.ts";
import { createDb } from "@/lib/db/client.ts";
import type pg from "pg";
import {
  copyTable,
  listModelTablesInOrder,
  resetSequences,
  summarizeTargetTable,
  type TableCopy,
} from "@/lib/db/copy-tables.ts";
import { databaseProvider, describeDatabaseUrl } from "@/lib/db/database-url.ts";
import { EXTERNAL_TABLES } from "@/lib/db/external-tables.ts";
import { withPostgresClient } from "@/lib/db/postgres-connection.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { getLocalInstance } from "@/lib/team/local-instance.ts";

export interface CopyReport {
  tables: Array<TableCopy & { isVerified: boolean }>;
}

/**
 * `arbor db copy`: copies a data directory's SQLite database into an EMPTY PostgreSQL database.
 * Both are migrated to this Arbor's schema first; the source's repositories are claimed by the
 * source's instance (this host + that data directory, as `npm start` with it will be). Every table
 * is copied in one transaction, then read back and compared (row count and checksum per table);
 * a mismatch rolls everything back. A target that already holds any row is refused.
 */
export async function copySqliteToPostgres(input: {
  root: string;
  dataDir: string;
  targetUrl: string;
  log: (line: string) => void;
}): Promise<CopyReport> {
  if (databaseProvider(input.targetUrl) !== "postgresql") {
    throw new AppError("invalid_input", "The copy target must be a postgresql:// URL.");
  }
  const sourceFile = path.join(input.dataDir, "arbor.db");
  if (!existsSync(sourceFile)) {
    throw new AppError("not_found", `No SQLite database at ${sourceFile}. Pass the data directory with --data-dir.`);
  }
  const sourceUrl = `file:${sourceFile}`;
  await applyPendingMigrations({ url: sourceUrl, root: input.root });
  const sourceDb = createDb(sourceUrl);
  try {
    await getLocalInstance(sourceDb, { dataDir: input.dataDir });
  } finally {
    await sourceDb.$disconnect();
  }
  await applyPendingMigrations({ url: input.targetUrl, root: input.root });

  const source = new Database(sourceFile, { readonly: true });
  try {
    const tables = listModelTablesInOrder(source, EXTERNAL_TABLES.sqlite);
    return await withPostgresClient(input.targetUrl, async (target) => {
      await assertEmpty({ target, tables, url: input.targetUrl });
      await target.query("BEGIN");
      try {
        source.exec("BEGIN"); // one read snapshot of SQLite for the whole copy
        const copied: TableCopy[] = [];
        for (const table of tables) {
          copied.push(await copyTable({ source, target, table }));
          await resetSequences(target, table);
          input.log(`copied ${table}: ${copied.at(-1)!.rows} rows`);
        }
        source.exec("COMMIT");
        const report = await verify({ target, copied });
        const bad = report.tables.filter((table) => !table.isVerified);
        if (bad.length > 0) {
          throw new AppError(
            "internal",
            `Verification failed for ${bad.map((table) => table.table).join(", ")}: the copy was rolled back and the target is empty again.`,
          );
        }
        await target.query("COMMIT");
        // Fresh statistics, so the first searches do not wait for autovacuum to learn the copied tables.
        await target.query("ANALYZE");
        return report;
      } catch (error) {
        if (source.inTransaction) source.exec("ROLLBACK");
        await target.query("ROLLBACK");
        throw error;
      }
    });
  } finally {
    source.close();
  }
}

async function assertEmpty(input: { target: pg.ClientBase; tables: string[]; url: string }) {
  const filled: string[] = [];
  for (const table of input.tables) {
    const result = await input.target.query<{ count: string }>(`SELECT count(*) AS count FROM "${table}"`);
    const count = Number(result.rows[0]?.count ?? 0);
    if (count > 0) filled.push(`${table} (${count})`);
  }
  if (filled.length > 0) {
    throw new AppError(
      "conflict",
      `The target database ${describeDatabaseUrl(input.url)} is not empty: ${filled.join(", ")}. Arbor copies only into an empty database; create a new one (createdb) and copy again. Nothing was written.`,
    );
  }
}

async function verify(input: { target: pg.ClientBase; copied: TableCopy[] }): Promise<CopyReport> {
  const tables: CopyReport["tables"] = [];
  for (const copy of input.copied) {
    const stored = await summarizeTargetTable(input.target, copy.table);
    tables.push({ ...copy, isVerified: stored.rows === copy.rows && stored.checksum === copy.checksum });
  }
  return { tables };
}
