import { z } from "zod";
import type { Db } from "@/lib/db/client.ts";
import { REPO_SETTING_KEYS, repoSettingsPatchSchema } from "@/lib/settings/repo-settings-schema.ts";
import { readRepoSettingsView, updateRepoSettings } from "@/lib/settings/repo-settings-store.ts";
import type { SettingsParts } from "@/lib/settings/settings-store.ts";
import { checksSchema } from "./check-setting.ts";
import type { RepoSettingsWithChecks } from "./repo-checks-view.ts";
import { readChecks, readProposedChecks, saveChecks } from "./check-settings-store.ts";

export type { RepoSettingsWithChecks };

/** A change of a repository's settings: the overrides, and `checks` (the whole list; [] removes them). */
export const repoSettingsWithChecksPatchSchema = z.strictObject(
  { ...repoSettingsPatchSchema.shape, checks: checksSchema.optional() },
  {
    error: (issue) =>
      issue.code === "unrecognized_keys"
        ? `${issue.keys.join(", ")} cannot be set per repository (only ${[...REPO_SETTING_KEYS, "checks"].join(", ")} can). Change it in Settings for all of Arbor.`
        : undefined,
  },
);
export type RepoSettingsWithChecksPatch = z.infer<typeof repoSettingsWithChecksPatchSchema>;

export async function readRepoSettingsWithChecks(db: Db, repoId: string): Promise<RepoSettingsWithChecks> {
  const view = await readRepoSettingsView(db, repoId);
  const [checks, proposedChecks] = await Promise.all([readChecks(db, repoId), readProposedChecks(db, repoId)]);
  return { ...view, checks, proposedChecks };
}

/** Stores the overrides and the checks given; what was not given stays. */
export async function updateRepoSettingsWithChecks(
  { db, settingsCache }: SettingsParts,
  input: { repoId: string; patch: RepoSettingsWithChecksPatch },
): Promise<RepoSettingsWithChecks> {
  const { checks, ...patch } = input.patch;
  await updateRepoSettings({ db, settingsCache }, { repoId: input.repoId, patch });
  if (checks !== undefined) await saveChecks(db, { repoId: input.repoId, checks });
  return readRepoSettingsWithChecks(db, input.repoId);
}
