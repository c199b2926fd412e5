import type { Db } from "@/lib/db/client.ts";
import type { RepoOverrides } from "./repo-settings-schema.ts";
import { DEFAULT_SETTINGS, settingsSchema, type Settings, type SettingsPatch } from "./settings-schema.ts";

/** How long a cached read stays good: what another instance of a team saves shows this much later. */
export const SETTINGS_CACHE_TTL_MS = 2_000;

/**
 * The settings and each repository's overrides as last read for hot paths, and when: one per
 * runtime context (lib/context). `now` is the clock it is read by (tests move it).
 */
export interface SettingsCache {
  value: Settings | null;
  at: number;
  repoOverrides: Map<string, { value: RepoOverrides; at: number }>;
  /** Counts the clears: a read that started before one must not store what it read. */
  generation: number;
  now: () => number;
}

export function createSettingsCache(now: () => number = Date.now): SettingsCache {
  return { value: null, at: 0, repoOverrides: new Map(), generation: 0, now };
}

/**
 * Settings for hot paths (a send, a run, hook ingest, notifications): read at most every 2 s
 * instead of several times per send. `updateSettings` clears the cache, so a change made through
 * the same context applies at once.
 */
export async function getCachedSettings({ db, settingsCache }: SettingsParts): Promise<Settings> {
  if (!settingsCache.value || settingsCache.now() - settingsCache.at > SETTINGS_CACHE_TTL_MS) {
    const { generation } = settingsCache;
    const value = await readSettings(db);
    if (generation === settingsCache.generation) {
      settingsCache.value = value;
      settingsCache.at = settingsCache.now();
    }
    return value;
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
  clearSettingsCache(settingsCache);
  await db.$transaction(
    entries.map(([key, value]) =>
      db.setting.upsert({
        where: { key },
        create: { key, value: JSON.stringify(value) },
        update: { value: JSON.stringify(value) },
      }),
    ),
  );
  clearSettingsCache(settingsCache);
  return getCachedSettings({ db, settingsCache });
}

/** Forgets the Arbor-wide settings read (the repositories' overrides are cleared one by one). */
function clearSettingsCache(settingsCache: SettingsCache): void {
  settingsCache.value = null;
  settingsCache.generation += 1;
}
