import { describe, expect, it } from "vitest";
import { NEUTRAL_EXTERNAL_DIFF, NEUTRAL_MERGE_DRIVER } from "./neutral-programs.ts";
import type { GitConfigEntry } from "./parse-config-list.ts";
import { neutralizeRepositoryPrograms } from "./repository-programs.ts";

const entry = (scope: string, key: string, value: string | null): GitConfigEntry => ({
  scope,
  originFile: scope === "global" ? "/home/u/.gitconfig" : ".git/config",
  key,
  value,
});
const local = (key: string, value: string | null = "/tmp/evil") => entry("local", key, value);

/** The overrides as `key=value` lines, which reads best in a failure. */
const neutralize = (entries: GitConfigEntry[]) => {
  const { overrides, refused } = neutralizeRepositoryPrograms(entries);
  return { lines: overrides.map(({ key, value }) => `${key}=${value}`), refused };
};

describe("neutralizeRepositoryPrograms", () => {
  it("switches off only ext:: when the repository names no program", () => {
    expect(
      neutralize([
        entry("global", "core.sshcommand", "ssh -i ~/.ssh/work"),
        local("diff.rt.xfuncname", "^sub"),
        local("submodule.lib.update", "rebase"),
        local("sendemail.smtpserver", "smtp.example.com"),
      ]),
    ).toEqual({ lines: ["protocol.ext.allow=never"], refused: [] });
  });

  it("replaces every program setting the repository makes by a stand-in that runs none of its code", () => {
    const keys = [
      "diff.external",
      "diff.rt.command",
      "diff.rt.textconv",
      "merge.rt.driver",
      "core.pager",
      "pager.log",
      "core.editor",
      "sequence.editor",
      "core.askpass",
      "core.sshcommand",
      "core.alternaterefscommand",
      "interactive.difffilter",
      "gpg.x509.program",
      "gpg.ssh.program",
      "gpg.ssh.defaultkeycommand",
      "alias.st",
      "remote.origin.receivepack",
      "remote.origin.uploadpack",
      "difftool.kd.cmd",
      "mergetool.kd.path",
      "browser.ff.cmd",
      "man.viewer.cmd",
      "man.viewer.path",
      "trailer.sign.cmd",
      "imap.tunnel",
      "instaweb.httpd",
    ];
    const { lines } = neutralize([...keys.map((key) => local(key)), local("submodule.lib.update", "!/tmp/evil")]);
    expect(lines).toEqual([
      "protocol.ext.allow=never",
      `diff.external=${NEUTRAL_EXTERNAL_DIFF}`,
      `diff.rt.command=${NEUTRAL_EXTERNAL_DIFF}`,
      "diff.rt.textconv=cat",
      `merge.rt.driver=${NEUTRAL_MERGE_DRIVER}`,
      "core.pager=cat",
      "pager.log=false",
      "core.editor=:",
      "sequence.editor=:",
      "core.askpass=",
      "core.sshcommand=ssh",
      "core.alternaterefscommand=true",
      "interactive.difffilter=cat",
      "gpg.x509.program=gpgsm",
      "gpg.ssh.program=ssh-keygen",
      "gpg.ssh.defaultkeycommand=true",
      "alias.st=",
      "remote.origin.receivepack=git-receive-pack",
      "remote.origin.uploadpack=git-upload-pack",
      "difftool.kd.cmd=",
      "mergetool.kd.path=",
      "browser.ff.cmd=",
      "man.viewer.cmd=man",
      "man.viewer.path=",
      "trailer.sign.cmd=true",
      "imap.tunnel=",
      "instaweb.httpd=",
      "submodule.lib.update=checkout",
      "commit.gpgSign=false",
      "tag.gpgSign=false",
      "tag.forceSignAnnotated=false",
      "push.gpgSign=false",
      "merge.verifySignatures=false",
    ]);
  });

  it("puts the user's own value back where the repository overrides one of theirs", () => {
    const { lines } = neutralize([
      entry("system", "core.pager", "more"),
      entry("global", "core.pager", "less -R"),
      entry("global", "gpg.program", "gpg2"),
      entry("global", "filter.lfs.clean", "git-lfs clean -- %f"),
      entry("global", "filter.lfs.required", "true"),
      entry("global", "alias.st", "status -sb"),
      entry("global", "credential.helper", "store"),
      entry("global", "credential.https://github.com.helper", "!gh auth git-credential"),
      local("core.pager"),
      local("gpg.openpgp.program"),
      local("filter.lfs.clean"),
      local("alias.st", "!rm -rf ~"),
      entry("worktree", "credential.helper", "!/tmp/evil"),
    ]);
    expect(lines).toEqual([
      "protocol.ext.allow=never",
      "core.pager=less -R",
      "gpg.program=gpg2",
      "gpg.openpgp.program=gpg2",
      "filter.lfs.clean=git-lfs clean -- %f",
      "filter.lfs.smudge=",
      "filter.lfs.process=",
      "filter.lfs.required=true",
      "alias.st=status -sb",
      "commit.gpgSign=false",
      "tag.gpgSign=false",
      "tag.forceSignAnnotated=false",
      "push.gpgSign=false",
      "merge.verifySignatures=false",
      "credential.helper=",
      "credential.helper=store",
      "credential.https://github.com.helper=!gh auth git-credential",
    ]);
  });

  it("switches a filter off whole, once, whichever of its keys the repository sets", () => {
    const { lines } = neutralize([local("filter.Evil.smudge"), local("filter.Evil.required", "true")]);
    expect(lines).toEqual([
      "protocol.ext.allow=never",
      "filter.Evil.clean=",
      "filter.Evil.smudge=",
      "filter.Evil.process=",
      "filter.Evil.required=false",
    ]);
  });

  it("stops git:// when the repository names a proxy program, and leaves a user's own signing alone", () => {
    expect(
      neutralize([entry("global", "commit.gpgsign", "true"), local("core.gitproxy", "/tmp/evil for example.com")]),
    ).toEqual({ lines: ["protocol.ext.allow=never", "protocol.git.allow=never"], refused: [] });
  });

  it("refuses what git send-email would run, once each", () => {
    const { refused } = neutralize([
      local("sendemail.tocmd"),
      local("sendemail.tocmd"),
      local("sendemail.work.cccmd"),
      local("sendemail.smtpserver", "/usr/local/bin/evil"),
      local("sendemail.smtpserver", "smtp.example.com"),
    ]);
    expect(refused).toEqual(["sendemail.tocmd", "sendemail.work.cccmd", "sendemail.smtpserver"]);
  });
});
