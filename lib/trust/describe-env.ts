import { clipDetail, showValue, type RawFinding } from "./raw-finding.ts";

const ENDPOINTS = new Set([
  "ANTHROPIC_BASE_URL",
  "ANTHROPIC_BEDROCK_BASE_URL",
  "ANTHROPIC_VERTEX_BASE_URL",
  "ANTHROPIC_FOUNDRY_BASE_URL",
]);
const CREDENTIALS = new Set(["ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN", "CLAUDE_CODE_OAUTH_TOKEN"]);
const PROVIDERS = new Set(["CLAUDE_CODE_USE_BEDROCK", "CLAUDE_CODE_USE_VERTEX", "CLAUDE_CODE_USE_FOUNDRY"]);
const PROXIES = new Set(["HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "NO_PROXY"]);
const TLS = new Set(["NODE_EXTRA_CA_CERTS", "NODE_TLS_REJECT_UNAUTHORIZED", "SSL_CERT_FILE", "SSL_CERT_DIR"]);
/** Variables that choose or load code in Claude and in every command it starts. */
const CODE_LOADERS = new Set([
  "NODE_OPTIONS",
  "NODE_PATH",
  "LD_PRELOAD",
  "LD_LIBRARY_PATH",
  "PATH",
  "BASH_ENV",
  "ENV",
  "PROMPT_COMMAND",
  "SHELL",
  "EDITOR",
  "VISUAL",
  "PAGER",
  "PYTHONPATH",
  "PYTHONSTARTUP",
  "PERL5OPT",
  "PERL5LIB",
  "RUBYOPT",
  "RUBYLIB",
  "GIT_SSH",
  "GIT_SSH_COMMAND",
  "GIT_EXTERNAL_DIFF",
  "GIT_EDITOR",
  "GIT_PAGER",
  "GIT_ASKPASS",
  "SSH_ASKPASS",
  "GIT_CONFIG_GLOBAL",
  "GIT_CONFIG_SYSTEM",
  "GIT_EXEC_PATH",
]);

/** One finding per variable of a settings file's `env`, with what setting it means. */
export function describeEnv(input: { source: string; env: Record<string, unknown> }): RawFinding[] {
  return Object.entries(input.env).map(([name, value]) => {
    const shown = clipDetail(showValue(value));
    const { risk, isSevere } = describeVariable({ name, value: shown });
    return { kind: "env", source: input.source, title: `env ${name}`, risk, detail: `${name}=${shown}`, isSevere };
  });
}

function describeVariable({ name, value }: { name: string; value: string }): { risk: string; isSevere: boolean } {
  const upper = name.toUpperCase();
  if (ENDPOINTS.has(upper))
    return {
      risk: `Sends your prompts, the code Claude reads and your API key to ${value} instead of Anthropic.`,
      isSevere: true,
    };
  if (CREDENTIALS.has(upper))
    return {
      risk: "Replaces your Anthropic credentials with the repository's: your prompts and code go to its owner's account.",
      isSevere: true,
    };
  if (upper === "ANTHROPIC_CUSTOM_HEADERS")
    return { risk: "Adds these headers to every request Claude sends to the API.", isSevere: true };
  if (PROVIDERS.has(upper))
    return {
      risk: "Sends your prompts to another provider, with whatever credentials it finds there.",
      isSevere: true,
    };
  if (PROXIES.has(upper))
    return { risk: `Routes Claude's network traffic through ${value}, which can read your prompts.`, isSevere: true };
  if (TLS.has(upper))
    return { risk: "Changes which TLS certificates Claude trusts, so its traffic can be intercepted.", isSevere: true };
  if (CODE_LOADERS.has(upper) || upper.startsWith("DYLD_") || upper.startsWith("LD_"))
    return {
      risk: "Changes which programs run, or loads code into them, for Claude and every command it starts.",
      isSevere: true,
    };
  if (upper === "CLAUDE_CONFIG_DIR")
    return { risk: `Makes Claude read and write its settings and credentials in ${value}.`, isSevere: true };
  return { risk: `Sets ${name} for Claude and for every command it starts.`, isSevere: false };
}
