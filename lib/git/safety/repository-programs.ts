import { REPOSITORY_SCOPES, splitConfigKey, type GitConfigEntry } from "./parse-config-list.ts";
import { isUnneutralizable, PROGRAM_SETTINGS } from "./program-settings.ts";

/** One `key=value` git is given on top of its config (as `-c`, or as GIT_CONFIG_KEY_n/VALUE_n). */
export interface ConfigOverride {
  key: string;
  value: string;
}

export interface RepositoryProgramOverrides {
  /** In order; a later one of the same key wins, and an empty credential.helper empties the list before it. */
  overrides: ConfigOverride[];
  /** Keys the repository sets that no override can take back (see program-settings.ts). */
  refused: string[];
}

const OPENPGP_PROGRAM = ["gpg.program", "gpg.openpgp.program"];

const FILTER_NEUTRALS = { clean: "", smudge: "", process: "", required: "false" } as const;

const SIGNING_OFF = [
  "commit.gpgSign",
  "tag.gpgSign",
  "tag.forceSignAnnotated",
  "push.gpgSign",
  "merge.verifySignatures",
].map((key) => ({ key, value: "false" }));

/**
 * The overrides that keep an untrusted repository's own config (local, worktree, included files)
 * from naming a program git runs, for Arbor's git (`-c`) and Claude's (GIT_CONFIG_*). Pure.
 * Each program setting it sets (program-settings.ts) gets the user's own value, else a stand-in
 * that runs nothing; its filter drivers get the user's or empty commands (`required` false);
 * `protocol.ext.allow=never`; no signing if it touches `gpg.*`; credential helpers reset to the
 * user's; `core.gitProxy` is left (git:// is not used). See docs/decisions/0015-git-runs-no-repository-code.md.
 */
export function neutralizeRepositoryPrograms(entries: readonly GitConfigEntry[]): RepositoryProgramOverrides {
  const repository = entries.filter((entry) => REPOSITORY_SCOPES.has(entry.scope));
  const user = entries.filter((entry) => !REPOSITORY_SCOPES.has(entry.scope));
  const userValue = (...keys: string[]) => user.findLast((entry) => keys.includes(entry.key))?.value ?? null;
  const replaced = new Map<string, string>();
  const refused = new Set<string>();

  for (const { key, value } of repository) {
    if (isUnneutralizable(key, value)) refused.add(key);
    const { section, subsection } = splitConfigKey(key);
    if (section === "filter" && subsection !== null) {
      for (const [part, neutral] of Object.entries(FILTER_NEUTRALS)) {
        const filterKey = `filter.${subsection}.${part}`;
        replaced.set(filterKey, userValue(filterKey) ?? neutral);
      }
      continue;
    }
    const setting = PROGRAM_SETTINGS.find(({ pattern }) => pattern.test(key));
    if (!setting || (setting.isProgram && !setting.isProgram(value ?? ""))) continue;
    // gpg.program is the older name of gpg.openpgp.program: the user's value may be under either.
    const keys = OPENPGP_PROGRAM.includes(key) ? OPENPGP_PROGRAM : [key];
    for (const each of keys) replaced.set(each, userValue(...keys) ?? setting.neutral);
  }

  const overrides: ConfigOverride[] = [
    { key: "protocol.ext.allow", value: "never" },
    ...[...replaced].map(([key, value]) => ({ key, value })),
  ];
  const setsAny = (test: (part: ReturnType<typeof splitConfigKey>) => boolean) =>
    repository.some((entry) => test(splitConfigKey(entry.key)));
  if (setsAny(({ section }) => section === "gpg")) overrides.push(...SIGNING_OFF);
  if (setsAny(({ section, name }) => section === "core" && name === "gitproxy"))
    overrides.push({ key: "protocol.git.allow", value: "never" });
  const isHelper = ({ section, name }: ReturnType<typeof splitConfigKey>) =>
    section === "credential" && name === "helper";
  if (setsAny(isHelper)) {
    overrides.push({ key: "credential.helper", value: "" });
    for (const entry of user)
      if (isHelper(splitConfigKey(entry.key)) && entry.value) overrides.push({ key: entry.key, value: entry.value });
  }
  return { overrides, refused: [...refused] };
}
