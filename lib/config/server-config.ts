import os from "node:os";
import path from "node:path";
import { z } from "zod";
import { defaultDatabaseUrl } from "@/lib/db/database-url.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { isLoopbackHost } from "@/lib/http/host-names.ts";

const envSchema = z.object({
  ARBOR_PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  ARBOR_HOST: z.string().min(1).default("127.0.0.1"),
  ARBOR_DATA_DIR: z.string().min(1).optional(),
  ARBOR_TOKEN: z.string().min(16, "ARBOR_TOKEN must be at least 16 characters").optional(),
  ARBOR_ALLOWED_HOSTS: z.string().optional(),
  DATABASE_URL: z.string().min(1).optional(),
});

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string;
  token: string | null;
  /** Host names (without port) accepted in Host and Origin headers. */
  allowedHosts: string[];
  isDev: boolean;
}

export interface CliFlags {
  port?: string;
  host?: string;
  dataDir?: string;
  token?: string;
  isDev: boolean;
}

/** Parses `--port 3001 --host 0.0.0.0 --data-dir /x --token T --dev` (also `--port=3001`). */
export function parseCliFlags(argv: readonly string[]): CliFlags {
  const flags: CliFlags = { isDev: false };
  const names = { "--port": "port", "--host": "host", "--data-dir": "dataDir", "--token": "token" } as const;
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
        `Unknown option "${arg}". Options: --port, --host, --data-dir, --token, --dev.`,
      );
    const value = inlineValue ?? argv[++index];
    if (value === undefined || value === "") throw new AppError("invalid_input", `Option ${name} needs a value.`);
    flags[key] = value;
  }
  return flags;
}

/**
 * Resolves the server configuration from the environment and command-line flags (flags win),
 * validated with zod. Refuses a non-loopback bind without an access token: anyone on the
 * network could otherwise drive `claude` on this machine.
 */
export function resolveServerConfig(input: { env: Record<string, string | undefined>; flags: CliFlags }): ServerConfig {
  const parsed = envSchema.safeParse({
    ...input.env,
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
  const dataDir = path.resolve(env.ARBOR_DATA_DIR ?? path.join(os.homedir(), ".arbor"));
  const token = env.ARBOR_TOKEN ?? null;
  if (!isLoopbackHost(env.ARBOR_HOST) && !token) {
    throw new AppError(
      "invalid_input",
      `Refusing to listen on ${env.ARBOR_HOST} without an access token: anyone who can reach this address could run Claude on your machine. ` +
        "Set ARBOR_TOKEN (16+ characters) or use --token, or bind to 127.0.0.1.",
    );
  }
  const extraHosts = (env.ARBOR_ALLOWED_HOSTS ?? "")
    .split(",")
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  const bindHost = env.ARBOR_HOST.toLowerCase();
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
    port: env.ARBOR_PORT,
    host: env.ARBOR_HOST,
    dataDir,
    databaseUrl: env.DATABASE_URL ?? defaultDatabaseUrl(dataDir),
    token,
    allowedHosts,
    isDev: input.flags.isDev,
  };
}

function isWildcard(host: string): boolean {
  return host === "0.0.0.0" || host === "::";
}

function bracketIpv6(host: string): string {
  return host.includes(":") && !host.startsWith("[") ? `[${host}]` : host;
}
