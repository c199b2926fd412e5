import type { SqlDriverAdapter, SqlDriverAdapterFactory, SqlQuery, Transaction } from "@prisma/driver-adapter-utils";
import { describe, expect, it } from "vitest";
import { NUL_REPLACEMENT, replaceNulInTextArgs } from "./postgres-text-args.ts";

/** A stand-in adapter that records the arguments each query reached the driver with. */
function recordingFactory(seen: unknown[][]): SqlDriverAdapterFactory {
  const queryable = {
    queryRaw: (query: SqlQuery) => {
      seen.push(query.args);
      return Promise.resolve({ columnTypes: [], columnNames: [], rows: [] });
    },
    executeRaw: (query: SqlQuery) => {
      seen.push(query.args);
      return Promise.resolve(1);
    },
  };
  const adapter = {
    ...queryable,
    startTransaction: () => Promise.resolve({ ...queryable } as unknown as Transaction),
  } as unknown as SqlDriverAdapter;
  return { provider: "postgres", adapterName: "test", connect: () => Promise.resolve(adapter) };
}

const query = (args: unknown[]): SqlQuery => ({ sql: "SELECT 1", args, argTypes: [] });

describe("replaceNulInTextArgs", () => {
  it("replaces U+0000 in string and string-array arguments, outside and inside transactions, and leaves the rest", async () => {
    const seen: unknown[][] = [];
    const adapter = await replaceNulInTextArgs(recordingFactory(seen)).connect();
    await adapter.queryRaw(query(["a\u0000b", 7, null, ["x\u0000", "y"], new Uint8Array([0])]));
    await adapter.executeRaw(query(["plain"]));
    const transaction = await adapter.startTransaction();
    await transaction.executeRaw(query(["\u0000\u0000"]));
    expect(seen[0]).toEqual([`a${NUL_REPLACEMENT}b`, 7, null, [`x${NUL_REPLACEMENT}`, "y"], new Uint8Array([0])]);
    expect(seen[1]).toEqual(["plain"]);
    expect(seen[2]).toEqual([NUL_REPLACEMENT.repeat(2)]);
  });
});
