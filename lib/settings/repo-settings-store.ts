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
import { readSettings } from "./settings-store.ts";

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

export async function readRepoSettingsView(db: Db, repoId: string): Promise<RepoSettingsView> {
  if (!(await db.repo.findUnique({ where: { id: repoId }, select: { id: true } }))) {
    throw new AppError("not_found", "That repository is not known to Arbor. Pin it first.");
  }
  const [global, overrides] = await Promise.all([readSettings(db), readRepoOverrides(db, repoId)]);
  return buildRepoSettingsView({ repoId, global, overrides });
}

/** Stores the given overrides (null: back to the Arbor-wide value) in one transaction. */
export async function updateRepoSettings(
  db: Db,
  input: { repoId: string; patch: RepoSettingsPatch },
): Promise<RepoSettingsView> {
  await readRepoSettingsView(db, input.repoId);
  const { repoId } = input;
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
  return readRepoSettingsView(db, repoId);
}
