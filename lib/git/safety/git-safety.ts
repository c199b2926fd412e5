import type { ConfigOverride } from "./repository-programs.ts";

/**
 * What keeps git from running a repository's code: its local config can name programs run by
 * ordinary commands (fsmonitor, filters, hooks, gpg, external diff, textconv), and it may come with
 * the repository or be written by an agent. So every git Arbor or Claude runs there overrides them
 * (pure: callers pass repository-programs.ts's overrides). `--ignore-submodules=dirty` keeps git from
 * a nested `status` under a submodule's unseen config. Why, and what was verified with git 2.39:
 * docs/decisions/0015-git-runs-no-repository-code.md.
 */

/** Subcommands that never read or write working-tree files, so no filter driver can run in them. */
const CONTENT_FREE_COMMANDS = new Set([
  "rev-parse",
  "log",
  "for-each-ref",
  "show-ref",
  "symbolic-ref",
  "config",
  "merge-base",
  "rev-list",
  "version",
]);

/** Subcommands that can print patches: external diff and textconv programs are switched off. */
const PATCH_COMMANDS = new Set(["diff", "diff-files", "diff-index", "diff-tree", "log", "show"]);

/** Subcommands that compare the working tree (and would recurse into submodules to do it). */
const WORKTREE_COMPARE_COMMANDS = new Set(["status", "diff", "diff-files", "diff-index"]);

/**
 * True when `args` (a subcommand and its arguments) may run filter drivers or other programs of
 * the repository, i.e. the caller must supply the repository's overrides. `worktree list` is the
 * one content-free `worktree` form.
 */
export function needsRepositoryOverrides(args: readonly string[]): boolean {
  const [command, next] = args;
  if (command === undefined) return false;
  if (command === "worktree") return next !== "list";
  return !CONTENT_FREE_COMMANDS.has(command);
}

/**
 * The `-c` options placed before every subcommand; with `allowRepositoryCode` (trusted repository,
 * hooks and filters on purpose) only those that never matter to such an operation remain.
 * `-c` splits at the first `=`, so a key holding one cannot be given: a filter's is refused (every
 * checkout would run it); others are left out since Arbor's git never runs them (see
 * docs/decisions/0015-git-runs-no-repository-code.md).
 */
export function buildGitSafetyOptions(input: {
  /** repository-programs.ts's overrides for this repository (none for a command that reads no content). */
  overrides?: readonly ConfigOverride[];
  allowRepositoryCode: boolean;
}): string[] {
  const options = ["-c", "core.fsmonitor=false", "-c", "log.showSignature=false", "-c", "submodule.recurse=false"];
  if (input.allowRepositoryCode) return options;
  options.push("-c", "core.hooksPath=/dev/null");
  for (const { key, value } of input.overrides ?? []) {
    if (!key.includes("=")) options.push("-c", `${key}=${value}`);
    else if (key.startsWith("filter."))
      throw new Error(`the filter setting ${JSON.stringify(key)} cannot be overridden on git's command line`);
  }
  return options;
}

/**
 * `args` with the subcommand's own safety flags inserted right after the subcommand (before any
 * `--`), so a patch never goes through an external program and a status never enters submodules.
 */
export function withSubcommandSafetyFlags(args: readonly string[]): string[] {
  const [command, ...rest] = args;
  if (command === undefined) return [];
  const flags: string[] = [];
  if (PATCH_COMMANDS.has(command)) flags.push("--no-ext-diff", "--no-textconv");
  if (WORKTREE_COMPARE_COMMANDS.has(command)) flags.push("--ignore-submodules=dirty");
  return [command, ...flags, ...rest];
}

/**
 * The same overrides as environment variables (GIT_CONFIG_COUNT / _KEY_n / _VALUE_n, after any the
 * parent already set), for a process that runs git on its own in a repository the user has not
 * trusted: Claude Code runs `git status` and `git log` when it starts, and its tools run git too.
 * Every git under it reads them, before any `-c` of its own command line. Keys travel unsplit
 * here, so any driver name can be overridden.
 */
export function buildGitSafetyEnv(input: {
  /** repository-programs.ts's overrides for this repository. */
  overrides: readonly ConfigOverride[];
  inherited: Record<string, string | undefined>;
}): Record<string, string> {
  const pairs: ConfigOverride[] = [
    { key: "core.fsmonitor", value: "false" },
    { key: "log.showSignature", value: "false" },
    { key: "submodule.recurse", value: "false" },
    { key: "core.hooksPath", value: "/dev/null" },
    ...input.overrides,
  ];
  const inheritedCount = Number(input.inherited.GIT_CONFIG_COUNT ?? "0");
  const start = Number.isSafeInteger(inheritedCount) && inheritedCount > 0 ? inheritedCount : 0;
  const env: Record<string, string> = { GIT_CONFIG_COUNT: String(start + pairs.length) };
  pairs.forEach(({ key, value }, index) => {
    env[`GIT_CONFIG_KEY_${start + index}`] = key;
    env[`GIT_CONFIG_VALUE_${start + index}`] = value;
  });
  return env;
}
