import { createHash } from "node:crypto";
import pg from "pg";
import { POSTGRES_MISSING } from "./throwaway-postgres.ts";

/**
 * Which database the test servers use. `ARBOR_TEST_DB=postgresql` (npm run test:postgresql) runs
 * the suites against the throw-away PostgreSQL that tests/support/postgres-global-setup.ts started
 * (or the one .ci/run or the developer named in ARBOR_TEST_POSTGRES_URL); otherwise SQLite files.
 */
export const isPostgresRun = process.env.ARBOR_TEST_DB === "postgresql";

/** The migrated database each test database is copied from (made once by the global setup). */
export const POSTGRES_TEMPLATE_DATABASE = "arbor_test_template";

/** The superuser URL of the test PostgreSQL server, or null when none is running. */
export function postgresAdminUrl(): string | null {
  return process.env.ARBOR_TEST_POSTGRES_URL || null;
}

/** Why PostgreSQL tests are skipped, or null when they can run. */
export function postgresSkipReason(): string | null {
  return postgresAdminUrl() ? null : (process.env.ARBOR_TEST_POSTGRES_MISSING ?? POSTGRES_MISSING);
}

/**
 * A database of its own on the test server, named after `key` (a data directory: a restarted
 * server finds its database again); created when missing, migrated (a copy of the template) when
 * the global setup made one.
 * Returns its URL.
 */
export async function ensurePostgresDatabase(key: string): Promise<string> {
  const admin = postgresAdminUrl();
  if (!admin) throw new Error(postgresSkipReason() ?? "no PostgreSQL");
  const name = `arbor_${createHash("sha256").update(key).digest("hex").slice(0, 20)}`;
  await withAdmin(admin, async (client) => {
    const exists = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (exists.rowCount !== 0) return;
    // A server named in ARBOR_TEST_POSTGRES_URL may have no template: the database starts empty and
    // is migrated by Arbor (or createTestDb) like a user's.
    const template = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [POSTGRES_TEMPLATE_DATABASE]);
    await client.query(`CREATE DATABASE ${name}${template.rowCount ? ` TEMPLATE ${POSTGRES_TEMPLATE_DATABASE}` : ""}`);
  });
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.href;
}

/** Drops a database made by ensurePostgresDatabase (closing its connections first). */
export async function dropPostgresDatabase(databaseUrl: string): Promise<void> {
  const admin = postgresAdminUrl();
  if (!admin) return;
  const name = new URL(databaseUrl).pathname.slice(1);
  await withAdmin(admin, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}

/** Runs SQL as the test server's superuser (roles and rights for the fault tests). */
export async function withAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The environment a test server needs for the database of this run (empty for SQLite). */
export async function databaseEnvFor(dataDir: string): Promise<Record<string, string>> {
  return isPostgresRun ? { DATABASE_URL: await ensurePostgresDatabase(dataDir) } : {};
}
