import { AppError } from "@/lib/errors/app-error.ts";

/** The database engines Arbor runs on: SQLite embedded in one process, PostgreSQL shared by a team. */
export type DatabaseProvider = "sqlite" | "postgresql";

/** Which engine a `DATABASE_URL` names: `file:` is SQLite, `postgres://`/`postgresql://` PostgreSQL. */
export function databaseProvider(url: string): DatabaseProvider {
  if (url.startsWith("file:")) return "sqlite";
  if (/^postgres(ql)?:\/\//i.test(url)) return "postgresql";
  throw new AppError(
    "invalid_input",
    `DATABASE_URL must be a SQLite "file:" URL or a "postgresql://" URL (got "${url.split(":")[0]}:").`,
  );
}

/** Extracts the file path from a `file:` URL; other schemes are not embedded databases. */
export function sqliteFilePath(url: string): string {
  if (databaseProvider(url) !== "sqlite") {
    throw new Error(`Not a SQLite "file:" database URL: ${describeDatabaseUrl(url)}`);
  }
  return url.slice("file:".length).replace(/\?.*$/, "");
}

/**
 * The URL as it may be shown in a log or an error: a PostgreSQL URL without its password and
 * query (which may carry `password=` or key paths), so credentials never reach the output.
 */
export function describeDatabaseUrl(url: string): string {
  if (url.startsWith("file:")) return url.replace(/\?.*$/, "");
  try {
    const parsed = new URL(url);
    const user = parsed.username ? `${decodeURIComponent(parsed.username)}@` : "";
    return `${parsed.protocol}//${user}${parsed.host}${parsed.pathname}`;
  } catch {
    return "(an unparsable database URL)";
  }
}
