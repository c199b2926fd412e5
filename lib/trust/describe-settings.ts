import { asObject, type JsonObject } from "@/lib/agent/stream/json-fields.ts";
import { describeEnv } from "./describe-env.ts";
import { describeHooks } from "./describe-hooks.ts";
import { clipDetail, showValue, stableStringify, type RawFinding } from "./raw-finding.ts";

/** Settings whose value is a command Claude Code runs. */
const HELPER_COMMANDS: Record<string, string> = {
  apiKeyHelper: "Runs this command to get your API key; whatever it prints is sent as your key.",
  awsAuthRefresh: "Runs this command to refresh AWS credentials.",
  awsCredentialExport: "Runs this command to get AWS credentials.",
  otelHeadersHelper: "Runs this command to build telemetry headers.",
  statusLine: "Runs this command to draw Claude Code's status line (in the terminal UI).",
  fileSuggestion: "Runs this command to suggest files (in the terminal UI).",
};

const PLUGIN_KEYS: Record<string, string> = {
  enabledPlugins: "Turns on these plugins; plugins bring their own hooks, MCP servers and commands.",
  extraKnownMarketplaces: "Adds plugin marketplaces Claude Code installs plugins from.",
};

const MCP_KEYS: Record<string, string> = {
  enableAllProjectMcpServers: "Starts every MCP server listed in the repository's .mcp.json without asking.",
  enabledMcpjsonServers: "Starts these MCP servers from the repository's .mcp.json without asking.",
};

/** What one Claude Code settings file would do, and the text the digest covers (null: nothing to show). */
export interface SettingsDescription {
  findings: RawFinding[];
  canonical: string | null;
}

/**
 * Describes `.claude/settings.json` or `.claude/settings.local.json`. Arbor's own hook handlers
 * (exactly as Arbor writes them, `isArborHandler`) are left out of both the findings and the
 * digest, so installing Arbor's hooks does not ask the user again. Every other key is shown:
 * those that run or redirect something one by one, the rest together as "other settings".
 */
export function describeSettingsFile(input: {
  source: string;
  text: string;
  isArborHandler: (handler: unknown) => boolean;
}): SettingsDescription {
  const { source } = input;
  let parsed: unknown;
  try {
    parsed = JSON.parse(input.text);
  } catch {
    return describeUnreadable({ source, text: input.text });
  }
  const settings = asObject(parsed);
  if (!settings) return describeUnreadable({ source, text: input.text });
  const stripped = withoutArborHandlers({ settings, isArborHandler: input.isArborHandler });
  if (Object.keys(stripped).length === 0) return { findings: [], canonical: null };
  return { findings: describeSettings({ source, settings: stripped }), canonical: stableStringify(stripped) };
}

/** A file Claude Code may still read in its own way: its raw text is what is shown and what is trusted. */
export function describeUnreadable(input: { source: string; text: string }): SettingsDescription {
  return {
    findings: [
      {
        kind: "unreadable",
        source: input.source,
        title: "could not be read as JSON",
        risk: "Arbor cannot tell what this file does, so it shows it as written.",
        detail: clipDetail(input.text),
        isSevere: true,
      },
    ],
    canonical: `raw:${input.text}`,
  };
}

function describeSettings({ source, settings }: { source: string; settings: JsonObject }): RawFinding[] {
  const findings: RawFinding[] = [];
  const other: JsonObject = {};
  for (const [key, value] of Object.entries(settings)) {
    const object = asObject(value);
    if (key === "hooks" && object) findings.push(...describeHooks({ source, hooks: object }));
    else if (key === "env" && object) findings.push(...describeEnv({ source, env: object }));
    else if (key === "permissions" && object)
      findings.push(...describePermissions({ source, permissions: object, other }));
    else if (HELPER_COMMANDS[key])
      findings.push(keyFinding({ kind: "helper", source, key, value, risk: HELPER_COMMANDS[key] }));
    else if (PLUGIN_KEYS[key])
      findings.push(keyFinding({ kind: "plugin", source, key, value, risk: PLUGIN_KEYS[key] }));
    else if (MCP_KEYS[key] && value !== false)
      findings.push(keyFinding({ kind: "mcp", source, key, value, risk: MCP_KEYS[key] }));
    else other[key] = value;
  }
  if (Object.keys(other).length > 0) {
    findings.push({
      kind: "other",
      source,
      title: "other settings",
      risk: "Settings that do not run anything by themselves.",
      detail: clipDetail(JSON.stringify(other, null, 2)),
      isSevere: false,
    });
  }
  return findings;
}

function describePermissions(input: { source: string; permissions: JsonObject; other: JsonObject }): RawFinding[] {
  const findings: RawFinding[] = [];
  const rest: JsonObject = {};
  for (const [key, value] of Object.entries(input.permissions)) {
    if (key === "allow" && Array.isArray(value) && value.length > 0) {
      findings.push({
        kind: "permission",
        source: input.source,
        title: "permissions.allow",
        risk: "Lets Claude use these tools without asking you.",
        detail: clipDetail(value.map((rule) => showValue(rule)).join("\n")),
        isSevere: value.some((rule) => typeof rule === "string" && /^Bash(\(|$)/.test(rule)),
      });
    } else if (key === "defaultMode") {
      findings.push({
        kind: "permission",
        source: input.source,
        title: "permissions.defaultMode",
        risk:
          value === "bypassPermissions"
            ? "Starts Claude in a mode where it runs every tool without asking."
            : "Starts Claude in this permission mode (Arbor passes its own mode, which wins).",
        detail: showValue(value),
        isSevere: value === "bypassPermissions",
      });
    } else if (key === "additionalDirectories" && Array.isArray(value) && value.length > 0) {
      findings.push({
        kind: "permission",
        source: input.source,
        title: "permissions.additionalDirectories",
        risk: "Gives Claude access to these folders outside the worktree.",
        detail: clipDetail(value.map((dir) => showValue(dir)).join("\n")),
        isSevere: true,
      });
    } else {
      rest[key] = value;
    }
  }
  if (Object.keys(rest).length > 0) input.other.permissions = rest;
  return findings;
}

function keyFinding(input: {
  kind: RawFinding["kind"];
  source: string;
  key: string;
  value: unknown;
  risk: string | undefined;
}): RawFinding {
  const command = asObject(input.value)?.command;
  return {
    kind: input.kind,
    source: input.source,
    title: input.key,
    risk: input.risk ?? "",
    detail: clipDetail(typeof command === "string" ? command : showValue(input.value)),
    isSevere: true,
  };
}

/** The settings with every Arbor handler removed, and hook groups or events left empty by that removed too. */
function withoutArborHandlers(input: {
  settings: JsonObject;
  isArborHandler: (handler: unknown) => boolean;
}): JsonObject {
  const hooks = asObject(input.settings.hooks);
  if (!hooks) return input.settings;
  const kept: JsonObject = {};
  for (const [event, groups] of Object.entries(hooks)) {
    if (!Array.isArray(groups)) {
      kept[event] = groups;
      continue;
    }
    const keptGroups = (groups as unknown[]).flatMap((group): unknown[] => {
      const object = asObject(group);
      if (!object || !Array.isArray(object.hooks)) return [group];
      const handlers = (object.hooks as unknown[]).filter((handler) => !input.isArborHandler(handler));
      return handlers.length === 0 ? [] : [{ ...object, hooks: handlers }];
    });
    if (keptGroups.length > 0) kept[event] = keptGroups;
  }
  const { hooks: _hooks, ...rest } = input.settings;
  return Object.keys(kept).length > 0 ? { ...rest, hooks: kept } : rest;
}
