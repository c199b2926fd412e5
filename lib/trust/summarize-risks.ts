import type { Finding } from "./trust-types.ts";

const ENDPOINT_VARIABLES =
  /^env (ANTHROPIC_BASE_URL|ANTHROPIC_BEDROCK_BASE_URL|ANTHROPIC_VERTEX_BASE_URL|ANTHROPIC_FOUNDRY_BASE_URL)$/;

/**
 * What trusting the repository would let it do, as short phrases for one sentence ("run 2 hook
 * commands on your machine", "send your prompts and API key to https://…"), most serious first
 * (pure: shared by the chat banner and the trust dialog). Empty when nothing runs.
 */
export function summarizeRisks(findings: readonly Finding[]): string[] {
  const phrases: string[] = [];
  const count = (predicate: (finding: Finding) => boolean) => findings.filter(predicate).length;
  const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

  const endpoints = [
    ...new Set(
      findings.filter((f) => ENDPOINT_VARIABLES.test(f.title)).map((f) => f.detail.split("=").slice(1).join("=")),
    ),
  ];
  if (endpoints.length > 0) phrases.push(`send your prompts and API key to ${endpoints.join(", ")}`);
  const commandHooks = count((f) => f.kind === "hook" && f.risk.startsWith("Runs this command"));
  if (commandHooks > 0) phrases.push(`run ${plural(commandHooks, "hook command")} on your machine`);
  const otherHooks = count((f) => f.kind === "hook" && !f.risk.startsWith("Runs this command"));
  if (otherHooks > 0) phrases.push(`send events through ${plural(otherHooks, "other hook")}`);
  const helpers = count((f) => f.kind === "helper");
  if (helpers > 0) phrases.push(`run ${plural(helpers, "helper command")}`);
  const mcp = count((f) => f.kind === "mcp" && f.title.startsWith("MCP server"));
  if (mcp > 0) phrases.push(`start ${plural(mcp, "MCP server")}`);
  const plugins = count((f) => f.kind === "plugin");
  if (plugins > 0) phrases.push("install and enable plugins");
  const otherEnv = count((f) => f.kind === "env" && !ENDPOINT_VARIABLES.test(f.title));
  if (otherEnv > 0) phrases.push(`set ${plural(otherEnv, "environment variable")}`);
  if (count((f) => f.kind === "permission") > 0) phrases.push("let Claude use tools without asking");
  const skills = count((f) => f.kind === "skill");
  if (skills > 0)
    phrases.push(
      `load ${plural(skills, "skill, agent or command", "skills, agents or commands")} that act on their own`,
    );
  const git = count((f) => f.kind === "git-config" || (f.kind === "git-hook" && f.isSevere));
  if (git > 0) phrases.push(`let git run ${plural(git, "program")} from its config and hooks`);
  if (count((f) => f.kind === "link" || f.kind === "unreadable") > 0) phrases.push("use files Arbor could not read");
  return phrases;
}

/**
 * The phrases as one sentence ("Trusting lets it …", or "Trusted, it may …" once trusted), or
 * what to say when the repository declares nothing that runs.
 */
export function describeTrustRisk(findings: readonly Finding[], options: { isTrusted?: boolean } = {}): string {
  const phrases = summarizeRisks(findings);
  if (phrases.length === 0)
    return options.isTrusted
      ? "It declares nothing that runs; Claude loads its CLAUDE.md, skills and settings."
      : "It declares nothing that runs; trusting lets Claude load its CLAUDE.md, skills and settings.";
  const last = phrases.at(-1)!;
  const list = phrases.length === 1 ? last : `${phrases.slice(0, -1).join(", ")} and ${last}`;
  return options.isTrusted ? `Trusted, it may ${list}.` : `Trusting lets it ${list}.`;
}
