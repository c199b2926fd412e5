import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import type { SqlDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { applyPendingMigrations } from "./apply-migrations.ts";
import { PrismaClient } from "./generated/client.ts";
import { cacheStatements, cacheStatementsOf, type StatementSource } from "./sqlite-statement-cache.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));
const folder = mkdtempSync(path.join(os.tmpdir(), "arbor-statement-cache-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Counts the statements the database really compiles, beneath the cache. */
function countPrepares(client: StatementSource): { count: number } {
  const counter = { count: 0 };
  const prepare = client.prepare.bind(client);
  client.prepare = (sql) => {
    counter.count += 1;
    return prepare(sql);
  };
  return counter;
}

describe("cacheStatements", () => {
  it("answers each query with its own arguments while compiling its SQL once", () => {
    const db = new Database(":memory:");
    db.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)");
    const source = db as unknown as StatementSource;
    const compiled = countPrepares(source);
    cacheStatements(source);
    for (const [id, name] of [
      [1, "a"],
      [2, "b"],
      [3, "c"],
    ] as const)
      source.prepare("INSERT INTO t (id, name) VALUES (?, ?)").bind([id, name]).run();
    const select = (id: number) => source.prepare("SELECT id, name FROM t WHERE id >= ?").bind([id]);
    expect(select(2).reader).toBe(true);
    expect(select(2).raw().all()).toEqual([
      [2, "b"],
      [3, "c"],
    ]);
    expect(select(3).raw().all()).toEqual([[3, "c"]]);
    expect(select(1).columns()).toMatchObject([{ name: "id" }, { name: "name" }]);
    source.prepare("BEGIN").run();
    source.prepare("DELETE FROM t WHERE id = ?").bind([1]).run();
    source.prepare("ROLLBACK").run();
    expect(select(1).raw().all()).toHaveLength(3);
    expect(compiled.count).toBe(5);
  });

  it("drops the least recently used statement beyond its size and compiles it again when asked", () => {
    const db = new Database(":memory:");
    const source = db as unknown as StatementSource;
    const compiled = countPrepares(source);
    cacheStatements(source, 2);
    const ask = (value: number) => source.prepare(`SELECT ${value}`).bind([]).raw().all();
    expect([ask(1), ask(2), ask(1), ask(3), ask(1), ask(2)]).toEqual([[[1]], [[2]], [[1]], [[3]], [[1]], [[2]]]);
    // 1, 2 and 3 compiled once each; 2 again after 3 pushed it out (1 had been used since).
    expect(compiled.count).toBe(4);
  });

  it("refuses to bind a bound statement's arguments twice, as better-sqlite3 does", () => {
    const source = new Database(":memory:") as unknown as StatementSource;
    cacheStatements(source);
    expect(() => source.prepare("SELECT ?").bind([1]).bind([2])).toThrow(/already bound/);
  });
});

describe("cacheStatementsOf on Prisma's adapter", () => {
  it("gives Prisma the same answers with each query's SQL compiled once", async () => {
    const url = `file:${path.join(folder, "prisma.db")}`;
    await applyPendingMigrations({ url, root });
    const counters: Array<{ count: number }> = [];
    const factory = new PrismaBetterSqlite3({ url });
    const connect = factory.connect.bind(factory);
    (factory as SqlDriverAdapterFactory).connect = async () => {
      const adapter = await connect();
      counters.push(countPrepares((adapter as unknown as { client: StatementSource }).client));
      return adapter;
    };
    const db = new PrismaClient({ adapter: cacheStatementsOf(factory) });
    try {
      for (let index = 0; index < 20; index += 1) {
        await db.setting.upsert({
          where: { key: `k${index % 4}` },
          create: { key: `k${index % 4}`, value: String(index) },
          update: { value: String(index) },
        });
        await db.$transaction([db.setting.count(), db.setting.findMany({ orderBy: { key: "asc" } })]);
      }
      const rows = await db.setting.findMany({ orderBy: { key: "asc" }, select: { key: true, value: true } });
      expect(rows).toEqual([
        { key: "k0", value: "16" },
        { key: "k1", value: "17" },
        { key: "k2", value: "18" },
        { key: "k3", value: "19" },
      ]);
      const compiled = counters.reduce((sum, counter) => sum + counter.count, 0);
      // Twenty rounds of upserts, counts and reads: each distinct SQL text compiled once, not per round.
      expect(compiled).toBeGreaterThan(0);
      expect(compiled).toBeLessThan(20);
    } finally {
      await db.$disconnect();
    }
  });
});
