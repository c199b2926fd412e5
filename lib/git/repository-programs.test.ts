import { describe, expect, it } from "vitest";
import type { GitConfigEntry } from "./parse-config-list.ts";
import { neutralizeRepositoryPrograms } from "./repository-programs.ts";

const entry = (scope: string, key: string, value: string): GitConfigEntry => ({
  scope,
  originFile: scope === "global" ? "/home/u/.gitconfig" : ".git/config",
  key,
  value,
});

describe("neutralizeRepositoryPrograms", () => {
  it("switches off only ext:: when the repository names no program", () => {
    expect(neutralizeRepositoryPrograms([entry("global", "core.sshcommand", "ssh -i ~/.ssh/work")])).toEqual([
      "protocol.ext.allow=never",
    ]);
  });

  it("turns signing off when the repository configures gpg, and puts the user's own ssh, askpass and helpers back", () => {
    expect(
      neutralizeRepositoryPrograms([
        entry("global", "core.sshcommand", "ssh -i ~/.ssh/work"),
        entry("global", "credential.helper", "store"),
        entry("global", "credential.https://github.com.helper", "!gh auth git-credential"),
        entry("local", "gpg.ssh.defaultkeycommand", "/tmp/evil"),
        entry("local", "core.sshcommand", "/tmp/evil"),
        entry("local", "core.askpass", "/tmp/evil"),
        entry("worktree", "credential.helper", "!/tmp/evil"),
        entry("local", "remote.origin.receivepack", "/tmp/evil"),
        entry("local", "remote.origin.uploadpack", "/tmp/evil"),
      ]),
    ).toEqual([
      "protocol.ext.allow=never",
      "commit.gpgSign=false",
      "tag.gpgSign=false",
      "tag.forceSignAnnotated=false",
      "push.gpgSign=false",
      "merge.verifySignatures=false",
      "core.sshCommand=ssh -i ~/.ssh/work",
      "core.askpass=",
      "credential.helper=",
      "credential.helper=store",
      "credential.https://github.com.helper=!gh auth git-credential",
      "remote.origin.receivepack=git-receive-pack",
      "remote.origin.uploadpack=git-upload-pack",
    ]);
  });

  it("falls back to git's own ssh when only the repository sets one, and leaves a user's own signing alone", () => {
    expect(
      neutralizeRepositoryPrograms([
        entry("global", "commit.gpgsign", "true"),
        entry("global", "gpg.program", "gpg2"),
        entry("local", "core.sshcommand", "/tmp/evil"),
      ]),
    ).toEqual(["protocol.ext.allow=never", "core.sshCommand=ssh"]);
  });
});
