import type { Db } from "@/lib/db/client.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import {
  applyRepoOverrides,
  buildRepoSettingsView,
  parseRepoOverrides,
  type RepoOverrides,
  type RepoSettingsPatch,
  type RepoSettingsView,
} from "./repo-settings-schema.ts";
import type { Settings } from "./settings-schema.ts";
import { getCachedSettings, readSettings, SETTINGS_CACHE_TTL_MS, type SettingsParts } from "./settings-store.ts";

export async function readRepoOverrides(db: Db, repoId: string): Promise<RepoOverrides> {
  const rows = await db.repoSetting.findMany({ where: { repoId } });
  const stored: Record<string, unknown> = {};
  for (const row of rows) {
    try {
      stored[row.key] = JSON.parse(row.value) as unknown;
    } catch {
      // A corrupt value is ignored: the Arbor-wide value applies until the override is saved again.
    }
  }
  return parseRepoOverrides(stored);
}

/** The settings a run, a summary or upkeep in this repository uses: Arbor-wide, with the repository's overrides. */
export async function readEffectiveSettings(db: Db, repoId: string): Promise<Settings> {
  const [global, overrides] = await Promise.all([readSettings(db), readRepoOverrides(db, repoId)]);
  return applyRepoOverrides(global, overrides);
}

/**
 * readEffectiveSettings for hot paths (a send reads them in several places): both halves through the
 * context's cache, re-read at most every 2 s; saving either through the same context clears its half.
 */
export async function getCachedEffectiveSettings(parts: SettingsParts, repoId: string): Promise<Settings> {
  const [global, overrides] = await Promise.all([getCachedSettings(parts), getCachedRepoOverrides(parts, repoId)]);
  return applyRepoOverrides(global, overrides);
}

async function getCachedRepoOverrides({ db, settingsCache }: SettingsParts, repoId: string): Promise<RepoOverrides> {
  const cached = settingsCache.repoOverrides.get(repoId);
  if (cached && settingsCache.now() - cached.at <= SETTINGS_CACHE_TTL_MS) return cached.value;
  const { generation } = settingsCache;
  const value = await readRepoOverrides(db, repoId);
  if (generation === settingsCache.generation) {
    settingsCache.repoOverrides.set(repoId, { value, at: settingsCache.now() });
  }
  return value;
}

export async function readRepoSettingsView(db: Db, repoId: string): Promise<RepoSettingsView> {
  if (!(await db.repo.findUnique({ where: { id: repoId }, select: { id: true } }))) {
    throw new AppError("not_found", "That repository is not known to Arbor. Pin it first.");
  }
  const [global, overrides] = await Promise.all([readSettings(db), readRepoOverrides(db, repoId)]);
  return buildRepoSettingsView({ repoId, global, overrides });
}

/** Stores the given overrides (null: back to the Arbor-wide value) in one transaction. */
export async function updateRepoSettings(
  { db, settingsCache }: SettingsParts,
  input: { repoId: string; patch: RepoSettingsPatch },
): Promise<RepoSettingsView> {
  await readRepoSettingsView(db, input.repoId);
  const { repoId } = input;
  forgetRepoOverrides(settingsCache, repoId);
  await db.$transaction(
    Object.entries(input.patch)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) =>
        value === null
          ? db.repoSetting.deleteMany({ where: { repoId, key } })
          : db.repoSetting.upsert({
              where: { repoId_key: { repoId, key } },
              create: { repoId, key, value: JSON.stringify(value) },
              update: { value: JSON.stringify(value) },
            }),
      ),
  );
  forgetRepoOverrides(settingsCache, repoId);
  return readRepoSettingsView(db, repoId);
}

function forgetRepoOverrides(settingsCache: SettingsParts["settingsCache"], repoId: string): void {
  settingsCache.repoOverrides.delete(repoId);
  settingsCache.generation += 1;
}
