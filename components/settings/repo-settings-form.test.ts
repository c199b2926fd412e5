import { describe, expect, it } from "vitest";
import { buildRepoSettingsView } from "@/lib/settings/repo-settings-schema.ts";
import { DEFAULT_SETTINGS } from "@/lib/settings/settings-schema.ts";
import { formatSettingValue, toRepoSettingsForm, toRepoSettingsPatch } from "./repo-settings-form.ts";

const view = buildRepoSettingsView({
  repoId: "r",
  global: { ...DEFAULT_SETTINGS, model: null },
  overrides: { model: "opus", upkeepKeepLastN: 5 },
});

describe("the repository settings form", () => {
  it("starts from the overrides and shows inherited values for the rest", () => {
    const form = toRepoSettingsForm(view);
    expect(form.model).toEqual({ isOverridden: true, raw: "opus" });
    expect(form.upkeepKeepLastN).toEqual({ isOverridden: true, raw: "5" });
    expect(form.autoUpkeep).toEqual({ isOverridden: false, raw: "true" });
    expect(form.permissionMode).toEqual({ isOverridden: false, raw: "default" });
  });

  it("sends overridden values parsed, and null for an override the user took back", () => {
    const form = toRepoSettingsForm(view);
    form.model = { isOverridden: false, raw: "opus" };
    form.autoUpkeep = { isOverridden: true, raw: "false" };
    form.upkeepMessageThreshold = { isOverridden: true, raw: " 400 " };
    expect(toRepoSettingsPatch(form, view)).toEqual({
      patch: { model: null, autoUpkeep: false, upkeepMessageThreshold: 400, upkeepKeepLastN: 5 },
    });
  });

  it("names the rows it cannot read instead of sending them", () => {
    const form = toRepoSettingsForm(view);
    form.upkeepKeepLastN = { isOverridden: true, raw: "five" };
    form.model = { isOverridden: true, raw: " " };
    expect(toRepoSettingsPatch(form, view)).toEqual({
      errors: { upkeepKeepLastN: "Enter a whole number.", model: "Give a model name, or stop overriding it." },
    });
  });

  it("reads the default land method from its choices and refuses anything else", () => {
    const form = toRepoSettingsForm(view);
    expect(form.landMethod).toEqual({ isOverridden: false, raw: "merge" });
    form.landMethod = { isOverridden: true, raw: "rebase" };
    expect(toRepoSettingsPatch(form, view)).toMatchObject({ patch: { landMethod: "rebase" } });
    form.landMethod = { isOverridden: true, raw: "octopus" };
    expect(toRepoSettingsPatch(form, view)).toEqual({ errors: { landMethod: "Choose a land method." } });
  });

  it("formats values as the page shows them", () => {
    expect(formatSettingValue(null)).toBe("CLI default");
    expect(formatSettingValue(false)).toBe("off");
    expect(formatSettingValue(20)).toBe("20");
  });
});
