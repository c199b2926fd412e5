import type { ConfigOverride } from "./repository-programs.ts";

/**
 * What keeps Arbor's own git commands from running a repository's code. A repository's local
 * config (`.git/config`, `config.worktree` and the files they include) can name programs that git
 * runs during ordinary commands: an fsmonitor on every `status`, filter drivers whenever a file's
 * content is hashed or checked out, hooks on checkout and ref updates, a gpg program while `log`
 * shows signatures, external diff and textconv programs for diffs. Those files may come with the
 * repository (an archive, a shared folder) or be written by an agent working in it, so every git
 * command Arbor runs overrides them, and so does every git Claude runs there (pure: the caller
 * supplies repository-programs.ts's overrides for the repository, see local-git-config.ts).
 *
 * Verified with git 2.39: `core.hooksPath=/dev/null` finds no hook, `core.fsmonitor=false` turns
 * the monitor off, `log.showSignature=false` keeps `log` from running gpg on a (forged) signed
 * commit. Arbor's diff-like commands also get `--no-ext-diff --no-textconv`, and worktree-reading
 * ones `--ignore-submodules=dirty` so git does not start a nested `status` inside a submodule
 * (whose own config this process never saw).
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
 * The `-c` options placed before every subcommand. With `allowRepositoryCode` (an operation
 * that runs hooks and filters on purpose, in a repository the user trusted) only the overrides
 * that never matter to such an operation remain.
 *
 * `-c` splits at the first `=`, so a key holding one (a driver or remote named `a=b`) cannot be
 * given: a filter's is refused, since every checkout would run it; the others are left out, as
 * Arbor's own git never runs them (its diffs pass --no-ext-diff --no-textconv, its merges add
 * neutral-merge-drivers.ts's drivers, which refuse such a name, its pushes refuse other remotes'
 * programs, and it runs no difftool, submodule update or alias).
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
