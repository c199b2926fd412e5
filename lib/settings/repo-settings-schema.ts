import { z } from "zod";
import { settingsSchema, type Settings } from "./settings-schema.ts";

/**
 * The Arbor-wide settings a repository may override: the ones that belong to a project (which
 * model, how careful Claude is by default, when long conversations are lightened, how long its
 * hook events and transcripts are kept). Everything
 * else (the binary, concurrency, limits) is the machine's and stays Arbor-wide. Pure: the
 * Settings page imports it.
 */
export const REPO_SETTING_KEYS = [
  "model",
  "permissionMode",
  "recentMessageCount",
  "autoUpkeep",
  "upkeepMessageThreshold",
  "upkeepCharThreshold",
  "upkeepKeepLastN",
  "hookRetentionDays",
  "hookRetentionMb",
  "transcriptRetentionDays",
  "landMethod",
] as const satisfies readonly (keyof Settings)[];
export type RepoSettingKey = (typeof REPO_SETTING_KEYS)[number];
export type RepoOverrides = Partial<Pick<Settings, RepoSettingKey>>;

const unwrap = <T extends z.ZodType>(field: T) => (field instanceof z.ZodDefault ? field.unwrap() : field) as T;

/**
 * A change of a repository's overrides: a value overrides, `null` goes back to the Arbor-wide
 * value. Unknown keys, and settings that are not per repository, are refused by name.
 */
export const repoSettingsPatchSchema = z.strictObject(
  {
    model: z.string().trim().min(1, "Give a model name, or inherit the Arbor-wide one").max(200).nullable().optional(),
    permissionMode: unwrap(settingsSchema.shape.permissionMode).nullable().optional(),
    recentMessageCount: unwrap(settingsSchema.shape.recentMessageCount).nullable().optional(),
    autoUpkeep: unwrap(settingsSchema.shape.autoUpkeep).nullable().optional(),
    upkeepMessageThreshold: unwrap(settingsSchema.shape.upkeepMessageThreshold).nullable().optional(),
    upkeepCharThreshold: unwrap(settingsSchema.shape.upkeepCharThreshold).nullable().optional(),
    upkeepKeepLastN: unwrap(settingsSchema.shape.upkeepKeepLastN).nullable().optional(),
    hookRetentionDays: unwrap(settingsSchema.shape.hookRetentionDays).nullable().optional(),
    hookRetentionMb: unwrap(settingsSchema.shape.hookRetentionMb).nullable().optional(),
    transcriptRetentionDays: unwrap(settingsSchema.shape.transcriptRetentionDays).nullable().optional(),
    landMethod: unwrap(settingsSchema.shape.landMethod).nullable().optional(),
  } satisfies Record<RepoSettingKey, z.ZodType>,
  {
    error: (issue) =>
      issue.code === "unrecognized_keys"
        ? `${issue.keys.join(", ")} cannot be set per repository (only ${REPO_SETTING_KEYS.join(", ")} can). Change it in Settings for all of Arbor.`
        : undefined,
  },
);
export type RepoSettingsPatch = z.infer<typeof repoSettingsPatchSchema>;

/** The stored overrides that are still valid (a value that no longer parses is ignored, as Settings does). */
export function parseRepoOverrides(stored: Record<string, unknown>): RepoOverrides {
  const overrides: Record<string, unknown> = {};
  for (const key of REPO_SETTING_KEYS) {
    if (!(key in stored)) continue;
    const parsed = repoSettingsPatchSchema.shape[key].safeParse(stored[key]);
    if (parsed.success && parsed.data !== null) overrides[key] = parsed.data;
  }
  return overrides;
}

/** The settings a repository's runs use: its overrides over the Arbor-wide settings. */
export function applyRepoOverrides(global: Settings, overrides: RepoOverrides): Settings {
  return { ...global, ...overrides };
}

/** What the Settings page shows per key: the value in force and where it comes from. */
export interface RepoSettingsView {
  repoId: string;
  overrides: RepoOverrides;
  effective: Pick<Settings, RepoSettingKey>;
  inherited: Pick<Settings, RepoSettingKey>;
}

export function buildRepoSettingsView(input: {
  repoId: string;
  global: Settings;
  overrides: RepoOverrides;
}): RepoSettingsView {
  const pick = (settings: Settings) =>
    Object.fromEntries(REPO_SETTING_KEYS.map((key) => [key, settings[key]])) as Pick<Settings, RepoSettingKey>;
  return {
    repoId: input.repoId,
    overrides: input.overrides,
    effective: pick(applyRepoOverrides(input.global, input.overrides)),
    inherited: pick(input.global),
  };
}
