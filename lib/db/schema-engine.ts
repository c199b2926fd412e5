import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";

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

export interface OpenSchemaEngine {
  engine: SchemaEngine;
  /** Frees the engine and closes every SQLite connection it opened (it keeps them otherwise). */
  close: () => void;
}

/** Opens a schema engine on a SQLite database with the given datamodel loaded. */
export async function openSchemaEngine(input: {
  url: string;
  schemaPath: string;
  shadowUrl?: string;
}): Promise<OpenSchemaEngine> {
  const mod = await loadSchemaEngineModule();
  const factory = new PrismaBetterSqlite3(
    { url: input.url },
    input.shadowUrl ? { shadowDatabaseUrl: input.shadowUrl } : undefined,
  );
  const opened: Array<{ dispose(): Promise<void> | void }> = [];
  const tracking = {
    adapterName: factory.adapterName,
    provider: factory.provider,
    connect: async () => track(await factory.connect()),
    connectToShadowDb: async () => track(allowScripts(await factory.connectToShadowDb())),
  };
  function track<T extends { dispose(): Promise<void> | void }>(adapter: T): T {
    opened.push(adapter);
    return adapter;
  }
  const adapter = bindMigrationAwareSqlAdapterFactory(tracking as unknown as PrismaBetterSqlite3);
  const schema = readFileSync(input.schemaPath, "utf8");
  const engine = await mod.SchemaEngine.new({ datamodels: [[input.schemaPath, schema]] }, () => {}, adapter);
  return {
    engine,
    close: () => {
      engine.free();
      for (const connection of opened) void connection.dispose();
    },
  };
}
