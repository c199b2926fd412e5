import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { SqliteSideConnection } from "./sqlite-side-connection.ts";

const folder = mkdtempSync(path.join(os.tmpdir(), "arbor-side-connection-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function openSide(name: string, autoCheckpointPages: number) {
  const file = path.join(folder, name);
  new Database(file).pragma("journal_mode = WAL");
  const side = new SqliteSideConnection(file, autoCheckpointPages);
  const pages = () => side.all<{ wal_autocheckpoint: number }>("PRAGMA wal_autocheckpoint", [])![0]!.wal_autocheckpoint;
  return { side, pages };
}

describe("SqliteSideConnection.raiseAutoCheckpoint (a bulk writer's WAL checkpoints)", () => {
  it("checkpoints less often while raised and puts the previous figure back", () => {
    const { side, pages } = openSide("self.db", 1000);
    const restore = side.raiseAutoCheckpoint(16_384);
    expect(pages()).toBe(16_384);
    restore();
    expect(pages()).toBe(1000);
    side.close();
  });

  it("leaves a connection that never checkpoints (the checkpoint worker does) as it is", () => {
    const { side, pages } = openSide("worker.db", 0);
    const restore = side.raiseAutoCheckpoint(16_384);
    expect(pages()).toBe(0);
    restore();
    expect(pages()).toBe(0);
    side.close();
  });
});
