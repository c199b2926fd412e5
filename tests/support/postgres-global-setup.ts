import { spawnSync } from "node:child_process";
import { repoRoot } from "./start-arbor.ts";
import { POSTGRES_TEMPLATE_DATABASE } from "./test-database.ts";
import { findPostgresBinDir, POSTGRES_MISSING, startThrowawayPostgres } from "./throwaway-postgres.ts";

/**
 * vitest globalSetup of the PostgreSQL projects (integration-pg, security-pg, faults-pg, team): when
 * none is named in ARBOR_TEST_POSTGRES_URL, one throw-away server is started for the whole run and
 * its URL handed to the test processes (they are forked after this ran, so they inherit the
 * environment). Every migration is applied once to a template database, which each test server's
 * database is created from. Without PostgreSQL installed the suites say so and skip by name.
 */
export default async function setup(): Promise<(() => Promise<void>) | void> {
  if (process.env.ARBOR_TEST_POSTGRES_URL) return;
  if (!findPostgresBinDir()) {
    process.env.ARBOR_TEST_POSTGRES_MISSING = POSTGRES_MISSING;
    console.warn(`[tests] ${POSTGRES_MISSING}; the suites that need it are skipped`);
    return;
  }
  const server = await startThrowawayPostgres();
  try {
    await createTemplateDatabase(server.adminUrl, server.urlOf(POSTGRES_TEMPLATE_DATABASE));
  } catch (error) {
    await server.stop();
    throw error;
  }
  process.env.ARBOR_TEST_POSTGRES_URL = server.adminUrl;
  return async () => {
    delete process.env.ARBOR_TEST_POSTGRES_URL;
    await server.stop();
  };
}

/** The template every test database copies: created and migrated by Arbor's own runner. */
async function createTemplateDatabase(adminUrl: string, templateUrl: string): Promise<void> {
  const pg = (await import("pg")).default;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${POSTGRES_TEMPLATE_DATABASE}`);
  } finally {
    await client.end();
  }
  const migrate = spawnSync(
    process.execPath,
    ["--import", "tsx", "scripts/migrate.ts", "apply", "--url", templateUrl],
    {
      cwd: repoRoot,
      encoding: "utf8",
    },
  );
  if (migrate.status !== 0) throw new Error(`migrating the test template failed:\n${migrate.stdout}${migrate.stderr}`);
}
