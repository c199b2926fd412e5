import pg from "pg";
import { parseIntoClientConfig } from "pg-connection-string";
import { AppError } from "@/lib/errors/app-error.ts";
import { describeDatabaseUrl } from "./database-url.ts";

/** How long connecting may take before Arbor says PostgreSQL cannot be reached. */
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * node-postgres pool settings for a `postgresql://` URL, parsed by pg's own parser so its TLS
 * parameters (`sslmode`, `sslrootcert`, `sslcert`, `sslkey`) apply as pg documents them; the
 * password stays inside pg and is never printed by Arbor. Parsed fields rather than a
 * `connectionString`, so a copy with another `database` (the schema engine's shadow) connects there.
 */
export function postgresPoolConfig(input: { url: string; poolSize: number }): pg.PoolConfig {
  return {
    ...(parseIntoClientConfig(input.url) as pg.PoolConfig),
    max: input.poolSize,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    idleTimeoutMillis: 30_000,
    application_name: "arbor",
  };
}

/** Runs `work` on one short-lived connection (boot checks, migrations bookkeeping, LISTEN). */
export async function withPostgresClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client(postgresPoolConfig({ url, poolSize: 1 }));
  // A dropped connection also fails the pending query, which reports it; without a listener the
  // same error would crash the process.
  client.on("error", (error) => void error);
  try {
    await client.connect();
  } catch (error) {
    throw explainPostgresError(error, url); // pg has closed the socket already
  }
  try {
    return await work(client);
  } catch (error) {
    throw explainPostgresError(error, url);
  } finally {
    await client.end();
  }
}

type PgError = Error & { code?: string; errno?: string; syscall?: string };

/**
 * Turns what pg throws while connecting or checking into a message a user can act on, naming
 * the server and role (never the password). Unknown errors pass through unchanged.
 */
export function explainPostgresError(error: unknown, url: string): unknown {
  if (!(error instanceof Error) || error instanceof AppError) return error;
  const where = describeDatabaseUrl(url);
  const code = (error as PgError).code;
  const role = safeUser(url);
  const database = safeDatabase(url);
  const unreachable = ["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "ETIMEDOUT", "EHOSTUNREACH", "ECONNRESET"];
  if ((code && unreachable.includes(code)) || /timeout|terminated unexpectedly/i.test(error.message)) {
    return new AppError(
      "unavailable",
      `PostgreSQL at ${where} cannot be reached (${code ?? error.message}). Start the server or fix host and port in DATABASE_URL, then start Arbor again.`,
      { cause: error },
    );
  }
  if (code === "28P01" || code === "28000") {
    return new AppError(
      "unauthorized",
      `PostgreSQL refused role "${role}" at ${where} (${code === "28P01" ? "wrong password" : "no matching pg_hba.conf entry"}). Fix the credentials in DATABASE_URL.`,
      { cause: error },
    );
  }
  if (code === "3D000") {
    return new AppError(
      "not_found",
      `Database "${database}" does not exist at ${where}. Create it (createdb ${database}) and start Arbor again.`,
      { cause: error },
    );
  }
  if (code === "42501") {
    return new AppError(
      "forbidden",
      `Role "${role}" lacks rights in database "${database}" at ${where}: ${error.message}. Arbor needs to create tables in its schema and to read and write them (e.g. GRANT CREATE, USAGE ON SCHEMA public TO ${role}; or make ${role} the database owner).`,
      { cause: error },
    );
  }
  if (/ssl|certificate|tls/i.test(error.message)) {
    return new AppError(
      "unavailable",
      `TLS with PostgreSQL at ${where} failed: ${error.message}. Check sslmode/sslrootcert/sslcert/sslkey in DATABASE_URL.`,
      { cause: error },
    );
  }
  return error;
}

function safeUser(url: string): string {
  try {
    return decodeURIComponent(new URL(url).username) || "(default)";
  } catch {
    return "(unknown)";
  }
}

function safeDatabase(url: string): string {
  try {
    return decodeURIComponent(new URL(url).pathname.slice(1)) || "(default)";
  } catch {
    return "(unknown)";
  }
}
