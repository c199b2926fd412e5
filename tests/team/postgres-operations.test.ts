import { mkdtempSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { applyPendingMigrations, applyWithSchemaEngine } from "@/lib/db/apply-migrations.ts";
import type { ErrorBody } from "@/tests/support/api-types.ts";
import { callApi } from "@/tests/support/call-api.ts";
import { removeDataDir, repoRoot, startArbor } from "@/tests/support/start-arbor.ts";
import {
  dropPostgresDatabase,
  ensurePostgresDatabase,
  postgresAdminUrl,
  postgresSkipReason,
  withAdmin,
} from "@/tests/support/test-database.ts";

/**
 * Operating Arbor on PostgreSQL: credentials only from the environment and never printed, TLS
 * settings passed through to the driver, clear start-up errors, and a bounded connection pool.
 */
const skipReason = postgresSkipReason();
const title = "Arbor on PostgreSQL: start-up errors, credentials, TLS and the pool";
const PASSWORD = "Op-secret-7c2a9";
const cleanups: Array<() => Promise<void>> = [];

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** `url` with this role and the test password (the throw-away server trusts 127.0.0.1). */
function withCredentials(url: string, role = "postgres"): string {
  const parsed = new URL(url);
  parsed.username = role;
  parsed.password = PASSWORD;
  return parsed.href;
}

/** Starts Arbor expecting it to refuse; returns everything it printed. */
async function startFailing(env: Record<string, string>): Promise<string> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "arbor-pg-ops-"));
  cleanups.push(() => Promise.resolve(removeDataDir(dataDir)));
  const error = await startArbor({ dataDir, env }).then(
    () => new Error("Arbor started"),
    (failure: Error) => failure,
  );
  expect(error.message).toMatch(/^Arbor exited with code [1-9]/);
  expect(error.message).not.toContain(PASSWORD);
  return error.message;
}

async function freshDatabase(name: string, options: { template?: string } = {}): Promise<string> {
  const admin = postgresAdminUrl()!;
  await withAdmin(admin, (client) =>
    client.query(`CREATE DATABASE ${name} TEMPLATE ${options.template ?? "template0"}`),
  );
  const url = new URL(admin);
  url.pathname = `/${name}`;
  cleanups.push(() => dropPostgresDatabase(url.href));
  return url.href;
}

function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

