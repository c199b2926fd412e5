/**
 * What keeps Arbor's own git commands from running a repository's code. A repository's local
 * config (`.git/config`, `config.worktree` and the files they include) can name programs that git
 * runs during ordinary commands: an fsmonitor on every `status`, filter drivers whenever a file's
 * content is hashed or checked out, hooks on checkout and ref updates, a gpg program while `log`
 * shows signatures, external diff and textconv programs for diffs. Those files may come with the
 * repository (an archive, a shared folder) or be written by an agent working in it, so every git
 * command Arbor runs overrides them (pure: the caller supplies the filter names the repository
 * defines, see local-git-config.ts).
 *
 * Verified with git 2.39: an empty `filter.<name>.clean/smudge/process` disables that driver
 * (`required=false` keeps git from failing instead), `core.hooksPath=/dev/null` finds no hook,
 * `core.fsmonitor=false` turns the monitor off, `log.showSignature=false` keeps `log` from running
 * gpg on a (forged) signed commit. An empty `diff.external` or textconv is an error rather than
 * "off", so diff-like commands get `--no-ext-diff --no-textconv` instead; worktree-reading ones
 * get `--ignore-submodules=dirty` so git does not start a nested `status` inside a submodule
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

/** A filter driver name git can be told about on its command line (`-c` splits at the first `=`). */
const SAFE_FILTER_NAME = /^[^=\0\n]+$/;

/**
 * True when `args` (a subcommand and its arguments) may run filter drivers, i.e. the caller must
 * supply the repository's filter names. `worktree list` is the one content-free `worktree` form.
 */
export function needsFilterNames(args: readonly string[]): boolean {
  const [command, next] = args;
  if (command === undefined) return false;
  if (command === "worktree") return next !== "list";
  return !CONTENT_FREE_COMMANDS.has(command);
}

/**
 * The `-c` options placed before every subcommand. With `allowRepositoryCode` (an operation
 * that runs hooks and filters on purpose, in a repository the user trusted) only the overrides
 * that never matter to such an operation remain.
 */
export function buildGitSafetyOptions(input: {
  filterNames: readonly string[];
  /** repository-programs.ts's `key=value` pairs for this repository (signing, ssh, credentials…). */
  programOverrides?: readonly string[];
  allowRepositoryCode: boolean;
}): string[] {
  const options = ["-c", "core.fsmonitor=false", "-c", "log.showSignature=false", "-c", "submodule.recurse=false"];
  if (input.allowRepositoryCode) return options;
  options.push("-c", "core.hooksPath=/dev/null");
  for (const pair of input.programOverrides ?? []) options.push("-c", pair);
  for (const name of input.filterNames) {
    if (!SAFE_FILTER_NAME.test(name)) {
      throw new Error(`the filter name ${JSON.stringify(name)} cannot be overridden on git's command line`);
    }
    for (const setting of ["clean=", "smudge=", "process=", "required=false"]) {
      options.push("-c", `filter.${name}.${setting}`);
    }
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
 * Keys travel unsplit here, so any filter name can be switched off.
 */
export function buildGitSafetyEnv(input: {
  filterNames: readonly string[];
  /** repository-programs.ts's `key=value` pairs (split at the first `=`). */
  programOverrides?: readonly string[];
  inherited: Record<string, string | undefined>;
}): Record<string, string> {
  const pairs: Array<[string, string]> = [
    ["core.fsmonitor", "false"],
    ["log.showSignature", "false"],
    ["submodule.recurse", "false"],
    ["core.hooksPath", "/dev/null"],
    ...input.filterNames.flatMap((name): Array<[string, string]> => [
      [`filter.${name}.clean`, ""],
      [`filter.${name}.smudge`, ""],
      [`filter.${name}.process`, ""],
      [`filter.${name}.required`, "false"],
    ]),
    ...(input.programOverrides ?? []).map((pair): [string, string] => {
      const equals = pair.indexOf("=");
      return [pair.slice(0, equals), pair.slice(equals + 1)];
    }),
  ];
  const inheritedCount = Number(input.inherited.GIT_CONFIG_COUNT ?? "0");
  const start = Number.isSafeInteger(inheritedCount) && inheritedCount > 0 ? inheritedCount : 0;
  const env: Record<string, string> = { GIT_CONFIG_COUNT: String(start + pairs.length) };
  pairs.forEach(([key, value], index) => {
    env[`GIT_CONFIG_KEY_${start + index}`] = key;
    env[`GIT_CONFIG_VALUE_${start + index}`] = value;
  });
  return env;
}
