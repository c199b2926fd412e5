import { asObject } from "@/lib/agent/stream/json-fields.ts";
import { isArborHandler } from "./arbor-hook-entries.ts";
import { ARBOR_HOOK_EVENTS } from "@/lib/hook-events/hook-events.ts";
import { parseSettingsText } from "./settings-text.ts";

/**
 * Where Claude Code reads settings for a worktree, broadest first: the user's own file, the
 * project's committed `.claude/settings.json`, and the worktree's private `.claude/settings.local.json`.
 */
export type HookStatusScope = "user" | "project" | "local";

/** How much of Arbor's hooks one settings file carries. */
export type HookCoverage = "installed" | "partial" | "absent" | "unreadable";

/**
 * Arbor's hooks in one settings file's text: every event Arbor listens to has its handler
 * (installed), some do (partial: an older install or a hand edit), none do or the file is missing
 * (absent), or the file is not JSON at all (unreadable; Claude Code would not load it either).
 */
export function hookCoverage(input: { text: string | null; marker: string; fileLabel: string }): HookCoverage {
  let parsed: ReturnType<typeof parseSettingsText>;
  try {
    parsed = parseSettingsText({ text: input.text, fileLabel: input.fileLabel });
  } catch {
    return "unreadable";
  }
  if (parsed.kind === "missing") return "absent";
  const hooks = asObject(parsed.settings.hooks);
  const covered = ARBOR_HOOK_EVENTS.filter((event) => {
    const groups = hooks?.[event];
    return (
      Array.isArray(groups) &&
      groups.some((group) => {
        const handlers = asObject(group)?.hooks;
        return Array.isArray(handlers) && handlers.some((handler) => isArborHandler({ handler, marker: input.marker }));
      })
    );
  }).length;
  if (covered === 0) return "absent";
  return covered === ARBOR_HOOK_EVENTS.length ? "installed" : "partial";
}

export interface HookScopeStatus {
  scope: HookStatusScope;
  file: string;
  coverage: HookCoverage;
}

/** A worktree's hook status: each scope's file, and whether Claude sessions there report to Arbor at all. */
export interface WorktreeHookStatus {
  scopes: HookScopeStatus[];
  /** The scopes whose file carries every Arbor hook (Claude Code merges them: one is enough). */
  installedIn: HookStatusScope[];
}

export function summarizeHookStatus(scopes: HookScopeStatus[]): WorktreeHookStatus {
  return { scopes, installedIn: scopes.filter((item) => item.coverage === "installed").map((item) => item.scope) };
}
