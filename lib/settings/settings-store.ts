import type { Db } from "@/lib/db/client.ts";
import { DEFAULT_SETTINGS, settingsSchema, type Settings, type SettingsPatch } from "./settings-schema.ts";

const CACHE_TTL_MS = 2_000;

/** The settings as last read for hot paths, and when: one per runtime context (lib/context). */
export interface SettingsCache {
  value: Settings | null;
  at: number;
}

export function createSettingsCache(): SettingsCache {
  return { value: null, at: 0 };
}

/**
 * Settings for hot paths (hook ingest, notifications): read at most every 2 s instead of per request.
 * `updateSettings` clears the cache, so a change made through the same context applies at once.
 */
export async function getCachedSettings({ db, settingsCache }: SettingsParts): Promise<Settings> {
  if (!settingsCache.value || Date.now() - settingsCache.at > CACHE_TTL_MS) {
    settingsCache.value = await readSettings(db);
    settingsCache.at = Date.now();
  }
  return settingsCache.value;
}

/** What reading settings through the cache touches. */
export interface SettingsParts {
  db: Db;
  settingsCache: SettingsCache;
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
  { db, settingsCache }: SettingsParts,
  patch: SettingsPatch & { claudeBinPath?: string | null },
): Promise<Settings> {
  // A new claudeBin without its resolved path must not keep running the old binary.
  const complete =
    patch.claudeBin !== undefined && !("claudeBinPath" in patch) ? { ...patch, claudeBinPath: null } : patch;
  const entries = Object.entries(complete).filter(([, value]) => value !== undefined);
  settingsCache.value = null;
  await db.$transaction(
    entries.map(([key, value]) =>
      db.setting.upsert({
        where: { key },
        create: { key, value: JSON.stringify(value) },
        update: { value: JSON.stringify(value) },
      }),
    ),
  );
  settingsCache.value = null;
  return readSettings(db);
}
