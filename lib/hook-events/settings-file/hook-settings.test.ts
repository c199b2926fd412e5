import { describe, expect, it } from "vitest";
import { isAppError } from "@/lib/errors/app-error.ts";
import type { ArborHookHandler } from "./arbor-hook-entries.ts";
import { ARBOR_HOOK_EVENTS } from "@/lib/hook-events/hook-events.ts";
import { planHookInstall, planHookUninstall, type HookSettingsPlan } from "./hook-settings.ts";
import { readFixtureText } from "@/tests/support/claude-fixtures.ts";

const COMMAND: ArborHookHandler = {
  type: "command",
  command: 'node "/home/me/.arbor/bin/arbor-hook.mjs"',
  timeout: 10,
};
const HTTP: ArborHookHandler = {
  type: "http",
  url: "http://127.0.0.1:4318/api/hooks/ingest?via=arbor-hook",
  headers: { "X-Arbor-Token": "$ARBOR_HOOK_TOKEN" },
  allowedEnvVars: ["ARBOR_HOOK_TOKEN"],
  timeout: 5,
};
/** The real `.claude/settings.json` of the capture repo: a command hook on all 30 events, no final newline. */
const USER_SETTINGS = readFixtureText("hooks/_project-settings.json");

function written(plan: HookSettingsPlan): string {
  if (plan.outcome !== "write") throw new Error(`expected a write, got ${plan.outcome}`);
  return plan.newText;
}

function hooksOf(text: string): Record<string, Array<{ matcher?: string; hooks: unknown[] }>> {
  return (JSON.parse(text) as { hooks: Record<string, Array<{ hooks: unknown[] }>> }).hooks;
}

