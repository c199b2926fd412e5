import type { Db } from "@/lib/db/client.ts";
import { defineProcessState } from "@/lib/runtime/process-state.ts";
import { DEFAULT_SETTINGS, settingsSchema, type Settings, type SettingsPatch } from "./settings-schema.ts";

const CACHE_TTL_MS = 2_000;
const settingsCacheState = defineProcessState("settingsCache", () => ({ value: null as Settings | null, at: 0 }));

/**
 * Settings for hot paths (hook ingest): read at most every 2 s instead of per request.
 * `updateSettings` clears it, so a change made in this process applies at once.
 */
export async function getCachedSettings(db: Db): Promise<Settings> {
  const cache = settingsCacheState.get();
  if (!cache.value || Date.now() - cache.at > CACHE_TTL_MS) {
    cache.value = await readSettings(db);
    cache.at = Date.now();
  }
  return cache.value;
}

function clearSettingsCache(): void {
  settingsCacheState.get().value = null;
}

/** Reads the settings, falling back to defaults for anything not stored (or no longer valid). */
export async function readSettings(db: Db): Promise<Settings> {
  const rows = await db.setting.findMany();
  const stored: Record<string, unknown> = {};
  for (const row of rows) {
    try {
      stored[row.key] = JSON.parse(row.value) as unknown;
    } catch {
      // A corrupt value falls back to its default below; the row is rewritten on next save.
    }
  }
  const parsed = settingsSchema.safeParse(stored);
  if (parsed.success) return parsed.data;
  const valid: Record<string, unknown> = {};
  for (const key of Object.keys(DEFAULT_SETTINGS) as Array<keyof Settings>) {
    const one = settingsSchema.shape[key].safeParse(stored[key]);
    valid[key] = one.success ? one.data : DEFAULT_SETTINGS[key];
  }
  return valid as Settings;
}

/**
 * Stores the given settings in one transaction and returns the full, effective settings. Callers
 * outside tests go through saveSettings (lib/trust/claude-bin.ts), which resolves claudeBin.
 */
export async function updateSettings(
  db: Db,
  patch: SettingsPatch & { claudeBinPath?: string | null },
): Promise<Settings> {
  // A new claudeBin without its resolved path must not keep running the old binary.
  const complete =
    patch.claudeBin !== undefined && !("claudeBinPath" in patch) ? { ...patch, claudeBinPath: null } : patch;
  const entries = Object.entries(complete).filter(([, value]) => value !== undefined);
  clearSettingsCache();
  await db.$transaction(
    entries.map(([key, value]) =>
      db.setting.upsert({
        where: { key },
        create: { key, value: JSON.stringify(value) },
        update: { value: JSON.stringify(value) },
      }),
    ),
  );
  clearSettingsCache();
  return readSettings(db);
}
