import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import type { Db } from "../db/client.ts";
import { isAppError } from "../errors/app-error.ts";
import { readSettings } from "../settings/settings-store.ts";
import { hookFiles } from "./hook-files.ts";
import { ingestHookEvent } from "./ingest-hook-event.ts";

/**
 * Ingests the events the hook spooled while Arbor was down (or unreachable), oldest first.
 * The file name is the delivery id, so an event that did reach Arbor before is not stored
 * twice. Files that are not valid events move to `rejected/` instead of blocking the queue.
 */
export async function replayHookSpool(db: Db, input: { dataDir: string }): Promise<{ replayed: number; duplicates: number; rejected: number }> {
  const files = hookFiles(input.dataDir);
  mkdirSync(files.spoolDir, { recursive: true });
  const names = readdirSync(files.spoolDir).filter((name) => name.endsWith(".json")).sort(compareSpoolNames);
  const settings = await readSettings(db);
  const counts = { replayed: 0, duplicates: 0, rejected: 0 };
  for (const name of names) {
    const file = path.join(files.spoolDir, name);
    try {
      const body = JSON.parse(readFileSync(file, "utf8")) as unknown;
      const result = await ingestHookEvent(db, { body, eventId: name.slice(0, -".json".length), source: "spool", maxPayloadBytes: settings.hookMaxPayloadBytes });
      counts[result.isDuplicate ? "duplicates" : "replayed"] += 1;
      rmSync(file, { force: true });
    } catch (error) {
      if (error instanceof SyntaxError || isAppError(error)) {
        mkdirSync(files.rejectedDir, { recursive: true });
        renameSync(file, path.join(files.rejectedDir, name));
        counts.rejected += 1;
        continue;
      }
      throw error;
    }
  }
  return counts;
}

/** Spool names are `<nanoseconds>-<pid>.json`: order by the number, not as text. */
function compareSpoolNames(a: string, b: string): number {
  const left = BigInt(/^\d+/.exec(a)?.[0] ?? "0");
  const right = BigInt(/^\d+/.exec(b)?.[0] ?? "0");
  return left < right ? -1 : left > right ? 1 : a.localeCompare(b);
}
