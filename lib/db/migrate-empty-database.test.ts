import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { applyPendingMigrations, applyWithSchemaEngine } from "./apply-migrations.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));
const folder = mkdtempSync(path.join(os.tmpdir(), "arbor-migrate-empty-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const committed = readdirSync(path.join(root, "prisma", "migrations"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

function read(file: string) {
  const db = new Database(file, { readonly: true });
  try {
    return {
      schema: db
        .prepare(
          "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_autoindex%' ORDER BY name",
        )
        .all(),
      migrations: db
        .prepare(
          "SELECT migration_name, checksum, finished_at, started_at, logs, rolled_back_at, applied_steps_count FROM _prisma_migrations ORDER BY migration_name",
        )
        .all() as Array<Record<string, unknown>>,
    };
  } finally {
    db.close();
  }
}

/** What may differ between two runs: when they happened. */
const withoutTimes = (rows: Array<Record<string, unknown>>) =>
  rows.map(({ finished_at: _finished, started_at: _started, ...rest }) => rest);

describe("a new SQLite database is migrated by Arbor, as the schema engine would", () => {
  it("creates the same tables, indexes, triggers and _prisma_migrations rows as the engine", async () => {
    const ours = path.join(folder, "ours.db");
    const engines = path.join(folder, "engine.db");
    expect(await applyPendingMigrations({ url: `file:${ours}`, root })).toEqual({ applied: committed });
    expect(await applyWithSchemaEngine({ url: `file:${engines}`, root })).toEqual({ applied: committed });

    const [a, b] = [read(ours), read(engines)];
    expect(a.schema).toEqual(b.schema);
    expect(withoutTimes(a.migrations)).toEqual(withoutTimes(b.migrations));
    // The engine's timestamp text, so Prisma's tools read ours as theirs.
    const stamp = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00$/;
    for (const row of [...a.migrations, ...b.migrations]) {
      expect(row.finished_at).toMatch(stamp);
      expect(row.started_at).toMatch(stamp);
    }
    // The engine takes our rows as its own: nothing left to apply, no checksum complaint.
    expect(await applyWithSchemaEngine({ url: `file:${ours}`, root })).toEqual({ applied: [] });
    expect(await applyPendingMigrations({ url: `file:${ours}`, root })).toEqual({ applied: [] });
  });

  it("writes nothing when a migration fails, names it, and the next start migrates the file", async () => {
    const brokenRoot = path.join(folder, "broken-root");
    mkdirSync(path.join(brokenRoot, "prisma"), { recursive: true });
    cpSync(path.join(root, "prisma", "schema.prisma"), path.join(brokenRoot, "prisma", "schema.prisma"));
    cpSync(path.join(root, "prisma", "migrations"), path.join(brokenRoot, "prisma", "migrations"), { recursive: true });
    const broken = path.join(brokenRoot, "prisma", "migrations", "99990101000000_broken");
    mkdirSync(broken);
    writeFileSync(path.join(broken, "migration.sql"), 'ALTER TABLE "NoSuchTable" ADD COLUMN "x" TEXT;\n');
    const file = path.join(folder, "broken.db");

    await expect(applyPendingMigrations({ url: `file:${file}`, root: brokenRoot })).rejects.toThrow(
      /Migration 99990101000000_broken failed on the new database \(no such table: NoSuchTable\); nothing was written/,
    );
    const db = new Database(file, { readonly: true });
    expect(db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all()).toEqual([]);
    db.close();

    rmSync(broken, { recursive: true });
    expect(await applyPendingMigrations({ url: `file:${file}`, root: brokenRoot })).toEqual({ applied: committed });
  });

  it("refuses a database holding other tables and no record of Arbor's migrations, and changes nothing", async () => {
    const file = path.join(folder, "other.db");
    const db = new Database(file);
    db.exec("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT); INSERT INTO notes (text) VALUES ('kept');");
    db.close();
    await expect(applyPendingMigrations({ url: `file:${file}`, root })).rejects.toThrow(
      `The database at file:${file} already holds tables Arbor did not make (notes) and no record of Arbor's migrations. Point DATABASE_URL at a new or empty database; Arbor changed nothing in this one.`,
    );
    const after = new Database(file, { readonly: true });
    expect(after.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all()).toEqual([{ name: "notes" }]);
    expect(after.prepare("SELECT text FROM notes").all()).toEqual([{ text: "kept" }]);
    after.close();
  });

  it("upgrades a database Arbor migrated before: only the new migration is applied, the rows stay", async () => {
    const olderRoot = path.join(folder, "older-root");
    mkdirSync(path.join(olderRoot, "prisma"), { recursive: true });
    cpSync(path.join(root, "prisma", "schema.prisma"), path.join(olderRoot, "prisma", "schema.prisma"));
    cpSync(path.join(root, "prisma", "migrations"), path.join(olderRoot, "prisma", "migrations"), { recursive: true });
    const last = committed.at(-1)!;
    rmSync(path.join(olderRoot, "prisma", "migrations", last), { recursive: true });
    const file = path.join(folder, "upgrade.db");

    expect(await applyPendingMigrations({ url: `file:${file}`, root: olderRoot })).toEqual({
      applied: committed.slice(0, -1),
    });
    const db = new Database(file);
    db.prepare(
      "INSERT INTO repos (id, common_dir, root_path, name, updated_at) VALUES ('r1', '/tmp/kept/.git', '/tmp/kept', 'kept', 0)",
    ).run();
    db.close();
    expect(await applyPendingMigrations({ url: `file:${file}`, root })).toEqual({ applied: [last] });
    const after = new Database(file, { readonly: true });
    expect(after.prepare("SELECT root_path FROM repos").all()).toEqual([{ root_path: "/tmp/kept" }]);
    after.close();
    expect(read(file).schema).toEqual(read(path.join(folder, "engine.db")).schema);
  });
});
