/** What of git's config decides where a branch is pushed (all of it read with one `git config`). */
export interface PushConfig {
  /** Every remote with a URL, by name, in config order. */
  remoteUrls: Map<string, string>;
  /** `branch.<b>.pushRemote`: where this branch is pushed, before anything else. */
  branchPushRemote: string | null;
  /** `remote.pushDefault`: where every branch is pushed unless its own pushRemote says otherwise. */
  pushDefaultRemote: string | null;
  /** `branch.<b>.remote` and `branch.<b>.merge`: the upstream (both set, or it has none). */
  branchRemote: string | null;
  branchMerge: string | null;
  /** `push.default` (simple, current, upstream, tracking, matching, nothing), lower-cased. */
  pushDefault: string | null;
}

/** `git config -z --get-regexp` of every key PushConfig reads (git prints section and variable lower-cased). */
export const PUSH_CONFIG_ARGS = [
  "config",
  "-z",
  "--get-regexp",
  "^(remote\\..*\\.url|remote\\.pushdefault|push\\.default|branch\\..*\\.(remote|pushremote|merge))$",
];

/**
 * Reads PUSH_CONFIG_ARGS' output (`key LF value NUL` records) for `branch`. A key set twice keeps
 * its last value, as git does; remote names starting with "-" are left out (never an option). Pure.
 */
export function parsePushConfig(output: string, branch: string): PushConfig {
  const config: PushConfig = {
    remoteUrls: new Map(),
    branchPushRemote: null,
    pushDefaultRemote: null,
    branchRemote: null,
    branchMerge: null,
    pushDefault: null,
  };
  const ofBranch = `branch.${branch}.`;
  for (const record of output.split("\0")) {
    const newline = record.indexOf("\n");
    if (newline < 0) continue;
    const key = record.slice(0, newline);
    const value = record.slice(newline + 1);
    if (key === "remote.pushdefault") config.pushDefaultRemote = value || null;
    else if (key === "push.default") config.pushDefault = value.toLowerCase() || null;
    else if (key === `${ofBranch}pushremote`) config.branchPushRemote = value || null;
    else if (key === `${ofBranch}remote`) config.branchRemote = value || null;
    else if (key === `${ofBranch}merge`) config.branchMerge = value || null;
    else if (key.startsWith("remote.") && key.endsWith(".url")) {
      const name = key.slice("remote.".length, -".url".length);
      if (name !== "" && !name.startsWith("-")) config.remoteUrls.set(name, value);
    }
  }
  return config;
}
