import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import type { SqlDriverAdapter, SqlQuery } from "@prisma/driver-adapter-utils";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { yieldBetweenSlices } from "./sqlite-time-slices.ts";

const folders: string[] = [];
const adapters: SqlDriverAdapter[] = [];

afterEach(async () => {
  for (const adapter of adapters.splice(0)) await adapter.dispose();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A real better-sqlite3 adapter on a temporary file, gated, with a clock the test moves. */
async function connect(clock: { ms: number; step: number }): Promise<SqlDriverAdapter> {
  const folder = mkdtempSync(path.join(tmpdir(), "arbor-slices-"));
  folders.push(folder);
  const factory = new PrismaBetterSqlite3({ url: `file:${path.join(folder, "db.sqlite")}` });
  const adapter = await yieldBetweenSlices(factory, {
    sliceMs: 4,
    now: () => (clock.ms += clock.step),
  }).connect();
  adapters.push(adapter);
  return adapter;
}

const select = (value: number): SqlQuery => ({ sql: `SELECT ${value} AS v`, args: [], argTypes: [] });

/** Runs `count` queries one after the other, noting each in `order`; resolves with their answers. */
async function chain(adapter: SqlDriverAdapter, count: number, order: string[]): Promise<unknown[]> {
  const answers: unknown[] = [];
  for (let index = 0; index < count; index += 1) {
    const result = await adapter.queryRaw(select(index));
    answers.push(result.rows[0]?.[0]);
    order.push(`query ${index}`);
  }
  return answers;
}

describe("yieldBetweenSlices", () => {
  it("lets the event loop run inside a long chain of queries, and keeps each answer in order", async () => {
    // Every reading of the clock is 3 ms later: the third query of a chain is past a 4 ms slice.
    const adapter = await connect({ ms: 0, step: 3 });
    const order: string[] = [];
    setImmediate(() => order.push("event loop"));
    const answers = await chain(adapter, 6, order);
    expect(answers).toEqual([0, 1, 2, 3, 4, 5]);
    const loopAt = order.indexOf("event loop");
    expect(loopAt).toBeGreaterThan(0);
    expect(loopAt).toBeLessThan(order.length - 1);
  });

  it("does not delay queries while the slice lasts", async () => {
    const adapter = await connect({ ms: 0, step: 0 });
    const order: string[] = [];
    setImmediate(() => order.push("event loop"));
    await chain(adapter, 20, order);
    expect(order.indexOf("event loop")).toBe(-1);
  });

  it("does not pause a transaction between its queries", async () => {
    const adapter = await connect({ ms: 0, step: 3 });
    const order: string[] = [];
    const transaction = await adapter.startTransaction();
    setImmediate(() => order.push("event loop"));
    for (let index = 0; index < 6; index += 1) {
      await transaction.queryRaw(select(index));
      order.push(`query ${index}`);
    }
    await transaction.commit();
    expect(order).toEqual(["query 0", "query 1", "query 2", "query 3", "query 4", "query 5"]);
  });

  it("gives queries that waited the order they came in", async () => {
    const adapter = await connect({ ms: 0, step: 3 });
    const order: string[] = [];
    await Promise.all(
      [0, 1, 2, 3, 4].map(async (value) => {
        const result = await adapter.queryRaw(select(value));
        order.push(`answer ${String(result.rows[0]?.[0])}`);
      }),
    );
    expect(order).toEqual(["answer 0", "answer 1", "answer 2", "answer 3", "answer 4"]);
  });
});
