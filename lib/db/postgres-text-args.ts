import type { SqlDriverAdapterFactory, SqlQuery, SqlQueryable } from "@prisma/driver-adapter-utils";

/** What a U+0000 in stored text becomes on PostgreSQL: the replacement character. */
export const NUL_REPLACEMENT = "\uFFFD";

/**
 * PostgreSQL's text types cannot hold U+0000, which SQLite stores and which a CLI's stdout, a model's
 * answer or a hook payload may carry: the whole write would fail (22021). Every query's string
 * arguments are therefore given U+FFFD in its place, at the one seam every Prisma query passes
 * through (the driver adapter), so no write path can forget it.
 */
export function replaceNulInTextArgs(factory: SqlDriverAdapterFactory): SqlDriverAdapterFactory {
  const connect = factory.connect.bind(factory);
  factory.connect = async () => {
    const adapter = patchQueryable(await connect());
    const startTransaction = adapter.startTransaction.bind(adapter);
    adapter.startTransaction = async (isolationLevel) => patchQueryable(await startTransaction(isolationLevel));
    return adapter;
  };
  return factory;
}

function patchQueryable<T extends SqlQueryable>(queryable: T): T {
  const queryRaw = queryable.queryRaw.bind(queryable);
  const executeRaw = queryable.executeRaw.bind(queryable);
  queryable.queryRaw = (query) => queryRaw(withCleanArgs(query));
  queryable.executeRaw = (query) => executeRaw(withCleanArgs(query));
  return queryable;
}

function withCleanArgs(query: SqlQuery): SqlQuery {
  return query.args.some(hasNul) ? { ...query, args: query.args.map(clean) } : query;
}

function hasNul(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  return Array.isArray(value) && value.some(hasNul);
}

function clean(value: unknown): unknown {
  if (typeof value === "string") return value.replaceAll("\u0000", NUL_REPLACEMENT);
  return Array.isArray(value) ? value.map(clean) : value;
}
