import { execFileSync } from "node:child_process";
import { mkdtempSync, renameSync, rmSync, statSync, symlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { sessionFilePath, writeSessionFile, type SessionSpec } from "@/tests/support/history-folder.ts";
import { describeError, type HistoryFile } from "./history-files.ts";
import { readFileChunks, type PlannedFile } from "./read-file-chunks.ts";
import { buildBundles } from "@/scripts/build-bundles.mjs";
import { defaultReaderEntry, MAX_AHEAD, startReaderPool } from "./reader-pool.ts";
import type { ReaderMessage } from "./reader-protocol.ts";
import { relayRowFromSqliteParams, SQLITE_RUN_ID_PARAM, sqliteRelayParams } from "./relay-row-params.ts";

const folder = mkdtempSync(path.join(os.tmpdir(), "arbor-reader-pool-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const target = { repoId: "r1", worktreePath: "/work/app" };

function planned(spec: SessionSpec, startOffset = 0): { plan: PlannedFile; relays: number } {
  const relays = writeSessionFile(folder, spec);
  const filePath = sessionFilePath(folder, spec);
  const stat = statSync(filePath);
  const file: HistoryFile = {
    path: filePath,
    sessionId: spec.sessionId,
    agentId: spec.agentId ?? null,
    size: stat.size,
    mtimeMs: stat.mtimeMs,
  };
  return { plan: { file, startOffset, isSettled: true }, relays };
}

/** Every message of a pool, each taken as the job does. */
async function drain(pool: ReturnType<typeof startReaderPool>) {
  const messages: ReaderMessage[] = [];
  for (let next = await pool.next(); next; next = await pool.next()) {
    messages.push(next.message);
    if (next.message.type === "chunk") pool.taken(next.thread);
  }
  return messages;
}

describe("readFileChunks", () => {
  it("yields the same rows whatever the chunk size; the last chunk carries the settled size, a cut line is malformed", () => {
    const { plan, relays } = planned({ sessionId: "s-cut", bytes: 40_000, isTruncated: true });
    const read = (bytes: number) => [...readFileChunks(plan, target, Buffer.alloc(bytes))];
    const small = read(4096);
    const whole = read(1 << 20);
    expect(whole).toHaveLength(1);
    expect(small.length).toBeGreaterThan(5);
    const keys = (chunks: typeof small) => chunks.flatMap((chunk) => chunk.rows.map((row) => row.startUuid));
    expect(keys(small)).toEqual(keys(whole));
    expect(keys(whole)).toHaveLength(relays);
    expect(small.reduce((sum, chunk) => sum + chunk.bytes, 0)).toBe(plan.file.size);
    expect(small.reduce((sum, chunk) => sum + chunk.malformedLines, 0)).toBe(1);
    expect(small.at(-1)).toMatchObject({ isLast: true, settled: { fileSize: plan.file.size } });
    expect(small.slice(0, -1).every((chunk) => !chunk.isLast && chunk.settled === null)).toBe(true);
  });

  it("starts at a stored cursor: the relays from there on, none before", () => {
    const { plan } = planned({ sessionId: "s-resume", bytes: 20_000 });
    const all = [...readFileChunks(plan, target, Buffer.alloc(4096))];
    const cursor = all[1]!.offset;
    const resumed = [...readFileChunks({ ...plan, startOffset: cursor }, target, Buffer.alloc(4096))];
    const uuids = (chunks: typeof all) => chunks.flatMap((chunk) => chunk.rows.map((row) => row.startUuid));
    expect(uuids(resumed)).toEqual(uuids(all.slice(2)));
  });
});

describe("readFileChunks on a file replaced since it was listed", () => {
  it("refuses a symbolic link and a FIFO (never follows, never blocks), with a sentence for the import's errors", () => {
    const { plan } = planned({ sessionId: "s-swapped", bytes: 4_000 });
    const read = () => [...readFileChunks(plan, target, Buffer.alloc(4096))];
    renameSync(plan.file.path, `${plan.file.path}.real`);
    symlinkSync(`${plan.file.path}.real`, plan.file.path);
    expect(read).toThrow(expect.objectContaining({ code: "ELOOP" }));
    let error: unknown;
    try {
      read();
    } catch (caught) {
      error = caught;
    }
    expect(describeError(error)).toMatch(/symbolic link .* skipped it/);
    rmSync(plan.file.path);
    execFileSync("mkfifo", [plan.file.path]);
    expect(read).toThrow("It is no longer a regular file (replaced since it was listed); Arbor skipped it.");
  });
});

describe("relay row SQLite parameters", () => {
  it("turn back into the same row (the Prisma fallback writes what the thread built)", () => {
    const { plan } = planned({ sessionId: "q-params", bytes: 5_000 });
    const [chunk] = [...readFileChunks(plan, target, Buffer.alloc(1 << 20))];
    const row = chunk!.rows[0]!;
    const params = sqliteRelayParams(row, "2026-11-24T10:00:00.000+00:00");
    expect(params).toHaveLength(17);
    expect(params[SQLITE_RUN_ID_PARAM]).toBeNull();
    expect(relayRowFromSqliteParams(params)).toEqual(row);
  });

  it("are what a pool on SQLite sends instead of rows", async () => {
    const { plan, relays } = planned({ sessionId: "q-pool", bytes: 20_000 });
    const pool = startReaderPool({
      entry: defaultReaderEntry(),
      plan: [plan],
      target,
      chunkBytes: 8192,
      sqliteParams: true,
      failAfterChunks: null,
    });
    const messages = await drain(pool);
    await pool.stop();
    const chunks = messages.flatMap((message) => (message.type === "chunk" ? [message.chunk] : []));
    expect(chunks.every((chunk) => chunk.rows.length === 0)).toBe(true);
    expect(chunks.reduce((sum, chunk) => sum + (chunk.sqliteParams?.length ?? 0), 0)).toBe(relays);
  });
});

describe("startReaderPool", () => {
  it("reads every planned file in threads: each file's chunks in order, ending with its last one", async () => {
    const specs: SessionSpec[] = [
      { sessionId: "p-big", bytes: 200_000 },
      { sessionId: "p-small", bytes: 5_000 },
      { sessionId: "p-small", agentId: "ag1", bytes: 8_000 },
    ];
    const items = specs.map((spec) => planned(spec));
    const pool = startReaderPool({
      entry: defaultReaderEntry(),
      plan: items.map((item) => item.plan),
      target,
      chunkBytes: 8192,
      failAfterChunks: null,
    });
    const messages = await drain(pool);
    await pool.stop();
    items.forEach((item, fileIndex) => {
      const chunks = messages.flatMap((message) =>
        message.type === "chunk" && message.fileIndex === fileIndex ? [message.chunk] : [],
      );
      expect(chunks.reduce((sum, chunk) => sum + chunk.rows.length, 0)).toBe(item.relays);
      expect(chunks.map((chunk) => chunk.isLast)).toEqual([...Array(chunks.length - 1).fill(false), true]);
      expect(chunks.every((chunk, index) => index === 0 || chunk.offset >= chunks[index - 1]!.offset)).toBe(true);
    });
    const agentRows = messages.flatMap((message) =>
      message.type === "chunk" && message.fileIndex === 2 ? message.chunk.rows : [],
    );
    expect(agentRows.every((row) => row.agentId === "ag1" && row.sessionId === "p-small")).toBe(true);
  });

  it("reports a file it cannot open and goes on with the others", async () => {
    const good = planned({ sessionId: "g-ok", bytes: 5_000 });
    const gone: PlannedFile = { ...good.plan, file: { ...good.plan.file, path: path.join(folder, "gone.jsonl") } };
    const pool = startReaderPool({
      entry: defaultReaderEntry(),
      plan: [gone, good.plan],
      target,
      chunkBytes: 8192,
      failAfterChunks: null,
    });
    const messages = await drain(pool);
    await pool.stop();
    expect(messages).toContainEqual({
      type: "file_failed",
      fileIndex: 0,
      message: "It disappeared while the import ran.",
    });
    expect(messages.filter((message) => message.type === "chunk" && message.fileIndex === 1).at(-1)).toMatchObject({
      chunk: { isLast: true },
    });
  });

  it("runs the same from the plain JavaScript bundle npm start builds (no tsx in the thread)", async () => {
    const dist = mkdtempSync(path.join(os.tmpdir(), "arbor-reader-bundle-"));
    try {
      const { historyReader: entry } = await buildBundles(dist, ["historyReader"]);
      const { plan, relays } = planned({ sessionId: "r-bundle", bytes: 30_000 });
      const pool = startReaderPool({
        entry,
        plan: [plan],
        target,
        chunkBytes: 8192,
        sqliteParams: true,
        failAfterChunks: null,
      });
      const messages = await drain(pool);
      await pool.stop();
      const chunks = messages.flatMap((message) => (message.type === "chunk" ? [message.chunk] : []));
      expect(chunks.reduce((sum, chunk) => sum + (chunk.sqliteParams?.length ?? 0), 0)).toBe(relays);
      expect(chunks.at(-1)?.isLast).toBe(true);
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it("a thread that fails makes next() reject with its reason", async () => {
    const { plan } = planned({ sessionId: "f-crash", bytes: 100_000 });
    const pool = startReaderPool({
      entry: defaultReaderEntry(),
      plan: [plan],
      target,
      chunkBytes: 4096,
      failAfterChunks: 3,
    });
    await expect(drain(pool)).rejects.toThrow("the reader failed on purpose");
    await pool.stop();
  });

  it("holds a reader that runs ahead: MAX_AHEAD chunks wait untaken, and it reads on once half are taken", async () => {
    const { plan } = planned({ sessionId: "b-ahead", bytes: 200_000 });
    const pool = startReaderPool({
      entry: defaultReaderEntry(),
      plan: [plan],
      target,
      chunkBytes: 4096,
      failAfterChunks: null,
    });
    const waiting = [];
    for (let index = 0; index < MAX_AHEAD; index += 1) waiting.push((await pool.next())!);
    const next = pool.next();
    const held = () =>
      Promise.race([
        next.then(() => "posted"),
        new Promise((resolve) => setImmediate(() => setImmediate(() => resolve("held")))),
      ]);
    expect(await held()).toBe("held");
    for (let index = 1; index < MAX_AHEAD / 2; index += 1) pool.taken(waiting[index]!.thread);
    expect(await held()).toBe("held");
    pool.taken(waiting[0]!.thread);
    expect((await next)?.message.type).toBe("chunk");
    await pool.stop();
  });
});
