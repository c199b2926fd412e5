import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { toPathspecFileEntry } from "@/lib/git/git-path.ts";
import { runGit, runGitCommand } from "@/lib/git/run/run-git.ts";

export type CommitSelectionResult =
  | { outcome: "committed"; commit: string; output: string; indexWarning: string | null }
  | { outcome: "nothing_to_commit" | "hook_failed" | "timed_out"; output: string };

/**
 * With the repository's own code off, a repository's config still names the programs that sign
 * a commit: they go back to git's defaults, so an untrusted repository cannot pick one.
 */
const UNTRUSTED_COMMIT_CONFIG = ["gpg.program=gpg", "gpg.ssh.program=ssh-keygen", "gpg.x509.program=gpgsm"];

/**
 * Commits the chosen whole files and hunks (patches against HEAD) and nothing else, via a temporary
 * index from HEAD: other staged files stay staged, and a failed hook or refusal leaves the user's
 * index as it was; committed paths are then reset to the new commit. The message goes in a file;
 * identity is the user's. `runHooks` (trusted only) runs hooks and filters, output returned either
 * way; `timeoutMs` bounds it all and kills git and its children.
 */
export async function commitSelection(input: {
  worktreePath: string;
  message: string;
  paths: string[];
  /** Hunks of a file, as a patch against its HEAD version (see build-hunk-patch.ts). */
  patches: Array<{ path: string; patch: string }>;
  runHooks: boolean;
  timeoutMs: number;
}): Promise<CommitSelectionResult> {
  const cwd = input.worktreePath;
  const folder = await mkdtemp(path.join(tmpdir(), "arbor-commit-"));
  const env = { GIT_INDEX_FILE: path.join(folder, "index") };
  const code = { allowRepositoryCode: input.runHooks };
  try {
    const head = await readHead(cwd);
    await runGitCommand({ cwd, args: head ? ["read-tree", head] : ["read-tree", "--empty"], env, ...code });
    const pathList = path.join(folder, "paths");
    await writeFile(pathList, Buffer.concat(input.paths.map((token) => Buffer.from(toPathspecFileEntry(token)))));
    if (input.paths.length > 0) {
      await runGitCommand({
        cwd,
        args: ["add", "-A", `--pathspec-from-file=${pathList}`, "--pathspec-file-nul"],
        env,
        ...code,
      });
    }
    for (const { patch } of input.patches) {
      await runGitCommand({ cwd, args: ["apply", "--cached", "--whitespace=nowarn", "-"], env, stdin: patch, ...code });
    }
    const staged = await runGitCommand({
      cwd,
      args: ["diff", "--cached", "--quiet", ...(head ? [head] : [])],
      env,
      okExitCodes: [1],
    });
    if (staged.exitCode === 0) return { outcome: "nothing_to_commit", output: "" };
    const messageFile = path.join(folder, "message");
    await writeFile(messageFile, input.message);
    const committed = await runGitCommand({
      cwd,
      args: ["commit", "-q", "--cleanup=strip", "-F", messageFile],
      env,
      timeoutMs: input.timeoutMs,
      isExitCodeChecked: false,
      extraConfig: input.runHooks ? [] : UNTRUSTED_COMMIT_CONFIG,
      ...code,
    });
    const output = `${committed.stdout.toString("utf8")}${committed.stderr}`.trim();
    if (committed.isTimedOut) return { outcome: "timed_out", output };
    if (committed.exitCode !== 0) return { outcome: "hook_failed", output };
    const commit = await readHead(cwd);
    const committedPaths = [...input.paths, ...input.patches.map((patch) => patch.path)];
    await writeFile(pathList, Buffer.concat(committedPaths.map((token) => Buffer.from(toPathspecFileEntry(token)))));
    const indexWarning = await resetCommittedPaths({ cwd, pathList, hasPaths: committedPaths.length > 0 });
    return { outcome: "committed", commit: commit ?? "", output, indexWarning };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

async function readHead(cwd: string): Promise<string | null> {
  const result = await runGitCommand({
    cwd,
    args: ["rev-parse", "--verify", "-q", "HEAD^{commit}"],
    isExitCodeChecked: false,
  });
  return result.exitCode === 0 ? result.stdout.toString("utf8").trim() : null;
}

/** The real index takes the new commit's version of the committed paths; a failure is reported, not thrown. */
async function resetCommittedPaths(input: {
  cwd: string;
  pathList: string;
  hasPaths: boolean;
}): Promise<string | null> {
  if (!input.hasPaths) return null;
  try {
    await runGit({
      cwd: input.cwd,
      args: ["reset", "-q", `--pathspec-from-file=${input.pathList}`, "--pathspec-file-nul"],
    });
    return null;
  } catch (error) {
    return `The commit was made, but the index could not be updated for the committed files (${error instanceof Error ? error.message : String(error)}); \`git status\` may show them as staged until you run \`git reset\` on them.`;
  }
}