function thrown(action: () => unknown): { code: string; message: string } {
  try {
    action();
  } catch (error) {
    if (isAppError(error)) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error("expected an AppError");
}

describe("planHookInstall", () => {
  it("creates { hooks } in Claude Code's own layout when the file is missing or blank", () => {
    for (const originalText of [null, "", "  \n"]) {
      const text = written(planHookInstall({ originalText, handler: COMMAND }));
      expect(text.endsWith("}\n")).toBe(true);
      expect(text.startsWith('{\n  "hooks": {\n    "SessionStart": [\n      {\n        "hooks": [')).toBe(true);
      expect(Object.keys(hooksOf(text))).toEqual([...ARBOR_HOOK_EVENTS]);
      expect(hooksOf(text).Stop).toEqual([{ hooks: [COMMAND] }]);
    }
  });

  it("keeps every user hook, in order, and appends Arbor's group after them", () => {
    const plan = planHookInstall({ originalText: USER_SETTINGS, handler: COMMAND, fileLabel: ".claude/settings.json" });
    const before = hooksOf(USER_SETTINGS);
    const after = hooksOf(written(plan));
    expect(Object.keys(after)).toEqual(Object.keys(before));
    for (const [event, groups] of Object.entries(before)) {
      const isArborEvent = (ARBOR_HOOK_EVENTS as readonly string[]).includes(event);
      expect(after[event]).toEqual(isArborEvent ? [...groups, { hooks: [COMMAND] }] : groups);
    }
    expect(written(plan).endsWith("}")).toBe(true);
    expect(plan.changes).toHaveLength(ARBOR_HOOK_EVENTS.length);
    expect(plan.preview).toContain("+ hooks.PreToolUse (add Arbor's hook)");
    expect(plan.preview.startsWith(".claude/settings.json:")).toBe(true);
  });

  it("is idempotent: a second install changes nothing", () => {
    const first = written(planHookInstall({ originalText: USER_SETTINGS, handler: COMMAND }));
    const second = planHookInstall({ originalText: first, handler: COMMAND });
    expect(second).toMatchObject({ outcome: "unchanged", changed: false, newText: first, changes: [] });
  });

  it("updates Arbor's handler where it stands when it changed (new port), after user groups added later", () => {
    const first = JSON.parse(written(planHookInstall({ originalText: null, handler: HTTP }))) as {
      hooks: Record<string, unknown[]>;
    };
    first.hooks.Stop?.push({ hooks: [{ type: "command", command: "say done" }] });
    const moved: ArborHookHandler = { ...HTTP, url: "http://127.0.0.1:5000/api/hooks/ingest?via=arbor-hook" };
    const plan = planHookInstall({ originalText: `${JSON.stringify(first, null, 2)}\n`, handler: moved });
    expect(plan.changes.every((change) => change.action === "update")).toBe(true);
    expect(hooksOf(written(plan)).Stop).toEqual([
      { hooks: [moved] },
      { hooks: [{ type: "command", command: "say done" }] },
    ]);
  });

  it("syncs the event list: events no longer wanted lose Arbor's hook", () => {
    const full = written(planHookInstall({ originalText: USER_SETTINGS, handler: COMMAND }));
    const plan = planHookInstall({ originalText: full, handler: COMMAND, events: ["Stop"] });
    expect(plan.changes).toHaveLength(ARBOR_HOOK_EVENTS.length - 1);
    expect(plan.changes.every((change) => change.action === "remove" && change.event !== "Stop")).toBe(true);
    expect(hooksOf(written(plan)).Stop).toHaveLength(2);
    expect(hooksOf(written(plan)).PreToolUse).toEqual(hooksOf(USER_SETTINGS).PreToolUse);
  });

  it("rejects a handler that does not carry the marker, or an http hook without an http URL", () => {
    expect(
      thrown(() => planHookInstall({ originalText: null, handler: { type: "command", command: "node hook.mjs" } })),
    ).toMatchObject({ code: "invalid_input", message: expect.stringContaining('must contain "arbor-hook"') });
    expect(
      thrown(() => planHookInstall({ originalText: null, handler: { type: "http", url: "file:///arbor-hook" } })).code,
    ).toBe("invalid_input");
  });
});

describe("planHookUninstall", () => {
  const variants = {
    "the capture repo's settings (no final newline)": USER_SETTINGS,
    "no hooks, other settings": `${JSON.stringify({ permissions: { allow: ["Bash(npm test)"] }, env: { A: "1" } }, null, 2)}\n`,
    "tabs + CRLF": `${JSON.stringify({ model: "opus", hooks: { Stop: [{ hooks: [{ type: "command", command: "say hi" }] }] } }, null, "\t").replace(/\n/g, "\r\n")}\r\n`,
    "4 spaces with a BOM": `\uFEFF${JSON.stringify({ hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "check.sh" }] }] } }, null, 4)}\n`,
    minified: JSON.stringify({ hooks: {}, theme: "dark" }).replace('"hooks":{},', ""),
  };

  it.each(Object.entries(variants))("restores %s byte for byte after an install", (_name, original) => {
    for (const handler of [COMMAND, HTTP]) {
      const installed = written(planHookInstall({ originalText: original, handler }));
      expect(installed).not.toBe(original);
      expect(written(planHookUninstall({ originalText: installed }))).toBe(original);
    }
  });

  it("removes only Arbor's handler from a group the user shares with it", () => {
    const original = `${JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: "command", command: "mine.sh" }, COMMAND] }] } }, null, 2)}\n`;
    const plan = planHookUninstall({ originalText: original });
    expect(hooksOf(written(plan))).toEqual({ Stop: [{ hooks: [{ type: "command", command: "mine.sh" }] }] });
    expect(plan.changes).toEqual([{ event: "Stop", action: "remove" }]);
  });

  it("changes nothing when there is nothing of Arbor's", () => {
    expect(planHookUninstall({ originalText: USER_SETTINGS })).toMatchObject({
      outcome: "unchanged",
      newText: USER_SETTINGS,
    });
    expect(planHookUninstall({ originalText: null })).toMatchObject({ outcome: "unchanged", newText: null });
  });
});

describe("files Arbor will not rewrite", () => {
  const jsonc =
    '{\n  // my hooks\n  "hooks": {\n    "Stop": [{ "hooks": [{ "type": "command", "command": "say done" }] }],\n  },\n}\n';
  const inlineArrays = '{\n  "permissions": { "allow": ["Bash(npm test)"] }\n}\n';

  it("refuses a file with comments and trailing commas, and says what to add by hand", () => {
    const plan = planHookInstall({ originalText: jsonc, handler: COMMAND, fileLabel: "~/.claude/settings.json" });
    if (plan.outcome !== "manual") throw new Error(`expected manual, got ${plan.outcome}`);
    expect(plan.newText).toBeNull();
    expect(plan.reason).toContain("~/.claude/settings.json contains comments or trailing commas");
    expect(plan.snippet).toContain('"command": "node \\"/home/me/.arbor/bin/arbor-hook.mjs\\""');
    expect(plan.changes.find((change) => change.event === "Stop")).toEqual({ event: "Stop", action: "add" });
  });

  it("refuses hand-formatted JSON instead of reformatting it", () => {
    const plan = planHookInstall({ originalText: inlineArrays, handler: COMMAND });
    expect(plan).toMatchObject({ outcome: "manual", changed: false, newText: null });
    expect(plan.outcome === "manual" && plan.reason).toContain("is not laid out the way JSON.stringify writes it");
  });

  it("tells the user which entries to delete when uninstalling from such a file", () => {
    const withArbor = jsonc.replace('"say done"', '"arbor-hook --post"');
    const plan = planHookUninstall({ originalText: withArbor });
    expect(plan.outcome === "manual" && plan.snippet).toBe(
      'In hooks.Stop: delete the hook handler whose command or url contains "arbor-hook".',
    );
  });

  it("throws invalid_input, naming the file, for text that is not JSON or not an object", () => {
    expect(
      thrown(() =>
        planHookInstall({ originalText: '{"hooks": ', handler: COMMAND, fileLabel: ".claude/settings.local.json" }),
      ),
    ).toMatchObject({
      code: "invalid_input",
      message: expect.stringContaining(".claude/settings.local.json is not valid JSON"),
    });
    expect(thrown(() => planHookInstall({ originalText: "[]", handler: COMMAND })).message).toContain(
      "must contain a JSON object",
    );
    expect(thrown(() => planHookInstall({ originalText: '{"hooks": []}', handler: COMMAND })).message).toContain(
      '"hooks" in the settings file must be an object',
    );
    expect(
      thrown(() => planHookInstall({ originalText: '{"hooks": {"Stop": {}}}', handler: COMMAND })).message,
    ).toContain('"hooks.Stop"');
  });
});
