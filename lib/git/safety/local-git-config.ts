import { lstat, readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { stampFiles } from "@/lib/git/file-stamp.ts";
import { childEnv } from "@/lib/process-host/child-env-source.ts";
import { getProcessHost } from "@/lib/process-host/current-process-host.ts";
import { defineAttachedState } from "@/lib/runtime/attached-state.ts";
import { buildGitSafetyOptions } from "./git-safety.ts";
import { neutralizeRepositoryPrograms, type ConfigOverride } from "./repository-programs.ts";
import { readSubmoduleConfig } from "./submodule-config.ts";
import {
  CONFIG_LIST_ARGS,
  listRepositoryFilterNames,
  parseConfigList,
  readGitBoolean,
  REPOSITORY_SCOPES,
  splitConfigKey,
  type GitConfigEntry,
} from "./parse-config-list.ts";

interface CachedFilterNames {
  /** The config files (and would-be files) git reads for this folder. */
  files: string[];
  /** Their inode, size and times when the names were read ("-" for a missing file). */
  stamp: string;
  names: string[];
  /** The `merge.<name>.driver` names of the same scopes (see neutral-merge-drivers.ts). */
  mergeDriverNames: string[];
  /** What keeps the programs that config names from running (see repository-programs.ts). */
  overrides: ConfigOverride[];
  /** The settings among them that no override can take back. */
  refused: string[];
  /** The entries of the repository's own scopes (local, worktree), for checks of their own (a push's). */
  repositoryEntries: GitConfigEntry[];
  isMergeRenormalized: boolean;
}

/** What Arbor's git needs to know of a folder's repository config, read once while its files are unchanged. */
export interface RepositoryConfigFacts {
  filterNames: string[];
  /** null when git could not list the config (the caller then asks git itself, so a failure is reported). */
  mergeDriverNames: string[] | null;
  /** repository-programs.ts's overrides, and the settings it could not neutralize. */
  overrides: ConfigOverride[];
  refused: string[];
  repositoryEntries: GitConfigEntry[];
  /**
   * Whether a merge renormalizes (`merge.renormalize`, any scope): merge-ort then reads the root
   * `.gitattributes` of the commits it merges. null when git could not list the config.
   */
  isMergeRenormalized: boolean | null;
}

const MAX_CACHED_FOLDERS = 2000;

/** Kept on the process host whose git answered (ctx.processHost), shared by both copies of lib/. */
const localGitConfigState = defineAttachedState(
  "processHost.localGitConfig",
  () => new Map<string, CachedFilterNames>(),
);

/**
 * The filter driver names the repository config of `cwd` defines (local and worktree scope,
 * included files too), for git-safety.ts to switch off. Listing the config costs a git process,
 * so the answer is kept per folder and reused while none of the files git reads for it changed
 * (inode, size, mtime and ctime of the config files, each included file and each include target,
 * even one that does not exist yet). A folder that is not the top of a worktree is listed every time.
 */
export async function readRepositoryFilterNames(cwd: string): Promise<string[]> {
  return (await readRepositoryConfigNames(cwd)).filterNames;
}

/**
 * readRepositoryFilterNames plus the merge driver names, the overrides that keep the repository's
 * programs from running (and what none can) and the repository's own entries, from the same
 * cached read.
 */
export async function readRepositoryConfigNames(cwd: string): Promise<RepositoryConfigFacts> {
  const cache = localGitConfigState.get(getProcessHost());
  const cached = cache.get(cwd);
  // Checked synchronously: a handful of stat calls cost less than one trip through the thread
  // pool, and every git command waits for this answer before it starts.
  if (cached && stampFiles(cached.files) === cached.stamp)
    return {
      filterNames: cached.names,
      mergeDriverNames: cached.mergeDriverNames,
      overrides: cached.overrides,
      refused: cached.refused,
      repositoryEntries: cached.repositoryEntries,
      isMergeRenormalized: cached.isMergeRenormalized,
    };
  const base = await listBaseConfigFiles(cwd);
  const baseFiles = base?.files ?? null;
  const baseBefore = baseFiles ? stampFiles(baseFiles) : null;
  const [listed, submodules] = await Promise.all([
    listConfigEntries(cwd),
    base ? readSubmoduleConfig(base.gitDir) : { entries: [], files: [] },
  ]);
  const entries = listed ?? [];
  const facts: RepositoryConfigFacts = {
    filterNames: listRepositoryFilterNames(entries),
    mergeDriverNames: listed ? listMergeDriverNames(listed) : null,
    // The submodules' programs too: a git in this worktree starts git in them. Only for these:
    // their other settings (a proxy, a merge driver) are not this repository's own.
    ...neutralizeRepositoryPrograms([...entries, ...submodules.entries]),
    repositoryEntries: entries.filter((entry) => REPOSITORY_SCOPES.has(entry.scope)),
    isMergeRenormalized: listed ? readGitBoolean(listed, "merge.renormalize") : null,
  };
  if (!listed || !baseFiles || baseBefore !== stampFiles(baseFiles)) return facts;
  const files = [
    ...new Set([
      ...baseFiles,
      ...submodules.files,
      ...listEntryFiles({ cwd, entries: [...entries, ...submodules.entries] }),
    ]),
  ];
  if (cache.size >= MAX_CACHED_FOLDERS) cache.clear();
  cache.set(cwd, {
    files,
    stamp: stampFiles(files),
    names: facts.filterNames,
    mergeDriverNames: facts.mergeDriverNames ?? [],
    overrides: facts.overrides,
    refused: facts.refused,
    repositoryEntries: facts.repositoryEntries,
    isMergeRenormalized: facts.isMergeRenormalized ?? false,
  });
  return facts;
}

function listMergeDriverNames(entries: readonly GitConfigEntry[]): string[] {
  const names = new Set<string>();
  for (const entry of entries) {
    if (!REPOSITORY_SCOPES.has(entry.scope)) continue;
    const { section, subsection, name } = splitConfigKey(entry.key);
    if (section === "merge" && subsection !== null && name === "driver") names.add(subsection);
  }
  return [...names].sort();
}

/** Every config entry git sees in `cwd`; null when git cannot read them (the real command will say why). */
async function listConfigEntries(cwd: string): Promise<GitConfigEntry[] | null> {
  const options = buildGitSafetyOptions({ allowRepositoryCode: false });
  try {
    return parseConfigList(
      await getProcessHost().git(["--no-optional-locks", ...options, "-C", cwd, ...CONFIG_LIST_ARGS], childEnv("git")),
    );
  } catch {
    return null;
  }
}

/**
 * The `.git` entry of the worktree at `cwd`, its git dir, and the config files git reads through
 * it: the repository's `config` and the per-worktree `config.worktree`. Null when `cwd` has no
 * `.git`.
 */
async function listBaseConfigFiles(cwd: string): Promise<{ files: string[]; gitDir: string } | null> {
  const dotGit = path.join(cwd, ".git");
  const kind = await lstat(dotGit).then(
    (found) => (found.isDirectory() ? "dir" : found.isFile() ? "file" : null),
    () => null,
  );
  if (!kind) return null;
  const gitDir = kind === "dir" ? dotGit : await readGitDirPointer({ cwd, dotGit });
  if (!gitDir) return null;
  const commonDir = await readFile(path.join(gitDir, "commondir"), "utf8").then(
    (text) => path.resolve(gitDir, text.trim()),
    () => gitDir,
  );
  const files = [gitDir, commonDir].flatMap((dir) => [path.join(dir, "config"), path.join(dir, "config.worktree")]);
  return { files: [dotGit, ...files], gitDir };
}

async function readGitDirPointer({ cwd, dotGit }: { cwd: string; dotGit: string }): Promise<string | null> {
  const text = await readFile(dotGit, "utf8").catch(() => "");
  const match = /^gitdir: (.+)$/m.exec(text);
  return match?.[1] ? path.resolve(cwd, match[1].trim()) : null;
}

/** Files the repository's entries came from, and every file its include.path / includeIf.*.path names. */
function listEntryFiles({ cwd, entries }: { cwd: string; entries: GitConfigEntry[] }): string[] {
  const files: string[] = [];
  for (const entry of entries) {
    if (!REPOSITORY_SCOPES.has(entry.scope) || entry.originFile === null) continue;
    const origin = path.resolve(cwd, entry.originFile);
    files.push(origin);
    const { section, name } = splitConfigKey(entry.key);
    if ((section === "include" || section === "includeif") && name === "path" && entry.value) {
      const target = entry.value.startsWith("~/") ? path.join(os.homedir(), entry.value.slice(2)) : entry.value;
      files.push(path.resolve(path.dirname(origin), target));
    }
  }
  return files;
}