describe.skipIf(skipReason)(skipReason ? `${title} (skipped: ${skipReason})` : title, () => {
  it("says PostgreSQL cannot be reached, naming host and port but not the password", async () => {
    const port = await closedPort();
    const output = await startFailing({ DATABASE_URL: `postgresql://arbor:${PASSWORD}@127.0.0.1:${port}/arbor` });
    expect(output).toContain(
      `PostgreSQL at postgresql://arbor@127.0.0.1:${port}/arbor cannot be reached (ECONNREFUSED)`,
    );
  });

  it("says the role lacks rights, and how to grant them, before writing anything", async () => {
    const role = `arbor_limited_${process.pid}`;
    const url = await freshDatabase(`arbor_rights_${process.pid}`);
    await withAdmin(postgresAdminUrl()!, (client) => client.query(`CREATE ROLE ${role} LOGIN`));
    cleanups.push(() =>
      withAdmin(postgresAdminUrl()!, (client) => client.query(`DROP ROLE IF EXISTS ${role}`)).then(() => undefined),
    );
    const output = await startFailing({ DATABASE_URL: withCredentials(url, role) });
    expect(output).toContain(`Role "${role}" lacks rights in database "arbor_rights_${process.pid}"`);
    expect(output).toContain(`GRANT CREATE, USAGE ON SCHEMA public TO ${role}`);
    const tables = await withAdmin(url, (client) =>
      client.query("SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'"),
    );
    expect(tables.rows[0]).toEqual({ n: 0 });
  });

  it("migrates a new database itself into the schema the engine makes, with rows the engine takes as its own", async () => {
    const ours = await freshDatabase(`arbor_migrated_by_arbor_${process.pid}`);
    const engines = await freshDatabase(`arbor_migrated_by_engine_${process.pid}`);
    const committed = (await applyPendingMigrations({ url: ours, root: repoRoot })).applied;
    expect(committed.length).toBeGreaterThan(10);
    expect((await applyWithSchemaEngine({ url: engines, root: repoRoot })).applied).toEqual(committed);

    const describeSchema = (url: string) =>
      withAdmin(url, async (client) => ({
        columns: (
          await client.query(
            `SELECT table_name, column_name, data_type, character_maximum_length, is_nullable, column_default
               FROM information_schema.columns
              WHERE table_schema = current_schema() ORDER BY table_name, column_name`,
          )
        ).rows,
        indexes: (
          await client.query(
            "SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() ORDER BY indexname",
          )
        ).rows,
        constraints: (
          await client.query(
            `SELECT conname, pg_get_constraintdef(oid) AS def FROM pg_constraint
              WHERE connamespace = current_schema()::regnamespace ORDER BY conname`,
          )
        ).rows,
        migrations: (
          await client.query(
            `SELECT migration_name, checksum, logs, rolled_back_at, applied_steps_count, finished_at IS NOT NULL AS finished
               FROM _prisma_migrations ORDER BY migration_name`,
          )
        ).rows,
      }));
    expect(await describeSchema(ours)).toEqual(await describeSchema(engines));
    expect((await applyWithSchemaEngine({ url: ours, root: repoRoot })).applied).toEqual([]);
  });

  it("refuses a database that a newer Arbor migrated, naming the unknown migration", async () => {
    const url = await ensurePostgresDatabase(mkdtempSync(path.join(os.tmpdir(), "arbor-newer-")));
    cleanups.push(() => dropPostgresDatabase(url));
    await applyPendingMigrations({ url, root: repoRoot });
    await withAdmin(url, (client) =>
      client.query(
        `INSERT INTO _prisma_migrations (id, checksum, migration_name, started_at, finished_at, applied_steps_count)
         VALUES ('future', 'x', '29991231000000_from_the_future', now(), now(), 1)`,
      ),
    );
    const output = await startFailing({ DATABASE_URL: withCredentials(url) });
    expect(output).toContain(
      "was migrated by a newer Arbor (29991231000000_from_the_future is not part of this version)",
    );
  });

  it("passes TLS settings through to the driver: sslmode=require against a server without TLS is refused as such", async () => {
    const url = new URL(withCredentials(postgresAdminUrl()!));
    url.searchParams.set("sslmode", "require");
    const output = await startFailing({ DATABASE_URL: url.href });
    expect(output).toMatch(/TLS with PostgreSQL at postgresql:\/\/postgres@127\.0\.0\.1:\d+\/postgres failed: .*SSL/);
  });

  it("keeps within ARBOR_DB_POOL_SIZE connections under concurrent requests, and never prints the password", async () => {
    const url = await ensurePostgresDatabase(mkdtempSync(path.join(os.tmpdir(), "arbor-pool-")));
    cleanups.push(() => dropPostgresDatabase(url));
    const arbor = await startArbor({ env: { DATABASE_URL: withCredentials(url), ARBOR_DB_POOL_SIZE: "2" } });
    cleanups.push(async () => {
      await arbor.stop();
      removeDataDir(arbor.dataDir);
    });
    const database = new URL(url).pathname.slice(1);
    const peak = { connections: 0 };
    const sample = async () => {
      const rows = await withAdmin(postgresAdminUrl()!, (client) =>
        client.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND application_name = 'arbor'",
          [database],
        ),
      );
      peak.connections = Math.max(peak.connections, rows.rows[0]?.n ?? 0);
    };
    const burst = Array.from({ length: 40 }, (_, index) =>
      callApi(arbor, index % 2 ? "/api/repo-pins" : "/api/hooks/events?limit=50"),
    );
    await Promise.all([...burst, sample(), sample(), sample()]);
    await sample();
    // The pool (2) plus the team feed's own LISTEN connection.
    expect(peak.connections).toBeGreaterThanOrEqual(2);
    expect(peak.connections).toBeLessThanOrEqual(3);

    const missing = await callApi<ErrorBody>(arbor, "/api/plans/00000000-0000-4000-8000-000000000000");
    expect(missing.status).toBe(404);
    expect(JSON.stringify(missing.body)).not.toContain(PASSWORD);
    expect(arbor.output()).not.toContain(PASSWORD);
  });
});
