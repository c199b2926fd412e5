import type { RepoSettingsPatch, RepoSettingsView } from "@/lib/settings/repo-settings-schema.ts";
import type { CheckSpec } from "./check-setting.ts";

/** The per-repository settings page's view: the overrides, and the checks with what Arbor proposes. */
export type RepoSettingsWithChecks = RepoSettingsView & { checks: CheckSpec[]; proposedChecks: CheckSpec[] };

/** What the browser may send: overrides, and `checks` (the whole list; [] removes them). */
export type RepoSettingsChecksPatch = RepoSettingsPatch & { checks?: CheckSpec[] };
