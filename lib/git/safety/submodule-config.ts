import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { getProcessHost } from "@/lib/process-host/current-process-host.ts";
import { buildGitSafetyOptions } from "./git-safety.ts";
import { parseConfigList, type GitConfigEntry } from "./parse-config-list.ts";
import { runWithConcurrency } from "@/lib/git/run-with-concurrency.ts";
import { childEnv } from "@/lib/process-host/child-env-source.ts";

/** Deep enough for submodules of submodules named with a few slashes. */
const MAX_DEPTH = 12;

export interface SubmoduleConfig {
  /** Every entry of the submodules' own config files (scope `local`). */
  entries: GitConfigEntry[];
  /** The folders walked and the config files read, whose change means a new read. */
  files: string[];
}

/**
 * The config of the submodules a worktree has checked out, from their git dirs under
 * `<git dir>/modules` (nested submodules under theirs). A git the user or Claude runs in the
 * worktree starts git in them (`status` asks each whether it is dirty, `fetch` and `submodule
 * update` work inside them), so their programs are the repository's too. A submodule whose git
 * dir sits in its own folder (a `.git` folder, not absorbed) is not found here.
 */
export async function readSubmoduleConfig(gitDir: string): Promise<SubmoduleConfig> {
  const gitDirs: string[] = [];
  const walked: string[] = [];
  await findGitDirs({ dir: path.join(gitDir, "modules"), depth: 0, gitDirs, walked });
  const listed = await runWithConcurrency({ items: gitDirs, limit: 4, task: listLocalConfig });
  return {
    entries: listed.flat(),
    files: [...walked, ...gitDirs.map((dir) => path.join(dir, "config"))],
  };
}

async function findGitDirs(input: { dir: string; depth: number; gitDirs: string[]; walked: string[] }) {
  if (input.depth > MAX_DEPTH) return;
  const children = await readdir(input.dir, { withFileTypes: true }).catch(() => null);
  if (!children) return;
  input.walked.push(input.dir);
  for (const child of children) {
    if (!child.isDirectory()) continue;
    const dir = path.join(input.dir, child.name);
    const isGitDir = await stat(path.join(dir, "HEAD")).then(
      (found) => found.isFile(),
      () => false,
    );
    if (isGitDir) input.gitDirs.push(dir);
    await findGitDirs({ ...input, dir: isGitDir ? path.join(dir, "modules") : dir, depth: input.depth + 1 });
  }
}

/** A submodule's own config (and what it includes); none when git cannot read it. */
async function listLocalConfig(gitDir: string): Promise<GitConfigEntry[]> {
  const options = buildGitSafetyOptions({ allowRepositoryCode: false });
  const args = ["--no-optional-locks", ...options, `--git-dir=${gitDir}`, "config", "--local", "--includes"];
  try {
    return parseConfigList(
      await getProcessHost().git([...args, "--list", "--show-scope", "--show-origin", "-z"], childEnv("git")),
    );
  } catch {
    return [];
  }
}
