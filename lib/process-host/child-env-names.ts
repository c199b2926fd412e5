/**
 * The allow-lists of buildChildEnv (child-env.ts): which of Arbor's variables each kind of child
 * process gets. None of them holds a secret of Arbor's; a name ending in `*` is a prefix.
 */

/** Every child: where programs and files are, who and where the user is, the network, git's identity. */
export const COMMON_NAMES = [
  ...["PATH", "HOME", "USER", "LOGNAME", "SHELL", "LANG", "LANGUAGE", "LC_*", "TZ"],
  ...["TERM", "COLORTERM", "NO_COLOR", "TMPDIR", "TMP", "TEMP"],
  ...["XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_RUNTIME_DIR"],
  "SSH_AUTH_SOCK",
  ...["HTTP_PROXY", "HTTPS_PROXY", "NO_PROXY", "ALL_PROXY", "http_proxy", "https_proxy", "no_proxy", "all_proxy"],
  // The certificates a corporate network's TLS interception needs, for node, openssl, git, curl and pip.
  ...["NODE_EXTRA_CA_CERTS", "SSL_CERT_FILE", "SSL_CERT_DIR", "GIT_SSL_CAINFO", "GIT_SSL_CAPATH"],
  ...["CURL_CA_BUNDLE", "REQUESTS_CA_BUNDLE"],
  // The user's git: where its config is, who commits, how it reaches remotes over ssh.
  ...["GIT_CONFIG_GLOBAL", "GIT_CONFIG_SYSTEM", "GIT_CONFIG_NOSYSTEM"],
  ...["GIT_AUTHOR_NAME", "GIT_AUTHOR_EMAIL", "GIT_COMMITTER_NAME", "GIT_COMMITTER_EMAIL", "GIT_SSH", "GIT_SSH_COMMAND"],
];

/**
 * Where the usual toolchains live, for what Claude, setup commands and git hooks build and test:
 * paths only, never a secret, and without them a test run by Claude silently uses another JDK,
 * Go or Python than the user's terminal. Anything else goes in ARBOR_PASS_ENV.
 */
export const TOOLCHAIN_NAMES = [
  ...["JAVA_HOME", "GOPATH", "GOROOT", "CARGO_HOME", "RUSTUP_HOME"],
  ...["NVM_DIR", "PYENV_ROOT", "VIRTUAL_ENV", "CONDA_PREFIX"],
];

/**
 * The Claude Code CLI's own settings (read in its code), and the credentials of the cloud
 * providers it can run on instead of Anthropic's API: Bedrock (AWS_*), Vertex AI (Google's,
 * VERTEX_REGION_*), Foundry (AZURE_*). Its CLAUDE_CODE_* variables come only as ARBOR_CLAUDE_ENV_*.
 */
export const CLAUDE_NAMES = [
  ...["ANTHROPIC_*", "CLAUDE_CONFIG_DIR", "DISABLE_TELEMETRY", "DISABLE_ERROR_REPORTING", "DISABLE_AUTOUPDATER"],
  ...["API_TIMEOUT_MS", "BASH_DEFAULT_TIMEOUT_MS", "BASH_MAX_TIMEOUT_MS", "MCP_TIMEOUT", "MAX_THINKING_TOKENS"],
  ...["AWS_*", "CLOUD_ML_REGION", "VERTEX_REGION_*", "GOOGLE_APPLICATION_CREDENTIALS", "GOOGLE_CLOUD_PROJECT"],
  ...["GCLOUD_PROJECT", "CLOUDSDK_CONFIG", "AZURE_*"],
];

/** gh's login and host. */
export const GH_NAMES = [
  "GH_TOKEN",
  "GITHUB_TOKEN",
  "GH_HOST",
  "GH_CONFIG_DIR",
  "GH_ENTERPRISE_TOKEN",
  "GITHUB_ENTERPRISE_TOKEN",
];

/** The desktop session the browser opener needs to reach. */
export const BROWSER_NAMES = [
  ...["DISPLAY", "WAYLAND_DISPLAY", "DBUS_SESSION_BUS_ADDRESS", "BROWSER", "XDG_CURRENT_DESKTOP"],
];

/** Tells whether a name is on a list of names (an entry ending in `*` matches every name it starts). */
export type NameMatcher = (name: string) => boolean;

/**
 * Compiles `list` once: a child's environment is built for every process Arbor starts (several per
 * send), each name checked against lists of about fifty entries.
 */
export function nameMatcher(list: readonly string[]): NameMatcher {
  const exact = new Set(list.filter((entry) => !entry.endsWith("*")));
  const prefixes = list.filter((entry) => entry.endsWith("*")).map((entry) => entry.slice(0, -1));
  return (name) => exact.has(name) || prefixes.some((prefix) => name.startsWith(prefix));
}
