/** The arguments that list every config entry with where it came from (see parseConfigList). */
export const CONFIG_LIST_ARGS = ["config", "--list", "--show-scope", "--show-origin", "-z"];

/** One entry of a repository's effective git config. */
export interface GitConfigEntry {
  /** system | global | local | worktree | command (git's own words). */
  scope: string;
  /** The file it was read from (absolute, or relative to the folder git ran in), or null when not a file. */
  originFile: string | null;
  /**
   * As git prints it: section and variable lower-cased, a subsection kept as written
   * (`filter.Evil.clean`).
   */
  key: string;
  /** null for a key written without `=` (boolean true). */
  value: string | null;
}

/** The scopes a repository controls: its own config files and the files they include. */
export const REPOSITORY_SCOPES = new Set(["local", "worktree"]);

/**
 * Parses `git config --list --show-scope --show-origin -z`: each entry is `scope NUL origin NUL
 * key [LF value] NUL`, so values and paths may hold any byte but NUL.
 */
export function parseConfigList(output: string): GitConfigEntry[] {
  const fields = output.split("\0");
  const entries: GitConfigEntry[] = [];
  for (let index = 0; index + 2 < fields.length; index += 3) {
    const scope = fields[index] ?? "";
    const origin = fields[index + 1] ?? "";
    const pair = fields[index + 2] ?? "";
    const newline = pair.indexOf("\n");
    entries.push({
      scope,
      originFile: origin.startsWith("file:") ? origin.slice("file:".length) : null,
      key: newline === -1 ? pair : pair.slice(0, newline),
      value: newline === -1 ? null : pair.slice(newline + 1),
    });
  }
  return entries;
}

/** Splits `filter.My.Name.clean` into its section, subsection and variable (the subsection may hold dots). */
export function splitConfigKey(key: string): { section: string; subsection: string | null; name: string } {
  const first = key.indexOf(".");
  const last = key.lastIndexOf(".");
  if (first === -1) return { section: key.toLowerCase(), subsection: null, name: "" };
  return {
    section: key.slice(0, first).toLowerCase(),
    subsection: first === last ? null : key.slice(first + 1, last),
    name: key.slice(last + 1).toLowerCase(),
  };
}

/** The filter driver names a repository's own config defines (any `filter.<name>.*` key). */
export function listRepositoryFilterNames(entries: readonly GitConfigEntry[]): string[] {
  const names = new Set<string>();
  for (const entry of entries) {
    if (!REPOSITORY_SCOPES.has(entry.scope)) continue;
    const { section, subsection } = splitConfigKey(entry.key);
    if (section === "filter" && subsection !== null) names.add(subsection);
  }
  return [...names].sort();
}

/** A boolean setting as git reads it: the last entry wins; a key without `=` is true; unset is false. */
export function readGitBoolean(entries: readonly GitConfigEntry[], key: string): boolean {
  const value = entries.findLast((entry) => entry.key === key)?.value;
  if (value === undefined) return false;
  if (value === null) return true;
  const word = value.trim().toLowerCase();
  if (["true", "yes", "on"].includes(word)) return true;
  if (["false", "no", "off", ""].includes(word)) return false;
  return /^-?\d+[kmg]?$/.test(word) ? Number.parseInt(word, 10) !== 0 : false;
}
