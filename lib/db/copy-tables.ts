import { createHash } from "node:crypto";
import type Database from "better-sqlite3";
import type pg from "pg";

/** A column as PostgreSQL declares it: its type decides how SQLite's value is read. */
interface TargetColumn {
  name: string;
  type: string;
}

export interface TableCopy {
  table: string;
  rows: number;
  checksum: string;
}

const BATCH_ROWS = 500;

/**
 * The tables Prisma models (and the migrations table it keeps), in an order where every table
 * comes after the tables its foreign keys point to: SQLite's own foreign-key lists decide, so a
 * table added to schema.prisma later is copied without a change here.
 */
export function listModelTablesInOrder(source: Database.Database, excluded: readonly string[]): string[] {
  const tables = (
    source
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
      .all() as Array<{ name: string }>
  )
    .map((row) => row.name)
    .filter((name) => name !== "_prisma_migrations" && !excluded.some((prefix) => name.startsWith(prefix)));
  const dependsOn = new Map(
    tables.map((table) => [
      table,
      (source.prepare(`PRAGMA foreign_key_list("${table}")`).all() as Array<{ table: string }>)
        .map((fk) => fk.table)
        .filter((parent) => parent !== table),
    ]),
  );
  const ordered: string[] = [];
  const visit = (table: string, path: string[]) => {
    if (ordered.includes(table)) return;
    if (path.includes(table)) throw new Error(`foreign keys form a cycle: ${[...path, table].join(" → ")}`);
    for (const parent of dependsOn.get(table) ?? []) visit(parent, [...path, table]);
    ordered.push(table);
  };
  for (const table of tables) visit(table, []);
  return ordered;
}

/** PostgreSQL's columns of a table, in order. */
export async function readTargetColumns(target: pg.ClientBase, table: string): Promise<TargetColumn[]> {
  const result = await target.query<{ column_name: string; data_type: string }>(
    `SELECT column_name, data_type FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position`,
    [table],
  );
  return result.rows.map((row) => ({ name: row.column_name, type: row.data_type }));
}

/**
 * Copies one table's rows from SQLite into the same table of PostgreSQL (inside the caller's
 * transaction), converting each value by the target column's type, and returns the row count
 * and the checksum of what was read. Generated ids are copied as they are; the caller moves the
 * sequences past them.
 */
export async function copyTable(input: {
  source: Database.Database;
  target: pg.ClientBase;
  table: string;
}): Promise<TableCopy> {
  const columns = await readTargetColumns(input.target, input.table);
  if (columns.length === 0) throw new Error(`table ${input.table} does not exist in the target database`);
  const rows = readSourceRows({ source: input.source, table: input.table, columns });
  const names = columns.map((column) => `"${column.name}"`).join(", ");
  for (let start = 0; start < rows.length; start += BATCH_ROWS) {
    const batch = rows.slice(start, start + BATCH_ROWS);
    const values: unknown[] = [];
    const tuples = batch.map((row) => {
      const placeholders = row.map((value) => {
        values.push(value);
        return `$${values.length}`;
      });
      return `(${placeholders.join(", ")})`;
    });
    await input.target.query(`INSERT INTO "${input.table}" (${names}) VALUES ${tuples.join(", ")}`, values);
  }
  return { table: input.table, rows: rows.length, checksum: checksumRows({ rows, columns }) };
}

/** The same count and checksum, read back from PostgreSQL. */
export async function summarizeTargetTable(target: pg.ClientBase, table: string): Promise<TableCopy> {
  const columns = await readTargetColumns(target, table);
  const result = await target.query<unknown[]>({
    text: `SELECT ${columns.map((column) => `"${column.name}"`).join(", ")} FROM "${table}"`,
    rowMode: "array",
  });
  const rows = result.rows.map((row) => row.map((value, index) => fromPostgres(value, columns[index]!.type)));
  return { table, rows: rows.length, checksum: checksumRows({ rows, columns }) };
}

/** Moves each serial column's sequence past the highest copied id, so new rows get fresh ids. */
export async function resetSequences(target: pg.ClientBase, table: string): Promise<void> {
  const serials = await target.query<{ column_name: string }>(
    `SELECT column_name FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = $1 AND column_default LIKE 'nextval(%'`,
    [table],
  );
  for (const { column_name: column } of serials.rows) {
    await target.query(
      `SELECT setval(pg_get_serial_sequence('"${table}"', '${column}'), COALESCE(MAX("${column}"), 1), MAX("${column}") IS NOT NULL) FROM "${table}"`,
    );
  }
}

function readSourceRows(input: { source: Database.Database; table: string; columns: TargetColumn[] }): unknown[][] {
  const select = input.columns.map((column) => `"${column.name}"`).join(", ");
  const raw = input.source
    .prepare(`SELECT ${select} FROM "${input.table}"`)
    .raw(true)
    .safeIntegers(true)
    .all() as unknown[][];
  return raw.map((row) => row.map((value, index) => fromSqlite(value, input.columns[index]!.type)));
}

/** SQLite's value as PostgreSQL's column type wants it (Prisma stores dates as ISO text, booleans as 0/1). */
function fromSqlite(value: unknown, type: string): unknown {
  if (value === null || value === undefined) return null;
  if (type.startsWith("timestamp") || type === "date") return parseSqliteDate(value);
  if (type === "boolean") return value === 1n || value === 1 || value === true;
  if (type === "bigint") return BigInt(value as bigint | number | string);
  if (type === "integer" || type === "smallint") return Number(value);
  if (type === "double precision" || type === "real" || type === "numeric") return Number(value);
  return typeof value === "bigint" ? value.toString() : value;
}

function parseSqliteDate(value: unknown): Date {
  if (typeof value === "bigint" || typeof value === "number") return new Date(Number(value));
  const text = String(value);
  // CURRENT_TIMESTAMP defaults are "YYYY-MM-DD HH:MM:SS" in UTC, with no zone.
  const utc = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d+)?$/.test(text) ? `${text.replace(" ", "T")}Z` : text;
  const date = new Date(utc);
  if (Number.isNaN(date.getTime())) throw new Error(`unreadable date "${text}"`);
  return date;
}

function fromPostgres(value: unknown, type: string): unknown {
  if (value === null || value === undefined) return null;
  if (type.startsWith("timestamp") || type === "date") return value instanceof Date ? value : new Date(value as string);
  if (type === "bigint") return BigInt(value as string);
  if (type === "double precision" || type === "real" || type === "numeric") return Number(value);
  return value;
}

/**
 * A digest of a table's rows that does not depend on either engine's order or representation:
 * each row's values in a canonical text form, the rows sorted, then sha256.
 */
function checksumRows(input: { rows: unknown[][]; columns: TargetColumn[] }): string {
  const lines = input.rows.map((row) =>
    JSON.stringify(
      row.map((value) =>
        value instanceof Date ? value.toISOString() : typeof value === "bigint" ? value.toString() : value,
      ),
    ),
  );
  lines.sort();
  const hash = createHash("sha256");
  hash.update(input.columns.map((column) => column.name).join(",") + "\n");
  for (const line of lines) hash.update(`${line}\n`);
  return hash.digest("hex");
}
