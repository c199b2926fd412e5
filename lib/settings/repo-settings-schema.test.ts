import { describe, expect, it } from "vitest";
import {
  applyRepoOverrides,
  buildRepoSettingsView,
  parseRepoOverrides,
  repoSettingsPatchSchema,
} from "./repo-settings-schema.ts";
import { DEFAULT_SETTINGS } from "./settings-schema.ts";

describe("per-repository settings", () => {
  it("override the Arbor-wide value key by key; the rest is inherited", () => {
    const global = { ...DEFAULT_SETTINGS, model: "sonnet", upkeepMessageThreshold: 300 };
    const effective = applyRepoOverrides(global, { model: "opus", permissionMode: "plan" });
    expect(effective).toMatchObject({ model: "opus", permissionMode: "plan", upkeepMessageThreshold: 300 });
    const view = buildRepoSettingsView({ repoId: "r", global, overrides: { upkeepKeepLastN: 5 } });
    expect(view.effective.upkeepKeepLastN).toBe(5);
    expect(view.inherited.upkeepKeepLastN).toBe(DEFAULT_SETTINGS.upkeepKeepLastN);
    expect(view.effective.model).toBe("sonnet");
    expect(Object.keys(view.effective)).not.toContain("claudeBin");
  });

  it("a patch takes null to inherit again, and refuses keys that are not per repository and values out of range", () => {
    expect(repoSettingsPatchSchema.parse({ model: null, autoUpkeep: false })).toEqual({
      model: null,
      autoUpkeep: false,
    });
    expect(repoSettingsPatchSchema.safeParse({ claudeBin: "/tmp/evil" }).success).toBe(false);
    expect(repoSettingsPatchSchema.safeParse({ upkeepMessageThreshold: 1 }).success).toBe(false);
    expect(repoSettingsPatchSchema.safeParse({ permissionMode: "yolo" }).success).toBe(false);
    expect(repoSettingsPatchSchema.parse({ landMethod: "squash" })).toEqual({ landMethod: "squash" });
    expect(repoSettingsPatchSchema.safeParse({ landMethod: "octopus" }).success).toBe(false);
    expect(repoSettingsPatchSchema.safeParse({ model: "  " }).success).toBe(false);
  });

  it("stored values that no longer parse are ignored, not applied", () => {
    expect(parseRepoOverrides({ model: "opus", upkeepKeepLastN: -3, permissionMode: "yolo", claudeBin: "x" })).toEqual({
      model: "opus",
    });
  });
});
