import { describe, expect, it } from "vitest";
import { summarizeHookStatus, type HookCoverage } from "@/lib/hook-events/settings-file/hook-status.ts";
import { describeHookStatus } from "./hook-status-text.ts";

const status = (user: HookCoverage, project: HookCoverage, local: HookCoverage) =>
  summarizeHookStatus([
    { scope: "user", file: "/home/u/.claude/settings.json", coverage: user },
    { scope: "project", file: "/w/.claude/settings.json", coverage: project },
    { scope: "local", file: "/w/.claude/settings.local.json", coverage: local },
  ]);

describe("describeHookStatus", () => {
  it("names the scopes that carry the hooks, with no Install button", () => {
    expect(describeHookStatus(status("absent", "absent", "installed"))).toMatchObject({
      label: "Hooks: local",
      tone: "emerald",
      canInstall: false,
    });
    expect(describeHookStatus(status("installed", "absent", "installed")).label).toBe("Hooks: user + local");
  });

  it("offers Install when none has them, and an update when one has only some", () => {
    expect(describeHookStatus(status("absent", "absent", "absent"))).toMatchObject({
      label: "No hooks",
      canInstall: true,
    });
    expect(describeHookStatus(status("absent", "partial", "absent"))).toMatchObject({
      label: "Hooks incomplete",
      tone: "amber",
      canInstall: true,
    });
  });

  it("explains every scope with its file", () => {
    expect(describeHookStatus(status("unreadable", "absent", "installed")).details).toEqual([
      "user settings: unreadable (/home/u/.claude/settings.json)",
      "project settings: not installed (/w/.claude/settings.json)",
      "local settings: installed (/w/.claude/settings.local.json)",
    ]);
  });
});
