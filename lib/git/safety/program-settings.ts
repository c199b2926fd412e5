import { NEUTRAL_EXTERNAL_DIFF, NEUTRAL_MERGE_DRIVER, NEUTRAL_TEXTCONV } from "./neutral-programs.ts";

/** A git setting whose value is a program git runs, and what stands in for it. */
export interface ProgramSetting {
  /** A key as git prints it: section and variable lower-cased, any subsection as written. */
  pattern: RegExp;
  /** The value that runs nothing of the repository's and behaves as git does without the setting. */
  neutral: string;
  /** Only such a value runs a program (`submodule.<name>.update = !command`); others are left alone. */
  isProgram?: (value: string) => boolean;
}

/**
 * The settings that make git run a program, as git 2.39 reads them (each value checked with real
 * git: an empty pager, askpass, tool path or alias runs nothing; `:` is git's "no editor"; an
 * empty diff command or textconv is an error, hence the stand-ins of neutral-programs.ts).
 * Filters, credential helpers, hooks, signing and `core.gitProxy` need more than one key and are
 * repository-programs.ts's own.
 */
export const PROGRAM_SETTINGS: readonly ProgramSetting[] = [
  { pattern: /^diff\.external$/, neutral: NEUTRAL_EXTERNAL_DIFF },
  { pattern: /^diff\..+\.command$/s, neutral: NEUTRAL_EXTERNAL_DIFF },
  { pattern: /^diff\..+\.textconv$/s, neutral: NEUTRAL_TEXTCONV },
  { pattern: /^merge\..+\.driver$/s, neutral: NEUTRAL_MERGE_DRIVER },
  { pattern: /^core\.pager$/, neutral: "cat" },
  { pattern: /^pager\.[^.]+$/, neutral: "false" },
  { pattern: /^(core|sequence)\.editor$/, neutral: ":" },
  { pattern: /^core\.askpass$/, neutral: "" },
  { pattern: /^core\.sshcommand$/, neutral: "ssh" },
  { pattern: /^core\.alternaterefscommand$/, neutral: "true" },
  { pattern: /^interactive\.difffilter$/, neutral: "cat" },
  { pattern: /^gpg\.(openpgp\.)?program$/, neutral: "gpg" },
  { pattern: /^gpg\.x509\.program$/, neutral: "gpgsm" },
  { pattern: /^gpg\.ssh\.program$/, neutral: "ssh-keygen" },
  { pattern: /^gpg\.ssh\.defaultkeycommand$/, neutral: "true" },
  // Every alias: one without `!` may still carry `-c` options, which outrank every override here.
  { pattern: /^alias\.[^.]+$/, neutral: "" },
  { pattern: /^submodule\..+\.update$/s, neutral: "checkout", isProgram: (value) => value.startsWith("!") },
  { pattern: /^remote\..+\.receivepack$/s, neutral: "git-receive-pack" },
  { pattern: /^remote\..+\.uploadpack$/s, neutral: "git-upload-pack" },
  { pattern: /^(difftool|mergetool|browser)\..+\.(cmd|path)$/s, neutral: "" },
  { pattern: /^man\..+\.cmd$/s, neutral: "man" },
  { pattern: /^man\..+\.path$/s, neutral: "" },
  { pattern: /^trailer\..+\.(cmd|command)$/s, neutral: "true" },
  { pattern: /^imap\.tunnel$/, neutral: "" },
  { pattern: /^instaweb\.(httpd|modulepath|browser)$/, neutral: "" },
];

/**
 * Settings no override can take back: git send-email (a Perl script, not installed with git here,
 * so no stand-in could be checked) runs `<command> <patch file>` through the shell, an empty
 * command included, and takes a server written as a path for a sendmail program.
 */
export function isUnneutralizable(key: string, value: string | null): boolean {
  if (/^sendemail\.(.+\.)?(sendmailcmd|tocmd|cccmd|headercmd)$/s.test(key)) return true;
  return /^sendemail\.(.+\.)?smtpserver$/s.test(key) && /[/~]/.test(value ?? "");
}
