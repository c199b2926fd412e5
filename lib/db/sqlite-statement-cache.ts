import type { SqlDriverAdapterFactory } from "@prisma/driver-adapter-utils";

/** How many distinct SQL texts keep their compiled statement (Prisma's queries on Arbor's schema: a few hundred). */
export const STATEMENT_CACHE_SIZE = 500;

/** What Prisma's better-sqlite3 adapter uses of a statement: bind its arguments, then run or read it. */
interface AdapterStatement {
  readonly reader: boolean;
  bind(args: unknown[]): AdapterStatement;
  run(...args: unknown[]): unknown;
  columns(): unknown[];
  raw(toggle?: boolean): { all(...args: unknown[]): unknown[] };
}

/** A compiled statement and its result columns, read once (Arbor changes no schema while it runs). */
interface KeptStatement {
  statement: AdapterStatement;
  columns: unknown[] | null;
}

/** The part of a better-sqlite3 `Database` the adapter prepares statements with. */
export interface StatementSource {
  prepare(sql: string): AdapterStatement;
}

/**
 * Keeps each compiled statement for the next query with the same SQL. Prisma's adapter prepares
 * every query anew (compiling the SQL: the largest single cost of a query in a profile of ten agents
 * streaming), and binds its arguments to the statement for good, so a kept statement is handed out
 * as a view that passes the arguments to each call instead. Statements run synchronously to the end,
 * so one statement never serves two queries at once. The least recently used beyond `size` is dropped.
 */
export function cacheStatements(client: StatementSource, size = STATEMENT_CACHE_SIZE): void {
  const prepare = client.prepare.bind(client);
  const kept = new Map<string, KeptStatement>();
  const compiled = (sql: string): KeptStatement => {
    let statement = kept.get(sql);
    if (statement) {
      kept.delete(sql);
    } else {
      statement = { statement: prepare(sql), columns: null };
      if (kept.size >= size) kept.delete(kept.keys().next().value!);
    }
    kept.set(sql, statement);
    return statement;
  };
  client.prepare = (sql: string) => {
    const entry = compiled(sql);
    const { statement } = entry;
    const bound = (args: unknown[]): AdapterStatement => ({
      reader: statement.reader,
      bind: () => {
        throw new TypeError("The statement's arguments are already bound.");
      },
      run: () => statement.run(args),
      columns: () => (entry.columns ??= statement.columns()),
      raw: () => ({ all: () => statement.raw(true).all(args) }),
    });
    return { ...bound([]), bind: (args: unknown[]) => bound(args) };
  };
}

/**
 * Installs `cacheStatements` on each connection the adapter factory opens. The adapter keeps its
 * better-sqlite3 database as `client`; should a Prisma release stop doing so, queries go on
 * uncached (the same answers, each compiled again).
 */
export function cacheStatementsOf(factory: SqlDriverAdapterFactory): SqlDriverAdapterFactory {
  const connect = factory.connect.bind(factory);
  factory.connect = async () => {
    const adapter = await connect();
    const client = (adapter as unknown as { client?: Partial<StatementSource> }).client;
    if (typeof client?.prepare === "function") cacheStatements(client as StatementSource);
    return adapter;
  };
  return factory;
}
