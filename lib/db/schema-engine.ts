import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import { databaseProvider } from "./database-url.ts";
import { postgresPoolConfig, withPostgresClient } from "./postgres-connection.ts";

import type * as SchemaEngineWasm from "@prisma/schema-engine-wasm";

type SchemaEngineModule = typeof SchemaEngineWasm;
type SchemaEngine = Awaited<ReturnType<SchemaEngineModule["SchemaEngine"]["new"]>>;

let loaded: Promise<SchemaEngineModule> | undefined;

/**
 * Loads Prisma's WebAssembly schema engine. The package's entry imports its `.wasm` as an ES
 * module, which plain Node only allows behind `--experimental-wasm-modules`; instantiating the
 * bytes ourselves keeps migrations runnable in-process with no flag and no engine download.
 */
function loadSchemaEngineModule(): Promise<SchemaEngineModule> {
  loaded ??= (async () => {
    const require = createRequire(import.meta.url);
    const bgPath = require.resolve("@prisma/schema-engine-wasm/schema_engine_bg");
    const bindings = (await import(/* webpackIgnore: true */ pathToImportUrl(bgPath))) as SchemaEngineModule & {
      __wbg_set_wasm(exports: WebAssembly.Exports): void;
    };
    const bytes = readFileSync(path.join(path.dirname(bgPath), "schema_engine_bg.wasm"));
    const { instance } = await WebAssembly.instantiate(bytes, { "./schema_engine_bg.js": bindings });
    bindings.__wbg_set_wasm(instance.exports);
    (instance.exports.__wbindgen_start as () => void)();
    return bindings;
  })();
  return loaded;
}

function pathToImportUrl(filePath: string): string {
  return new URL(`file://${filePath}`).href;
}

type RawQuery = { sql: string; args: unknown[] };
type ScriptCapable = { executeRaw(query: RawQuery): Promise<number>; executeScript(script: string): Promise<void> };

/**
 * The engine replays whole migration files on the shadow database through `executeRaw`,
 * which better-sqlite3 refuses for multi-statement SQL; route those through `executeScript`.
 */
function allowScripts<T>(adapter: T): T {
  const target = adapter as unknown as ScriptCapable;
  const executeRaw = target.executeRaw.bind(target);
  target.executeRaw = async (query) => {
    try {
      return await executeRaw(query);
    } catch (error) {
      if (!(error instanceof RangeError) || query.args.length > 0) throw error;
      await target.executeScript(query.sql);
      return 0;
    }
  };
  return adapter;
}

type PgResult = { fields: Array<{ dataTypeID: number }> };
type PgMigrationAdapter = {
  executeScript(script: string): Promise<void>;
  underlyingDriver(): { query(sql: string): Promise<unknown> };
  onError(error: unknown): never;
  performIO(query: unknown): Promise<PgResult>;
};

/** PostgreSQL's internal one-byte `"char"` type (pg_class.relkind and the like) and `text`. */
const PG_CHAR_OID = 18;
const PG_TEXT_OID = 25;

/**
 * Two gaps of PrismaPg when the schema engine drives it:
 * - it runs a migration file by splitting it at every `;`, which cuts a function body (the search
 *   trigger's) apart; PostgreSQL's simple query protocol takes the whole file as one message and
 *   runs it as one transaction, so a failed migration leaves nothing half-applied;
 * - it cannot type the catalog's `"char"` columns the engine reads to describe a schema (diffs);
 *   pg already returns them as strings, so they are declared text.
 */
function fitForMigrations<T>(adapter: T): T {
  const target = adapter as unknown as PgMigrationAdapter;
  target.executeScript = async (script) => {
    try {
      await target.underlyingDriver().query(script);
    } catch (error) {
      target.onError(error);
    }
  };
  const performIO = target.performIO.bind(target);
  target.performIO = async (query) => {
    const result = await performIO(query);
    for (const field of result.fields) if (field.dataTypeID === PG_CHAR_OID) field.dataTypeID = PG_TEXT_OID;
    return result;
  };
  return adapter;
}

/**
 * A scratch database on the same PostgreSQL server for the engine to replay migrations into, dropped
 * after its connections are closed (PrismaPg's own shadow drops it while its pool still holds it).
 */
async function connectToPostgresShadow(url: string) {
  const name = `arbor_shadow_${randomUUID().replaceAll("-", "")}`;
  await withPostgresClient(url, (client) => client.query(`CREATE DATABASE ${name}`));
  const config = { ...postgresPoolConfig({ url, poolSize: 2 }), database: name };
  const adapter = await new PrismaPg(config).connect();
  const dispose = adapter.dispose.bind(adapter);
  adapter.dispose = async () => {
    await dispose();
    await withPostgresClient(url, (client) => client.query(`DROP DATABASE IF EXISTS ${name}`));
  };
  return adapter;
}

export interface OpenSchemaEngine {
  engine: SchemaEngine;
  /** Frees the engine and closes every connection it opened (it keeps them otherwise). */
  close: () => Promise<void>;
}

/**
 * Opens a schema engine on the URL's database (SQLite file or PostgreSQL) with the given datamodel
 * (already written for that provider: lib/db/provider-schema.ts) loaded.
 */
export async function openSchemaEngine(input: {
  url: string;
  schemaText: string;
  /** SQLite only: the scratch file diffs replay migrations into. */
  shadowUrl?: string;
}): Promise<OpenSchemaEngine> {
  const mod = await loadSchemaEngineModule();
  const isPostgres = databaseProvider(input.url) === "postgresql";
  const factory = isPostgres
    ? new PrismaPg(postgresPoolConfig({ url: input.url, poolSize: 2 }))
    : new PrismaBetterSqlite3({ url: input.url }, input.shadowUrl ? { shadowDatabaseUrl: input.shadowUrl } : undefined);
  const opened: Array<{ dispose(): Promise<void> | void }> = [];
  const fix = <T>(adapter: T): T => (isPostgres ? fitForMigrations(adapter) : allowScripts(adapter));
  const tracking = {
    adapterName: factory.adapterName,
    provider: factory.provider,
    connect: async () => track(fix(await factory.connect())),
    connectToShadowDb: async () =>
      track(fix(isPostgres ? await connectToPostgresShadow(input.url) : await factory.connectToShadowDb())),
  };
  /** Remembers the connection so close() can end it; the engine may dispose it first, so only once. */
  function track<T extends { dispose(): Promise<void> | void }>(adapter: T): T {
    const dispose = adapter.dispose.bind(adapter);
    let disposed: Promise<void> | undefined;
    adapter.dispose = () => (disposed ??= Promise.resolve(dispose()));
    opened.push(adapter);
    return adapter;
  }

  const adapter = bindMigrationAwareSqlAdapterFactory(tracking as unknown as PrismaBetterSqlite3);
  const engine = await mod.SchemaEngine.new({ datamodels: [["schema.prisma", input.schemaText]] }, () => {}, adapter);
  return {
    engine,
    close: async () => {
      engine.free();
      await Promise.all(opened.map((connection) => Promise.resolve(connection.dispose())));
    },
  };
}
