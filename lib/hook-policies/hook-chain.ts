import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { asObject } from "@/lib/agent/stream/json-fields.ts";
import { parseSettingsText } from "@/lib/hook-events/settings-file/settings-text.ts";
import { ARBOR_MARKER } from "@/lib/hook-ingest/apply-hook-plan.ts";
import { userSettingsFile } from "@/lib/hook-ingest/hook-targets.ts";
import type { ChainHandler } from "./policy-views.ts";

/**
 * The hooks in effect for a worktree, per event, in the order Claude Code registers them:
 * user settings, then the project's `.claude/settings.json`, then `.claude/settings.local.json`,
 * each in file order. Arbor's own handlers are marked. Unreadable files are reported, not fatal.
 */
export function readHookChain(input: { worktreePath: string }): { handlers: ChainHandler[]; problems: string[] } {
  const levels = [
    { level: "user" as const, file: userSettingsFile() },
    { level: "project" as const, file: path.join(input.worktreePath, ".claude", "settings.json") },
    { level: "local" as const, file: path.join(input.worktreePath, ".claude", "settings.local.json") },
  ];
  const handlers: ChainHandler[] = [];
  const problems: string[] = [];
  for (const { level, file } of levels) {
    if (!existsSync(file)) continue;
    let settings: Record<string, unknown>;
    try {
      const parsed = parseSettingsText({ text: readFileSync(file, "utf8"), fileLabel: file });
      if (parsed.kind === "missing") continue;
      settings = parsed.settings;
    } catch (error) {
      problems.push(`${file}: ${(error as Error).message}`);
      continue;
    }
    const hooks = asObject(settings.hooks) ?? {};
    for (const [event, groups] of Object.entries(hooks)) {
      if (!Array.isArray(groups)) continue;
      for (const group of groups) {
        const matcher = typeof asObject(group)?.matcher === "string" ? String(asObject(group)!.matcher) : "*";
        const list = asObject(group)?.hooks;
        if (!Array.isArray(list)) continue;
        for (const entry of list) {
          const handler = asObject(entry) ?? {};
          const command =
            [handler.command, handler.url, handler.prompt].find((value) => typeof value === "string") ?? "";
          handlers.push({
            level,
            file,
            event,
            matcher: matcher || "*",
            type: typeof handler.type === "string" ? handler.type : "command",
            command,
            timeout: typeof handler.timeout === "number" ? handler.timeout : null,
            isArbor: command.includes(ARBOR_MARKER),
          });
        }
      }
    }
  }
  return { handlers, problems };
}
