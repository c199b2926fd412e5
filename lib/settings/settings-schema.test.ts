import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS, settingsPatchSchema } from "./settings-schema.ts";

describe("settingsPatchSchema", () => {
  it("keeps only the fields sent (no defaults filled in, which would reset the others)", () => {
    expect(settingsPatchSchema.parse({ recentMessageCount: 7 })).toEqual({ recentMessageCount: 7 });
    expect(DEFAULT_SETTINGS.claudeBin).toBe("claude");
  });

  it("refuses unknown keys and the resolved claude path, which only Arbor sets", () => {
    expect(settingsPatchSchema.safeParse({ claudeBinPath: "/tmp/x" }).success).toBe(false);
    expect(settingsPatchSchema.safeParse({ recentMessageCont: 7 }).success).toBe(false);
  });
});
