import { PERMISSION_MODES } from "@/lib/agent/claude-args.ts";
import { LAND_METHODS } from "@/lib/settings/land-methods.ts";
import type { RepoSettingKey, RepoSettingsPatch, RepoSettingsView } from "@/lib/settings/repo-settings-schema.ts";

/** The rows of the repository section: what each setting is and how it is edited. */
export const REPO_SETTING_ROWS: Array<{
  key: RepoSettingKey;
  label: string;
  kind: "text" | "mode" | "number" | "boolean" | "land";
  hint: string;
}> = [
  { key: "model", label: "Model", kind: "text", hint: "The model this repository's chats use, e.g. sonnet or opus." },
  {
    key: "permissionMode",
    label: "Default permission mode",
    kind: "mode",
    hint: "What a worktree starts in until its chat header picks another (Bypass only in a trusted repository).",
  },
  {
    key: "landMethod",
    label: "Default land method",
    kind: "land",
    hint: "What Land… preselects: merge commit, squash, fast-forward, or rebase then fast-forward.",
  },
  { key: "recentMessageCount", label: "Recent window (messages)", kind: "number", hint: "0 – 500." },
  { key: "autoUpkeep", label: "Automatic upkeep", kind: "boolean", hint: "Summarize and lighten long conversations." },
  { key: "upkeepMessageThreshold", label: "Upkeep after (messages)", kind: "number", hint: "10 – 100000." },
  { key: "upkeepCharThreshold", label: "Upkeep after (characters)", kind: "number", hint: "10000 – 100000000." },
  { key: "upkeepKeepLastN", label: "Messages kept when lightening", kind: "number", hint: "0 – 10000." },
  {
    key: "hookRetentionDays",
    label: "Keep hook events (days)",
    kind: "number",
    hint: "0 keeps them forever. Events a run or the ledger refers to are always kept.",
  },
  {
    key: "hookRetentionMb",
    label: "Hook events at most (MB)",
    kind: "number",
    hint: "0: no limit. Beyond it the oldest go first, with the same exceptions.",
  },
  {
    key: "transcriptRetentionDays",
    label: "Keep transcript relays (days)",
    kind: "number",
    hint: "0 keeps them forever. Claude's own transcript files are never touched.",
  },
];

export type RepoSettingsForm = Record<RepoSettingKey, { isOverridden: boolean; raw: string }>;

/** A value as the page shows it ("CLI default" for no model, on/off for switches). */
export function formatSettingValue(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined || value === "") return "CLI default";
  if (typeof value === "boolean") return value ? "on" : "off";
  return String(value);
}

/** The form starts from the stored overrides; a setting not overridden shows the value it inherits. */
export function toRepoSettingsForm(view: RepoSettingsView): RepoSettingsForm {
  const form = {} as RepoSettingsForm;
  for (const { key } of REPO_SETTING_ROWS) {
    const value = key in view.overrides ? view.overrides[key] : view.inherited[key];
    form[key] = {
      isOverridden: key in view.overrides,
      raw: value === null || value === undefined ? "" : String(value),
    };
  }
  return form;
}

/**
 * The change to send: overridden rows with their parsed value, rows no longer overridden as null
 * (back to Arbor-wide); or, when a value cannot be read, what is wrong with which row.
 */
export function toRepoSettingsPatch(
  form: RepoSettingsForm,
  view: RepoSettingsView,
): { patch: RepoSettingsPatch } | { errors: Partial<Record<RepoSettingKey, string>> } {
  const patch: Record<string, unknown> = {};
  const errors: Partial<Record<RepoSettingKey, string>> = {};
  for (const { key, kind } of REPO_SETTING_ROWS) {
    const { isOverridden, raw } = form[key];
    if (!isOverridden) {
      if (key in view.overrides) patch[key] = null;
      continue;
    }
    const text = raw.trim();
    if (kind === "number") {
      if (!/^\d+$/.test(text)) errors[key] = "Enter a whole number.";
      else patch[key] = Number(text);
    } else if (kind === "boolean") {
      patch[key] = text === "true";
    } else if (kind === "land") {
      if ((LAND_METHODS as readonly string[]).includes(text)) patch[key] = text;
      else errors[key] = "Choose a land method.";
    } else if (kind === "mode") {
      if ((PERMISSION_MODES as readonly string[]).includes(text)) patch[key] = text;
      else errors[key] = "Choose a mode.";
    } else if (text === "") {
      errors[key] = "Give a model name, or stop overriding it.";
    } else {
      patch[key] = text;
    }
  }
  return Object.keys(errors).length > 0 ? { errors } : { patch: patch };
}
