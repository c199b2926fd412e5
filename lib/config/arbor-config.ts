import os from "node:os";
import path from "node:path";
import { z } from "zod";
import { AppError } from "@/lib/errors/app-error.ts";
import { parsePassEnv } from "./pass-env.ts";

/** Agents are batch work: by default they take only CPU nothing else wants (see decision 0004). */
export const DEFAULT_AGENT_NICENESS = 19;
const LEASE_RANGE = "ARBOR_RUNNER_LEASE_SECONDS must be a whole number of seconds from 3 to 3600";
const NICENESS_RANGE = "ARBOR_AGENT_NICENESS must be a whole number from 0 to 19 (19 is the lowest priority)";

/**
 * Every environment variable Arbor reads, validated once. README's configuration table lists the
 * same names (a unit test keeps the two, and the code's reads, in step).
 */
export const configEnvSchema = z.object({
  ARBOR_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Fallback for ARBOR_PORT, as Next and most hosting platforms set it. */
  PORT: z.coerce.number().int().min(0).max(65535).optional(),
  ARBOR_HOST: z.string().min(1).optional(),
  /** Fallback for ARBOR_HOST. */
  HOST: z.string().min(1).optional(),
  ARBOR_DATA_DIR: z.string().min(1).optional(),
  /** Overrides the data directory's generated access token (`<data dir>/access-token`). */
  ARBOR_TOKEN: z
    .string()
    .min(16, "ARBOR_TOKEN must be at least 16 characters")
    .regex(/^[\x21-\x7e]+$/, "ARBOR_TOKEN may contain only printable ASCII characters, no spaces")
    .optional(),
  ARBOR_ALLOWED_HOSTS: z.string().optional(),
  /**
   * The team's key (the same on every instance of a PostgreSQL team, never in the database): every
   * request between instances is signed with it, and an unsigned or forged one is refused.
   */
  ARBOR_TEAM_KEY: z
    .string()
    .min(32, "ARBOR_TEAM_KEY must be at least 32 characters (e.g. `openssl rand -hex 32`)")
    .regex(/^[\x21-\x7e]+$/, "ARBOR_TEAM_KEY may contain only printable ASCII characters, no spaces")
    .optional(),
  /** More variables (comma-separated names) passed to claude, setup commands and git: JAVA_HOME, GOPATH… */
  ARBOR_PASS_ENV: z.string().optional(),
  DATABASE_URL: z.string().min(1).optional(),
  ARBOR_DB_BUSY_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  /** Connections each Arbor process opens to PostgreSQL at most (SQLite ignores it). */
  ARBOR_DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** How far below the user's other programs Claude's processes run (CPU niceness; 19 takes only idle CPU). */
  ARBOR_AGENT_NICENESS: z.coerce
    .number({ message: NICENESS_RANGE })
    .int(NICENESS_RANGE)
    .min(0, NICENESS_RANGE)
    .max(19, NICENESS_RANGE)
    .default(DEFAULT_AGENT_NICENESS),
  /** How long a runner keeps its plan nodes without being seen (lib/runners/runner-lease.ts). */
  ARBOR_RUNNER_LEASE_SECONDS: z.coerce
    .number({ message: LEASE_RANGE })
    .int(LEASE_RANGE)
    .min(3, LEASE_RANGE)
    .max(3600, LEASE_RANGE)
    .default(30),
  /** Claude Code's own setting: where its settings and session transcripts live. */
  CLAUDE_CONFIG_DIR: z.string().min(1).optional(),
  HOME: z.string().min(1).optional(),
  /** git's own: where its user-wide config lives (read to notice when it changes; git reads them itself). */
  XDG_CONFIG_HOME: z.string().min(1).optional(),
  GIT_CONFIG_GLOBAL: z.string().min(1).optional(),
  /** How many bytes "Import history" reads (and commits) at a time. */
  ARBOR_HISTORY_IMPORT_CHUNK_BYTES: z.coerce
    .number()
    .int()
    .min(4096)
    .max(256 * 1024 * 1024)
    .default(4 * 1024 * 1024),
  /** Tests only: "Import history" stops after this many chunks until cancelled (to kill the server mid-import). */
  ARBOR_TEST_HISTORY_IMPORT_PAUSE_AFTER_CHUNKS: z.coerce.number().int().min(1).optional(),
  /** Tests only: an "Import history" reader thread throws after posting this many chunks (as a crash would). */
  ARBOR_TEST_HISTORY_IMPORT_FAIL_AFTER_CHUNKS: z.coerce.number().int().min(1).optional(),
  /** Root of the Next builds (read by scripts/next-build/, for next.config.ts and ensure-build.mjs, too). */
  ARBOR_NEXT_DIST: z.string().min(1).default(".next"),
  /** Set by scripts/ensure-build.mjs for the `next build` it runs: the folder that build is made in. */
  ARBOR_NEXT_BUILD_DIR: z.string().min(1).optional(),
  /** Browser for the e2e tests (read by scripts/find-browser.mjs). */
  ARBOR_CHROMIUM: z.string().min(1).optional(),
});

