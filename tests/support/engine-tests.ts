import { it } from "vitest";
import { isPostgresRun } from "./test-database.ts";

/**
 * A test of a file that also runs on PostgreSQL (`POSTGRES_SUITES` in vitest.config.ts) whose code takes no
 * engine-specific path: it runs in the SQLite run and is reported as skipped in the PostgreSQL one, which keeps
 * the tests that reach raw SQL or a unique-key race.
 */
export const itOnSqliteOnly = isPostgresRun ? it.skip : it;
