import { AppError } from "@/lib/errors/app-error.ts";

/**
 * Why a variable never reaches a process Arbor starts, whatever an allow-list or ARBOR_PASS_ENV
 * says; null when it may. Arbor's own settings (ARBOR_TOKEN first) and the database's credentials
 * would let a command Claude runs call Arbor's API or read its database.
 */
export function whyNeverPassed(name: string): string | null {
  if (name.startsWith("ARBOR_")) return "it is Arbor's own configuration (ARBOR_TOKEN opens Arbor's API)";
  if (name === "DATABASE_URL") return "it holds the database's address and password";
  if (name.startsWith("PG")) return "it is a PostgreSQL connection setting (PGPASSWORD is the database's password)";
  return null;
}

/** Variables that would point Arbor's own git at another repository, index or object store. */
const GIT_LOCATION = new Set([
  "GIT_DIR",
  "GIT_WORK_TREE",
  "GIT_INDEX_FILE",
  "GIT_COMMON_DIR",
  "GIT_PREFIX",
  "GIT_OBJECT_DIRECTORY",
  "GIT_ALTERNATE_OBJECT_DIRECTORIES",
]);

/**
 * Programs git would start on its own and config it would read from the environment: simple-git
 * (Arbor's git reads) refuses to run with any of them set, so passing one would stop every scan.
 */
const GIT_REFUSED = new Set([
  "EDITOR",
  "GIT_EDITOR",
  "GIT_SEQUENCE_EDITOR",
  "PAGER",
  "GIT_PAGER",
  "GIT_EXTERNAL_DIFF",
  "GIT_PROXY_COMMAND",
  "GIT_TEMPLATE_DIR",
  "GIT_CONFIG_COUNT",
]);

/** Why ARBOR_PASS_ENV may not name `name` (and what to do instead); null when it may. */
function whyNotPassable(name: string): string | null {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) return "it is not a variable name (letters, digits and _ only)";
  const never = whyNeverPassed(name);
  if (never) return `${never}; no process Arbor starts may see it`;
  if (name === "CLAUDECODE" || name.startsWith("CLAUDE_CODE_"))
    return `Claude Code's own variables are passed to claude only, as ARBOR_CLAUDE_ENV_${name}`;
  if (GIT_LOCATION.has(name)) return "it would point Arbor's own git at another repository";
  if (GIT_REFUSED.has(name)) return "it names a program or config for git, and Arbor's git refuses to run with it";
  return null;
}

/**
 * ARBOR_PASS_ENV: the comma-separated names of more variables (JAVA_HOME, GOPATH…) passed to
 * claude, setup commands and git. Throws AppError naming the first name that may not be passed,
 * and why, so Arbor stops at start-up rather than hand a secret to every command.
 */
export function parsePassEnv(value: string | undefined): string[] {
  const names = (value ?? "")
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  for (const name of names) {
    const why = whyNotPassable(name);
    if (why)
      throw new AppError(
        "invalid_input",
        `Invalid configuration ARBOR_PASS_ENV: "${name}" cannot be passed: ${why}. Remove it from ARBOR_PASS_ENV.`,
      );
  }
  return [...new Set(names)];
}
