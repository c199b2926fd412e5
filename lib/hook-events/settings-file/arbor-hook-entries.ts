import { asObject, type JsonObject } from "@/lib/agent/stream/json-fields.ts";
import { AppError } from "@/lib/errors/app-error.ts";

/** The text that marks a hook handler as Arbor's: it must appear in the command or the URL. */
export const ARBOR_HOOK_MARKER = "arbor-hook";

/**
 * One Claude Code hook handler, in the shape the settings file stores it. Claude Code's default
 * `timeout` is 600 s, so Arbor should always set a short one: a hung Arbor would otherwise stall
 * every tool call for ten minutes.
 */
export type ArborHookHandler =
  | { type: "command"; command: string; timeout?: number }
  | { type: "http"; url: string; headers?: Record<string, string>; allowedEnvVars?: string[]; timeout?: number };

/** One handler for every event, or one chosen per event (e.g. a synchronous variant for policy events). */
export type ArborHookHandlerChoice = ArborHookHandler | ((event: string) => ArborHookHandler);

export interface HookSettingsChange {
  event: string;
  action: "add" | "update" | "remove";
}

/**
 * Whether a stored handler is Arbor's. Only the command or URL text is trusted as a marker: an
 * extra `"id"` field would be simpler, but Claude Code validates settings and an unknown key is
 * not guaranteed to be tolerated, while a path or query string is always kept as written.
 */
export function isArborHandler(params: { handler: unknown; marker: string }): boolean {
  const handler = asObject(params.handler);
  const text = handler?.type === "http" ? handler.url : handler?.command;
  return typeof text === "string" && text.includes(params.marker);
}

/** Rejects a handler Arbor could never find again (no marker) or that Claude Code would reject. */
export function assertArborHandler(params: { handler: ArborHookHandler; marker: string }): void {
  const { handler, marker } = params;
  if (marker.trim() === "") throw new AppError("invalid_input", "The Arbor hook marker must not be empty.");
  const text = handler.type === "http" ? handler.url : handler.command;
  if (handler.type === "http" && !/^https?:\/\//.test(handler.url))
    throw new AppError("invalid_input", `An http hook needs an http:// or https:// URL, got "${handler.url}".`);
  if (!text.includes(marker))
    throw new AppError(
      "invalid_input",
      `The Arbor hook ${handler.type === "http" ? "URL" : "command"} must contain "${marker}" so it can be recognised and removed later.`,
    );
}

/**
 * Makes `hooks` (the settings file's `hooks` object, mutated in place) hold exactly one Arbor
 * handler for each event in `events`, or none when `handler` is null. The user's matcher groups
 * and handlers are never touched or reordered: an existing Arbor handler is replaced where it
 * stands, a missing one is appended as its own group `{ "hooks": [handler] }` (no matcher, so it
 * sees every tool / source), and extra Arbor copies are dropped. Groups and event arrays left
 * empty by a removal are deleted.
 */
export function syncArborHandlers(params: {
  hooks: JsonObject;
  handler: ArborHookHandlerChoice | null;
  events: readonly string[];
  marker: string;
}): HookSettingsChange[] {
  const { hooks, handler, marker } = params;
  const handlerOf = (event: string): ArborHookHandler | null =>
    typeof handler === "function" ? handler(event) : handler;
  const wanted = new Set(handler ? params.events : []);
  const changes: HookSettingsChange[] = [];
  for (const event of Object.keys(hooks)) {
    const groups = hooks[event];
    if (!Array.isArray(groups)) {
      if (wanted.has(event))
        throw new AppError(
          "invalid_input",
          `"hooks.${event}" in the settings file must be an array of matcher groups.`,
        );
      continue;
    }
    const action = rewriteGroups({ groups, handler: wanted.has(event) ? handlerOf(event) : null, marker });
    if (groups.length === 0 && action === "remove") delete hooks[event];
    if (action) changes.push({ event, action });
  }
  for (const event of wanted) {
    const eventHandler = handlerOf(event);
    if (Object.hasOwn(hooks, event) || !eventHandler) continue;
    hooks[event] = [{ hooks: [eventHandler] }];
    changes.push({ event, action: "add" });
  }
  return changes;
}

function rewriteGroups(params: {
  groups: unknown[];
  handler: ArborHookHandler | null;
  marker: string;
}): HookSettingsChange["action"] | null {
  const { groups, handler, marker } = params;
  let placed = false;
  let action: HookSettingsChange["action"] | null = null;
  for (let index = 0; index < groups.length; index += 1) {
    const list = asObject(groups[index])?.hooks;
    if (!Array.isArray(list) || !list.some((entry) => isArborHandler({ handler: entry, marker }))) continue;
    const kept = (list as unknown[]).flatMap((entry): unknown[] => {
      if (!isArborHandler({ handler: entry, marker })) return [entry];
      if (!handler || placed) return [];
      placed = true;
      if (JSON.stringify(entry) !== JSON.stringify(handler)) action = "update";
      return [handler];
    });
    if (kept.length < list.length) action = handler ? "update" : "remove";
    list.splice(0, list.length, ...kept);
    if (kept.length === 0) groups.splice(index--, 1);
  }
  if (handler && !placed) {
    groups.push({ hooks: [handler] });
    return "add";
  }
  return action;
}