export interface ArborConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string;
  /** How long a query waits for another process's SQLite write lock (ms). */
  dbBusyTimeoutMs: number;
  /** Connections to PostgreSQL this process keeps at most. */
  dbPoolSize: number;
  /**
   * The access token every request needs. Null here means "not set by ARBOR_TOKEN/--token": the
   * server then installs the data directory's token at boot (installAccessToken), so a running
   * server's config always has one.
   */
  token: string | null;
  /** Host names (without port) accepted in Host and Origin headers. */
  allowedHosts: string[];
  /** Names of the variables passed to claude, setup commands and git beyond the allow-list (ARBOR_PASS_ENV). */
  passEnv: string[];
  /** CPU niceness of the agents' processes (0–19): batch work below the server and the user's programs. */
  agentNiceness: number;
  /** Claude Code's config folder (`$CLAUDE_CONFIG_DIR`, else `~/.claude`): settings.json and projects/. */
  claudeConfigDir: string;
  /** Bytes "Import history" reads and commits at a time. */
  historyImportChunkBytes: number;
  /** Tests only: chunks after which "Import history" holds still until cancelled (null: never). */
  historyImportPauseAfterChunks: number | null;
  /** Tests only: chunks after which an "Import history" reader thread fails (null: never). */
  historyImportFailAfterChunks: number | null;
  /** ARBOR_RUNNER_LEASE_SECONDS, in ms: a runner not seen for this long loses its plan nodes. */
  runnerLeaseMs: number;
  /** ARBOR_TEAM_KEY: signs and checks every request between instances; null: they are not signed. */
  teamKey: string | null;
  /** `--runner`: the clone this instance pins, trusts and offers to the team's plans at start, and its slots. */
  runner: { path: string; slots: number } | null;
  /** The user-wide git config files git reads (a change there can change how branches merge). */
  userGitConfigFiles: string[];
  nextDistDir: string;
  isDev: boolean;
}

export interface CliFlags {
  port?: string;
  host?: string;
  dataDir?: string;
  token?: string;
  /** `--runner <clone>`: pin, trust and offer this clone to the team's plans (team mode). */
  runner?: string;
  /** `--slots N`: the runner's agents at once. */
  slots?: string;
  isDev: boolean;
}

/** Parses `--port 3001 --host 0.0.0.0 --data-dir /x --token T --dev` (also `--port=3001`). */
export function parseCliFlags(argv: readonly string[]): CliFlags {
  const flags: CliFlags = { isDev: false };
  const names = {
    "--port": "port",
    "--host": "host",
    "--data-dir": "dataDir",
    "--token": "token",
    "--runner": "runner",
    "--slots": "slots",
  } as const;
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index]!;
    if (arg === "--dev") {
      flags.isDev = true;
      continue;
    }
    const [name, inlineValue] = arg.includes("=") ? arg.split(/=(.*)/s, 2) : [arg, undefined];
    const key = names[name as keyof typeof names];
    if (!key)
      throw new AppError(
        "invalid_input",
        `Unknown option "${arg}". Options: --port, --host, --data-dir, --token, --runner, --slots, --dev.`,
      );
    const value = inlineValue ?? argv[++index];
    if (value === undefined || value === "") throw new AppError("invalid_input", `Option ${name} needs a value.`);
    flags[key] = value;
  }
  if (flags.slots !== undefined && flags.runner === undefined)
    throw new AppError("invalid_input", "--slots is the runner's agents at once: give it with --runner <clone>.");
  return flags;
}

/** `--slots`: 2 by default; otherwise a whole number the offer accepts (checked there too). */
function parseSlots(text: string | undefined): number {
  if (text === undefined) return DEFAULT_RUNNER_SLOTS;
  const slots = Number(text);
  if (!/^\d+$/.test(text) || slots < 1 || slots > 16)
    throw new AppError(
      "invalid_input",
      `--slots must be a whole number from 1 to 16 (the runner's agents at once), not "${text}".`,
    );
  return slots;
}

