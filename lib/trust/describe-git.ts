import { splitConfigKey, type GitConfigEntry } from "@/lib/git/safety/parse-config-list.ts";
import { clipDetail, type RawFinding } from "./raw-finding.ts";

/** A file in the hooks folder git would use (`*.sample` files never run and are not listed). */
export interface GitHookFile {
  name: string;
  /** sha256 of its bytes, or null when it is not a regular file (then `linkTarget` or nothing). */
  sha256: string | null;
  isExecutable: boolean;
  linkTarget: string | null;
  size: number;
  /** Its text when it is a regular file (shown; the digest uses the hash). */
  text: string | null;
}

/** git config keys that make git run a program (or read more config), and what that means. */
export function describeGitKey(key: string): string | null {
  const { section, subsection, name } = splitConfigKey(key);
  const full = subsection === null ? `${section}.${name}` : null;
  switch (full) {
    case "core.fsmonitor":
      return "git runs this program on every `git status` (Arbor switches it off for its own scans).";
    case "core.hookspath":
      return "git runs hooks from this folder instead of .git/hooks.";
    case "core.sshcommand":
      return "git runs this program for every fetch and push over SSH.";
    case "core.editor":
    case "sequence.editor":
      return "git runs this program whenever it opens an editor.";
    case "core.pager":
      return "git runs this program to page its output in a terminal.";
    case "core.askpass":
      return "git runs this program to ask for passwords.";
    case "core.gitproxy":
      return "git runs this program to reach git:// remotes.";
    case "core.alternaterefscommand":
      return "git runs this program while fetching.";
    case "diff.external":
      return "git runs this program to show every diff.";
    case "credential.helper":
      return "git runs this program to store and hand out your git passwords.";
    case "gpg.program":
      return "git runs this program to sign and verify commits.";
    case "include.path":
      return "git reads more config from this file (its entries are listed too).";
  }
  if (section === "pager") return "git runs this program to page this command's output in a terminal.";
  if (section === "includeif" && name === "path")
    return "git reads more config from this file when the condition holds.";
  if (subsection === null) return null;
  if (section === "filter" && (name === "clean" || name === "smudge" || name === "process"))
    return `git runs this program on files marked \`filter=${subsection}\` whenever they are staged or checked out (Arbor's \`Create branch and worktree\` included).`;
  if (section === "diff" && (name === "textconv" || name === "command"))
    return `git runs this program to show diffs of files marked \`diff=${subsection}\`.`;
  if (section === "merge" && name === "driver") return "git runs this program to merge files marked with this driver.";
  if ((section === "mergetool" || section === "difftool") && (name === "cmd" || name === "path"))
    return "git runs this program as a merge or diff tool.";
  if (section === "credential" && name === "helper") return "git runs this program to store and hand out passwords.";
  if (section === "gpg" && name === "program") return "git runs this program to sign and verify commits.";
  if (section === "remote" && (name === "uploadpack" || name === "receivepack" || name === "vcs"))
    return "git runs this program when talking to this remote.";
  if (section === "uploadpack") return "git runs this program when this repository is fetched from.";
  return null;
}

/** Findings for the executing entries of the repository's own git config (local and worktree scope). */
export function describeGitConfig(entries: readonly GitConfigEntry[]): RawFinding[] {
  const findings: RawFinding[] = [];
  for (const entry of entries) {
    const isAlias = splitConfigKey(entry.key).section === "alias" && (entry.value ?? "").trimStart().startsWith("!");
    const risk = isAlias
      ? `Runs this shell command when you type \`git ${splitConfigKey(entry.key).name}\`.`
      : describeGitKey(entry.key);
    if (!risk) continue;
    findings.push({
      kind: "git-config",
      source: `git config (${entry.originFile ?? entry.scope})`,
      title: entry.key,
      risk,
      detail: clipDetail(entry.value ?? "(set, no value)"),
      isSevere: !isAlias,
    });
  }
  return findings;
}

const HOOK_MOMENTS: Record<string, string> = {
  "post-checkout": "after every checkout, including Arbor's “Create branch and worktree”",
  "reference-transaction": "whenever a branch or tag changes",
  "post-index-change": "whenever git rewrites the index",
  "pre-commit": "before every commit",
  "prepare-commit-msg": "when a commit message is prepared",
  "commit-msg": "after a commit message is written",
  "post-commit": "after every commit",
  "pre-push": "before every push",
  "post-merge": "after every merge or pull",
  "pre-rebase": "before a rebase",
  "post-rewrite": "after commits are rewritten",
  "pre-auto-gc": "before automatic garbage collection",
};

/** Findings for the hooks git would run (the folder named by core.hooksPath, else `.git/hooks`). */
export function describeGitHooks(input: { folder: string; hooks: readonly GitHookFile[] }): RawFinding[] {
  return input.hooks.map((hook) => {
    const moment = HOOK_MOMENTS[hook.name] ?? `on git's ${hook.name} event`;
    const base = { kind: "git-hook" as const, source: input.folder, title: hook.name };
    if (hook.linkTarget !== null)
      return {
        ...base,
        risk: `A link to ${hook.linkTarget}; git runs what it points at ${moment}.`,
        detail: hook.linkTarget,
        isSevere: true,
      };
    if (hook.sha256 === null)
      return { ...base, risk: "Not a regular file; git may still try to run it.", detail: "", isSevere: true };
    return {
      ...base,
      risk: hook.isExecutable
        ? `git runs this program ${moment}.`
        : `Not executable, so git skips it for now; made executable, git would run it ${moment}.`,
      detail: clipDetail(hook.text ?? `${hook.size} bytes, sha256 ${hook.sha256}`),
      isSevere: hook.isExecutable,
    };
  });
}
