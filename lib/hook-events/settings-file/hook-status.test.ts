import { describe, expect, it } from "vitest";
import { ARBOR_HOOK_EVENTS } from "@/lib/hook-events/hook-events.ts";
import { hookCoverage, summarizeHookStatus } from "./hook-status.ts";

const MARKER = "/bin/arbor-hook";
const arbor = { type: "command", command: "'/data/bin/arbor-hook'", timeout: 5 };
const theirs = { type: "command", command: "echo mine" };
const settings = (events: readonly string[], extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    ...extra,
    hooks: Object.fromEntries(events.map((event) => [event, [{ hooks: [theirs] }, { hooks: [arbor] }]])),
  });
const coverage = (text: string | null) => hookCoverage({ text, marker: MARKER, fileLabel: "settings.json" });

describe("hookCoverage", () => {
  it("is installed when every event Arbor listens to has its handler, among the user's own", () => {
    expect(coverage(settings(ARBOR_HOOK_EVENTS, { model: "opus" }))).toBe("installed");
  });

  it("is partial when some events lack it, absent when none has it or there is no file", () => {
    expect(coverage(settings(ARBOR_HOOK_EVENTS.slice(1)))).toBe("partial");
    expect(coverage(JSON.stringify({ hooks: { Stop: [{ hooks: [theirs] }] } }))).toBe("absent");
    expect(coverage(null)).toBe("absent");
    expect(coverage("  \n")).toBe("absent");
  });

  it("reads settings with comments like Claude Code does, and calls a file that is not JSON unreadable", () => {
    expect(coverage(`// mine\n${settings(ARBOR_HOOK_EVENTS)}`)).toBe("installed");
    expect(coverage("{ not json")).toBe("unreadable");
    expect(coverage("[1, 2]")).toBe("unreadable");
  });
});

describe("summarizeHookStatus", () => {
  it("lists the scopes that carry every hook", () => {
    const status = summarizeHookStatus([
      { scope: "user", file: "/u/settings.json", coverage: "partial" },
      { scope: "project", file: "/w/.claude/settings.json", coverage: "absent" },
      { scope: "local", file: "/w/.claude/settings.local.json", coverage: "installed" },
    ]);
    expect(status.installedIn).toEqual(["local"]);
  });
});
