import { whyNeverPassed } from "@/lib/config/pass-env.ts";
import {
  BROWSER_NAMES,
  CLAUDE_NAMES,
  COMMON_NAMES,
  GH_NAMES,
  nameMatcher,
  TOOLCHAIN_NAMES,
  type NameMatcher,
} from "./child-env-names.ts";

/** Prefix of variables passed to claude under their suffix (ARBOR_CLAUDE_ENV_X → X). */
export const PASS_THROUGH_PREFIX = "ARBOR_CLAUDE_ENV_";

/** An environment as a plain map (`process.env` fits; Next.js types make NODE_ENV required on ProcessEnv). */
export type EnvMap = Record<string, string | undefined>;

/**
 * The kinds of process Arbor starts: `claude`; `git` (its scans and commands, and the hooks of a
 * trusted repository); `gh`; `setup` (a trusted repository's worktree setup command); `browser`
 * (`arbor open`'s opener); `process-host` (the Node process that starts all of the above).
 */
export type ChildProgram = "claude" | "git" | "gh" | "setup" | "browser" | "process-host";

const ALLOWED: Record<ChildProgram, NameMatcher> = {
  claude: nameMatcher([...COMMON_NAMES, ...TOOLCHAIN_NAMES, ...CLAUDE_NAMES]),
  git: nameMatcher([...COMMON_NAMES, ...TOOLCHAIN_NAMES]),
  setup: nameMatcher([...COMMON_NAMES, ...TOOLCHAIN_NAMES]),
  gh: nameMatcher([...COMMON_NAMES, ...GH_NAMES]),
  browser: nameMatcher([...COMMON_NAMES, ...BROWSER_NAMES]),
  "process-host": nameMatcher(COMMON_NAMES),
};

/** The programs that run the user's own commands and so get ARBOR_PASS_ENV's toolchain variables. */
const GETS_PASS_ENV = new Set<ChildProgram>(["claude", "git", "setup"]);

/**
 * A child's whole environment, from an allow-list, never a copy of Arbor's: a command Claude runs
 * can read it and must find nothing that opens Arbor's API or database. ARBOR_PASS_ENV names pass
 * for claude, git and setup; `ARBOR_CLAUDE_ENV_<NAME>` passes as `<NAME>` to claude (inherited
 * CLAUDE_CODE_* would nest sessions). `overrides` come last. Never passed: ARBOR_*, DATABASE_URL,
 * PG*, or any value containing one of `secrets`.
 */
export function buildChildEnv(input: {
  program: ChildProgram;
  inherited: EnvMap;
  passNames: readonly string[];
  secrets: ReadonlyArray<string | null | undefined>;
  overrides?: Record<string, string>;
}): Record<string, string> {
  const { program, inherited } = input;
  const isAllowed = ALLOWED[program];
  const extra = new Set(GETS_PASS_ENV.has(program) ? input.passNames : []);
  const env: Record<string, string> = {};
  const passedThrough: Record<string, string> = {};
  // Names first, values only for the names taken: each read of `process.env` asks the OS's copy.
  for (const name of Object.keys(inherited)) {
    const isPassedThrough =
      program === "claude" && name.length > PASS_THROUGH_PREFIX.length && name.startsWith(PASS_THROUGH_PREFIX);
    if (!isPassedThrough && !isAllowed(name) && !extra.has(name)) continue;
    const value = inherited[name];
    if (value === undefined) continue;
    if (isPassedThrough) passedThrough[name.slice(PASS_THROUGH_PREFIX.length)] = value;
    else env[name] = value;
  }
  Object.assign(env, passedThrough, input.overrides);
  const secrets = secretForms(input.secrets);
  for (const [name, value] of Object.entries(env)) {
    if (whyNeverPassed(name) || secrets.some((secret) => value.includes(secret))) delete env[name];
  }
  return env;
}

/** Each secret as written and as it appears in a URL (`?token=…`), the one place a user copies it. */
function secretForms(secrets: ReadonlyArray<string | null | undefined>): string[] {
  return [
    ...new Set(
      secrets
        .filter((secret): secret is string => Boolean(secret))
        .flatMap((secret) => [secret, encodeURIComponent(secret)]),
    ),
  ];
}
