import { asObject, readArray, readString } from "@/lib/agent/stream/json-fields.ts";
import { describeUnreadable, type SettingsDescription } from "./describe-settings.ts";
import { clipDetail, showValue, stableStringify, type RawFinding } from "./raw-finding.ts";

/**
 * Describes a repository's `.mcp.json`: every server it declares, the program it starts (stdio)
 * or the address Claude would send tool calls to (http, sse). A server only starts once it is
 * approved (enableAllProjectMcpServers / enabledMcpjsonServers, or a prompt in the terminal UI),
 * but the approval may sit in the same repository, so every server is shown.
 */
export function describeMcpFile(input: { source: string; text: string }): SettingsDescription {
  let parsed: unknown;
  try {
    parsed = JSON.parse(input.text);
  } catch {
    return describeUnreadable(input);
  }
  const file = asObject(parsed);
  if (!file) return describeUnreadable(input);
  const servers = asObject(file.mcpServers);
  const findings: RawFinding[] = Object.entries(servers ?? {}).map(([name, value]) =>
    describeServer({ source: input.source, name, value }),
  );
  const { mcpServers: _servers, ...rest } = file;
  if (!servers && file.mcpServers !== undefined) rest.mcpServers = file.mcpServers;
  if (Object.keys(rest).length > 0) {
    findings.push({
      kind: "other",
      source: input.source,
      title: "other entries",
      risk: "Entries Arbor does not recognise; Claude Code may still read them.",
      detail: clipDetail(JSON.stringify(rest, null, 2)),
      isSevere: false,
    });
  }
  return { findings, canonical: findings.length === 0 ? null : stableStringify(file) };
}

function describeServer(input: { source: string; name: string; value: unknown }): RawFinding {
  const server = asObject(input.value);
  const command = readString(server, "command");
  const url = readString(server, "url");
  const base = { kind: "mcp" as const, source: input.source, title: `MCP server "${input.name}"`, isSevere: true };
  if (command !== null) {
    const args = readArray(server, "args").map((arg) => showValue(arg));
    const env = asObject(server?.env);
    const envText = env
      ? `\n${Object.entries(env)
          .map(([key, value]) => `${key}=${showValue(value)}`)
          .join("\n")}`
      : "";
    return {
      ...base,
      risk: "Starts this program on your machine when Claude starts, and lets Claude call its tools.",
      detail: clipDetail(`${[command, ...args].join(" ")}${envText}`),
    };
  }
  if (url !== null) {
    return {
      ...base,
      risk: "Connects Claude to this server; what Claude sends to its tools (often your code) goes there.",
      detail: clipDetail(url),
    };
  }
  return {
    ...base,
    risk: "A server entry Arbor does not recognise; Claude Code may still start it.",
    detail: clipDetail(showValue(input.value)),
  };
}
