import { asObject, type JsonObject } from "@/lib/agent/stream/json-fields.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import {
  ARBOR_HOOK_MARKER,
  assertArborHandler,
  syncArborHandlers,
  type ArborHookHandlerChoice,
  type HookSettingsChange,
} from "./arbor-hook-entries.ts";
import { ARBOR_HOOK_EVENTS } from "@/lib/hook-events/hook-events.ts";
import { DEFAULT_SETTINGS_FORMAT, parseSettingsText, renderSettings } from "./settings-text.ts";

/**
 * What installing or removing Arbor's hooks would do to one settings file:
 * - `write`: write `newText` (only Arbor's entries differ); `unchanged`: nothing to do;
 * - `manual`: Arbor will not rewrite it; show `reason` and `snippet` for the user.
 * The file is rewritten only when it is byte-for-byte `JSON.stringify(settings, null, indent)` (any
 * indent, LF/CRLF, final newline or not, BOM kept), as Claude Code writes it, so no other byte
 * changes; comments, odd spacing and the like get `manual`. Invalid JSON throws invalid_input.
 */
export type HookSettingsPlan =
  | { outcome: "write"; changed: true; newText: string; changes: HookSettingsChange[]; preview: string }
  | { outcome: "unchanged"; changed: false; newText: string | null; changes: []; preview: string }
  | {
      outcome: "manual";
      changed: false;
      newText: null;
      changes: HookSettingsChange[];
      preview: string;
      reason: string;
      snippet: string;
    };

/** Plans adding (or updating) Arbor's `handler` for each event; idempotent. */
export function planHookInstall(params: {
  originalText: string | null;
  handler: ArborHookHandlerChoice;
  marker?: string;
  events?: readonly string[];
  fileLabel?: string;
}): HookSettingsPlan {
  const marker = params.marker ?? ARBOR_HOOK_MARKER;
  const events = params.events ?? ARBOR_HOOK_EVENTS;
  for (const event of events)
    assertArborHandler({
      handler: typeof params.handler === "function" ? params.handler(event) : params.handler,
      marker,
    });
  return planHookSync({ ...params, marker, events });
}

/** Plans removing every handler whose command or URL contains `marker`; the user's hooks stay. */
export function planHookUninstall(params: {
  originalText: string | null;
  marker?: string;
  fileLabel?: string;
}): HookSettingsPlan {
  return planHookSync({ ...params, handler: null, marker: params.marker ?? ARBOR_HOOK_MARKER, events: [] });
}

function planHookSync(params: {
  originalText: string | null;
  handler: ArborHookHandlerChoice | null;
  marker: string;
  events: readonly string[];
  fileLabel?: string;
}): HookSettingsPlan {
  const fileLabel = params.fileLabel ?? "the settings file";
  const parsed = parseSettingsText({ text: params.originalText, fileLabel });
  const settings: JsonObject = parsed.kind === "missing" ? {} : parsed.settings;
  const hadHooks = Object.hasOwn(settings, "hooks");
  const hooks = hadHooks ? asObject(settings.hooks) : {};
  if (!hooks)
    throw new AppError(
      "invalid_input",
      `"hooks" in ${fileLabel} must be an object. Fix the file, then try again; Arbor did not change it.`,
    );
  const changes = syncArborHandlers({ hooks, handler: params.handler, events: params.events, marker: params.marker });
  if (changes.length === 0) {
    return {
      outcome: "unchanged",
      changed: false,
      newText: params.originalText,
      changes: [],
      preview: `${fileLabel}: Arbor's hooks are already ${params.handler ? "installed" : "absent"}; nothing to change.`,
    };
  }
  if (Object.keys(hooks).length === 0 && hadHooks && !params.handler) delete settings.hooks;
  else settings.hooks = hooks;
  const preview = describeChanges({ changes, fileLabel });
  const format = parsed.kind === "missing" ? DEFAULT_SETTINGS_FORMAT : parsed.kind === "json" ? parsed.format : null;
  if (format)
    return { outcome: "write", changed: true, newText: renderSettings({ settings, format }), changes, preview };
  return {
    outcome: "manual",
    changed: false,
    newText: null,
    changes,
    preview,
    reason: `${fileLabel} ${parsed.kind === "jsonc" ? "contains comments or trailing commas" : "is not laid out the way JSON.stringify writes it"}, so Arbor will not rewrite it: that would reformat or drop text you wrote. Make these edits by hand (or reformat the file as plain 2-space JSON and try again).`,
    snippet: buildManualSnippet({ changes, handler: params.handler, marker: params.marker }),
  };
}

/** Hand-edit instructions: the JSON to merge in, and which events to clean up. */
function buildManualSnippet(params: {
  changes: HookSettingsChange[];
  handler: ArborHookHandlerChoice | null;
  marker: string;
}): string {
  const parts: string[] = [];
  const removed = params.changes.filter((change) => change.action !== "add").map((change) => `hooks.${change.event}`);
  if (removed.length > 0)
    parts.push(`In ${removed.join(", ")}: delete the hook handler whose command or url contains "${params.marker}".`);
  const hooks: JsonObject = {};
  for (const change of params.changes) {
    if (params.handler && change.action !== "remove") {
      hooks[change.event] = [
        { hooks: [typeof params.handler === "function" ? params.handler(change.event) : params.handler] },
      ];
    }
  }
  if (Object.keys(hooks).length > 0)
    parts.push(
      `Append these matcher groups to the "hooks" object (after any groups you already have for the same event):\n${JSON.stringify({ hooks }, null, 2)}`,
    );
  return parts.join("\n\n");
}

function describeChanges(params: { changes: HookSettingsChange[]; fileLabel: string }): string {
  const symbol = { add: "+", update: "~", remove: "-" } as const;
  const lines = params.changes.map(
    (change) => `${symbol[change.action]} hooks.${change.event} (${change.action} Arbor's hook)`,
  );
  return [`${params.fileLabel}:`, ...lines, "All other settings and hooks stay exactly as they are."].join("\n");
}
