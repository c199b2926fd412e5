import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from "node:fs";
import path from "node:path";
import type { ArborConfig } from "@/lib/config/arbor-config.ts";
import { sqliteFilePath } from "@/lib/db/database-url.ts";
import { hookFiles } from "@/lib/hook-ingest/hook-files.ts";

/**
 * Arbor's data directory holds its tokens, the conversations and the hook spool: other local
 * accounts must not read or plant anything there. Folders are 0700 and the database (with its
 * WAL and shared-memory files) 0600, whatever the umask, including for data directories an
 * earlier version created. Runs before the database is opened, so SQLite creates nothing first.
 */
export function prepareDataDir(config: Pick<ArborConfig, "dataDir" | "databaseUrl">): void {
  const files = hookFiles(config.dataDir);
  for (const dir of [
    config.dataDir,
    path.dirname(files.scriptPath),
    files.spoolDir,
    files.rejectedDir,
    files.backupDir,
  ]) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    chmodSync(dir, 0o700);
  }
  if (!config.databaseUrl.startsWith("file:")) return;
  const database = sqliteFilePath(config.databaseUrl);
  // SQLite creates the -wal and -shm files with the database file's permissions.
  closeSync(openSync(database, "a", 0o600));
  for (const file of [database, `${database}-wal`, `${database}-shm`, `${database}-journal`]) {
    if (existsSync(file)) chmodSync(file, 0o600);
  }
}