const DEFAULT_RUNNER_SLOTS = 2;

/** Arbor's data directory when none is configured. */
export function defaultDataDir(env: { HOME?: string | undefined }): string {
  return path.join(env.HOME ?? os.homedir(), ".arbor");
}

/**
 * Resolves Arbor's configuration from the environment and command-line flags (flags win),
 * validated with zod. Whatever the bind address, every request needs the access token.
 */
export function resolveArborConfig(input: { env: Record<string, string | undefined>; flags: CliFlags }): ArborConfig {
  const parsed = configEnvSchema.safeParse({
    ...definedOnly(input.env),
    ...(input.flags.port !== undefined ? { ARBOR_PORT: input.flags.port } : {}),
    ...(input.flags.host !== undefined ? { ARBOR_HOST: input.flags.host } : {}),
    ...(input.flags.dataDir !== undefined ? { ARBOR_DATA_DIR: input.flags.dataDir } : {}),
    ...(input.flags.token !== undefined ? { ARBOR_TOKEN: input.flags.token } : {}),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new AppError("invalid_input", `Invalid configuration ${String(issue.path[0])}: ${issue.message}`);
  }
  const env = parsed.data;
  const host = env.ARBOR_HOST ?? env.HOST ?? "127.0.0.1";
  const dataDir = path.resolve(env.ARBOR_DATA_DIR ?? defaultDataDir(env));
  const token = env.ARBOR_TOKEN ?? null;
  const extraHosts = (env.ARBOR_ALLOWED_HOSTS ?? "")
    .split(",")
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  const bindHost = host.toLowerCase();
  const allowedHosts = [
    ...new Set([
      "localhost",
      "127.0.0.1",
      "[::1]",
      ...(isWildcard(bindHost) ? [] : [bracketIpv6(bindHost)]),
      ...extraHosts,
    ]),
  ];
  return {
    port: env.ARBOR_PORT ?? env.PORT ?? 3000,
    host,
    dataDir,
    databaseUrl: env.DATABASE_URL ?? `file:${path.join(dataDir, "arbor.db")}`,
    dbBusyTimeoutMs: env.ARBOR_DB_BUSY_TIMEOUT_MS,
    dbPoolSize: env.ARBOR_DB_POOL_SIZE,
    token,
    allowedHosts,
    passEnv: parsePassEnv(env.ARBOR_PASS_ENV),
    agentNiceness: env.ARBOR_AGENT_NICENESS,
    claudeConfigDir: path.resolve(env.CLAUDE_CONFIG_DIR ?? path.join(env.HOME ?? os.homedir(), ".claude")),
    historyImportChunkBytes: env.ARBOR_HISTORY_IMPORT_CHUNK_BYTES,
    historyImportPauseAfterChunks: env.ARBOR_TEST_HISTORY_IMPORT_PAUSE_AFTER_CHUNKS ?? null,
    historyImportFailAfterChunks: env.ARBOR_TEST_HISTORY_IMPORT_FAIL_AFTER_CHUNKS ?? null,
    userGitConfigFiles: userGitConfigFiles(env),
    teamKey: env.ARBOR_TEAM_KEY ?? null,
    runnerLeaseMs: env.ARBOR_RUNNER_LEASE_SECONDS * 1000,
    runner:
      input.flags.runner === undefined
        ? null
        : { path: path.resolve(input.flags.runner), slots: parseSlots(input.flags.slots) },
    nextDistDir: env.ARBOR_NEXT_DIST,
    isDev: input.flags.isDev,
  };
}

/** `~/.gitconfig`, `$XDG_CONFIG_HOME/git/config` (default `~/.config`), and `$GIT_CONFIG_GLOBAL` when set. */
function userGitConfigFiles(env: { HOME?: string; XDG_CONFIG_HOME?: string; GIT_CONFIG_GLOBAL?: string }): string[] {
  const home = env.HOME ?? os.homedir();
  return [
    path.join(home, ".gitconfig"),
    path.join(env.XDG_CONFIG_HOME ?? path.join(home, ".config"), "git", "config"),
    ...(env.GIT_CONFIG_GLOBAL ? [env.GIT_CONFIG_GLOBAL] : []),
  ];
}

/** Empty values count as unset (`PORT= npm start`), as shells and .env files produce them. */
function definedOnly(env: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => Boolean(entry[1])));
}

function isWildcard(host: string): boolean {
  return host === "0.0.0.0" || host === "::";
}

function bracketIpv6(host: string): string {
  return host.includes(":") && !host.startsWith("[") ? `[${host}]` : host;
}
