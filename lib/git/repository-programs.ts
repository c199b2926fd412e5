import { REPOSITORY_SCOPES, splitConfigKey, type GitConfigEntry } from "./parse-config-list.ts";

/**
 * The `-c key=value` pairs that keep a repository's own config (local and worktree scope, included
 * files too) from naming a program git runs while it commits, merges, rebases or pushes, in a
 * repository the user has not trusted. Hooks, filters, fsmonitor and merge drivers are
 * git-safety.ts's and neutral-merge-drivers.ts's; these are the rest:
 *
 * - signing: a repository that configures gpg itself (any `gpg.*` key: `gpg.program`,
 *   `gpg.ssh.defaultKeyCommand`…) gets no signing at all, so its program never runs;
 * - `core.sshCommand` and `core.askpass`: the value from the user's own config, else git's default;
 * - credential helpers (`credential.helper`, `credential.<url>.helper`): the list is emptied (an
 *   empty helper resets it) and the user's own helpers are added back, in their order;
 * - `remote.<name>.receivepack` / `uploadpack`: git's own programs;
 * - `protocol.ext.allow=never`, always: the `ext::` transport runs any command a URL names.
 *
 * Pure. What cannot be overridden this way (a rewritten URL, a remote helper, a proxy) is the
 * push's to refuse (see lib/worktrees/push-safety.ts).
 */
export function neutralizeRepositoryPrograms(entries: readonly GitConfigEntry[]): string[] {
  const overrides = ["protocol.ext.allow=never"];
  const repository = entries.filter((entry) => REPOSITORY_SCOPES.has(entry.scope));
  const user = entries.filter((entry) => !REPOSITORY_SCOPES.has(entry.scope));
  const setInRepository = (key: string) => repository.some((entry) => entry.key.toLowerCase() === key);
  const lastOfUser = (key: string) => user.filter((entry) => entry.key.toLowerCase() === key).at(-1)?.value ?? null;

  if (repository.some((entry) => splitConfigKey(entry.key).section === "gpg"))
    overrides.push(
      "commit.gpgSign=false",
      "tag.gpgSign=false",
      "tag.forceSignAnnotated=false",
      "push.gpgSign=false",
      "merge.verifySignatures=false",
    );
  if (setInRepository("core.sshcommand")) overrides.push(`core.sshCommand=${lastOfUser("core.sshcommand") ?? "ssh"}`);
  if (setInRepository("core.askpass")) overrides.push(`core.askpass=${lastOfUser("core.askpass") ?? ""}`);

  const isHelper = (entry: GitConfigEntry) => {
    const { section, name } = splitConfigKey(entry.key);
    return section === "credential" && name === "helper";
  };
  if (repository.some(isHelper)) {
    overrides.push("credential.helper=");
    // Keys travel through `-c`, which splits at the first `=`: a URL holding one cannot be added back.
    for (const entry of user.filter(isHelper))
      if (!entry.key.includes("=") && entry.value) overrides.push(`${entry.key}=${entry.value}`);
  }

  for (const entry of repository) {
    const { section, subsection, name } = splitConfigKey(entry.key);
    if (section !== "remote" || subsection === null || subsection.includes("=")) continue;
    if (name === "receivepack") overrides.push(`remote.${subsection}.receivepack=git-receive-pack`);
    if (name === "uploadpack") overrides.push(`remote.${subsection}.uploadpack=git-upload-pack`);
  }
  return [...new Set(overrides)];
}
