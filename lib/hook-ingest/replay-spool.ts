import { lstatSync, mkdirSync, readdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { isAppError } from "@/lib/errors/app-error.ts";
import { readSettings } from "@/lib/settings/settings-store.ts";
import { readTextNoFollow } from "./guarded-files.ts";
import { hookFiles } from "./hook-files.ts";
import type { HookIngestParts, IngestHookEvent } from "./ingest-hook-event.ts";

/**
 * Ingests the events the hook spooled while Arbor was down (or unreachable), oldest first.
 * The file name is the delivery id, so an event that did reach Arbor before is not stored
 * twice. Files that are not valid events move to `rejected/` instead of blocking the queue.
 * `ingest` is how one event is received (the server passes lib/hook-policies' receiveHookEvent).
 */
export async function replayHookSpool(
  parts: HookIngestParts,
  input: { dataDir: string; ingest: IngestHookEvent },
): Promise<{ replayed: number; duplicates: number; rejected: number; skipped: string[] }> {
  const files = hookFiles(input.dataDir);
  mkdirSync(files.spoolDir, { recursive: true, mode: 0o700 });
  const names = readdirSync(files.spoolDir)
    .filter((name) => name.endsWith(".json"))
    .map((name) => ({ name, at: modifiedAt(path.join(files.spoolDir, name)) }))
    .filter((entry) => entry.at !== null)
    .sort((a, b) => (a.at! < b.at! ? -1 : a.at! > b.at! ? 1 : a.name.localeCompare(b.name)));
  const settings = await readSettings(parts.db);
  const counts = { replayed: 0, duplicates: 0, rejected: 0, skipped: [] as string[] };
  for (const { name, at } of names) {
    const file = path.join(files.spoolDir, name);
    let text: string | null;
    try {
      // Only regular files: a FIFO would block this read (and the event loop) forever, a link could
      // point anywhere. They are set aside in rejected/ and reported, never opened.
      text = readTextNoFollow(file);
    } catch {
      mkdirSync(files.rejectedDir, { recursive: true, mode: 0o700 });
      renameSync(file, path.join(files.rejectedDir, name));
      counts.skipped.push(name);
      continue;
    }
    if (text === null) continue; // taken by a concurrent drain
    try {
      const body = JSON.parse(text) as unknown;
      const result = await input.ingest(parts, {
        body,
        eventId: name.slice(0, -".json".length),
        source: "spool",
        maxPayloadBytes: settings.hookMaxPayloadBytes,
      });
      counts[result.isDuplicate ? "duplicates" : "replayed"] += 1;
      rmSync(file, { force: true });
    } catch (error) {
      // A file written in place (not renamed in, as Arbor's hook does) can be seen half written:
      // a young one that does not parse yet is left for the next sweep instead of rejected.
      if (error instanceof SyntaxError && isYoung(at!)) continue;
      if (error instanceof SyntaxError || isAppError(error)) {
        mkdirSync(files.rejectedDir, { recursive: true, mode: 0o700 });
        renameSync(file, path.join(files.rejectedDir, name));
        counts.rejected += 1;
        continue;
      }
      throw error;
    }
  }
  if (counts.skipped.length > 0) {
    console.warn(
      `[arbor] hook spool: ${counts.skipped.length} entr${counts.skipped.length === 1 ? "y is" : "ies are"} not a regular file ` +
        `(a FIFO, device or link: ${counts.skipped.slice(0, 5).join(", ")}); moved to ${files.rejectedDir} unread`,
    );
  }
  return counts;
}

const PARTIAL_WRITE_GRACE_NS = 2_000_000_000n;

function isYoung(modified: bigint): boolean {
  return BigInt(Date.now()) * 1_000_000n - modified < PARTIAL_WRITE_GRACE_NS;
}

/** Events are replayed in the order the hook wrote them (nanosecond mtime); null if already gone. */
function modifiedAt(file: string): bigint | null {
  try {
    return lstatSync(file, { bigint: true }).mtimeNs;
  } catch {
    return null;
  }
}
