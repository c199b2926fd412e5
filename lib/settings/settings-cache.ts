import type { Db } from "@/lib/db/client.ts";
import { processSingleton } from "@/lib/runtime/process-singleton.ts";
import type { Settings } from "./settings-schema.ts";
import { readSettings } from "./settings-store.ts";

const TTL_MS = 2_000;

/**
 * Settings for hot paths (hook ingest): read at most every 2 s instead of per request.
 * `updateSettings` clears it, so a change made in this process applies at once.
 */
export async function getCachedSettings(db: Db): Promise<Settings> {
  const cache = processSingleton("settings-cache", () => ({ value: null as Settings | null, at: 0 }));
  if (!cache.value || Date.now() - cache.at > TTL_MS) {
    cache.value = await readSettings(db);
    cache.at = Date.now();
  }
  return cache.value;
}

export function clearSettingsCache(): void {
  processSingleton("settings-cache", () => ({ value: null as Settings | null, at: 0 })).value = null;
}
