import { watch, type FSWatcher } from "node:fs";
import { hookFiles } from "./hook-files.ts";
import type { HookIngestParts, IngestHookEvent } from "./ingest-hook-event.ts";
import { replayHookSpool } from "./replay-spool.ts";

const SWEEP_MS = 5_000;

/**
 * Ingests hook events as soon as the hook drops them into the spool (inotify through
 * fs.watch), with a periodic sweep as a safety net for missed notifications. Runs are
 * serialized: one drain at a time, and a notification during a drain schedules one more.
 */
export function startSpoolWatcher(
  parts: HookIngestParts,
  input: { dataDir: string; ingest: IngestHookEvent; onError: (error: unknown) => void },
): { close(): Promise<void> } {
  const { spoolDir } = hookFiles(input.dataDir);
  let draining: Promise<unknown> | null = null;
  let isPending = false;
  let isClosed = false;
  const drain = () => {
    if (isClosed) return;
    if (draining) {
      isPending = true;
      return;
    }
    draining = replayHookSpool(parts, { dataDir: input.dataDir, ingest: input.ingest })
      .catch(input.onError)
      .finally(() => {
        draining = null;
        if (isPending) {
          isPending = false;
          drain();
        }
      });
  };
  let watcher: FSWatcher | null = null;
  try {
    watcher = watch(spoolDir, (_event, name) => {
      if (name === null || String(name).endsWith(".json")) drain();
    });
    watcher.on("error", input.onError);
  } catch (error) {
    input.onError(error);
  }
  const sweep = setInterval(drain, SWEEP_MS);
  sweep.unref();
  drain();
  return {
    async close() {
      isClosed = true;
      clearInterval(sweep);
      watcher?.close();
      await draining;
    },
  };
}
