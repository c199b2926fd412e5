import { lstat, readlink } from "node:fs/promises";
import path from "node:path";
import { listWorktreeEntries } from "@/lib/git/read/list-worktree-entries.ts";
import {
  CONFIG_LIST_ARGS,
  parseConfigList,
  REPOSITORY_SCOPES,
  splitConfigKey,
  type GitConfigEntry,
} from "@/lib/git/safety/parse-config-list.ts";
import { runGit } from "@/lib/git/run/run-git.ts";
import type { RepositorySources, SourceFile, SourceRole, WorktreeSources } from "./build-inspection.ts";
import type { GitHookFile } from "./describe-git.ts";
import { listFilesBelow } from "./list-files-below.ts";
import { readLoadedFile, readLoadedFolder, readRealWorktree } from "./read-loaded-file.ts";
import { readRegularFile } from "./read-source-file.ts";

/** The settings files Claude Code reads from a project's `.claude` folder (`.mcp.json` sits at the top). */
const CLAUDE_FILES: Array<{ path: string; role: SourceRole }> = [
  { path: path.join(".claude", "settings.json"), role: "settings" },
  { path: path.join(".claude", "settings.local.json"), role: "settings" },
];

/** Folders of project skills, agents and commands, whose front matter may declare hooks or tools. */
const EXTENSION_DIRS = ["skills", "agents", "commands"].map((name) => path.join(".claude", name));
const MAX_EXTENSION_FILES = 200;
const MAX_HOOK_FILES = 100;

/**
 * Reads everything a repository could run through Claude Code or git, from EVERY worktree (each
 * branch may carry other `.claude` files): settings, `.mcp.json`, skill/agent/command front
 * matter, the repository's own git config (local and worktree scope, included files too) and the
 * hooks git would run. Links are followed as Claude Code follows them (see read-loaded-file.ts): a
 * linked `.claude` or file is reported as a link AND what it leads to is read, so a change behind
 * it changes the digest. Git runs with Arbor's safety overrides (see lib/git/safety/git-safety.ts).
 */
export async function readRepositorySources(input: {
  rootPath: string;
  commonDir: string;
}): Promise<RepositorySources> {
  const entries = await listWorktreeEntries({ cwd: input.rootPath });
  const worktreePaths: string[] = [];
  for (const entry of entries) {
    if (entry.isBare) continue;
    const isFolder = await lstat(entry.path).then(
      (found) => found.isDirectory(),
      () => false,
    );
    if (isFolder) worktreePaths.push(entry.path);
  }
  const [worktrees, gitConfig] = await Promise.all([
    Promise.all(worktreePaths.map((worktree) => readWorktreeSources(worktree))),
    readGitConfig(worktreePaths),
  ]);
  const mainConfig = gitConfig.find((item) => item.worktree === worktreePaths[0])?.entries ?? [];
  return {
    rootPath: entries[0]?.path ?? input.rootPath,
    worktrees,
    gitConfig: gitConfig.map((item) => ({
      ...item,
      entries: item.entries.filter((e) => REPOSITORY_SCOPES.has(e.scope)),
    })),
    hooks: await readHooks({ commonDir: input.commonDir, mainWorktree: worktreePaths[0] ?? null, config: mainConfig }),
  };
}

async function readWorktreeSources(worktree: string): Promise<WorktreeSources> {
  const at = { worktree, realWorktree: await readRealWorktree(worktree) };
  const files: SourceFile[] = [];
  const candidates: Array<{ path: string; role: SourceRole }> = [{ path: ".mcp.json", role: "mcp" }];
  /** Reads a folder Claude Code loads files from; true when its files are to be read (through a link too). */
  const readFolder = async (dir: string): Promise<boolean> => {
    const found = await readLoadedFolder({ ...at, relativePath: dir });
    if (found === null || found === "folder") return found === "folder";
    // A plain folder inside a linked `.claude` needs no entry of its own: the link above it is reported.
    if (found.read.kind !== "folder" || found.link?.target != null) files.push({ path: dir, role: "other", ...found });
    return found.read.kind === "folder";
  };
  if (await readFolder(".claude")) {
    candidates.push(...CLAUDE_FILES);
    for (const dir of EXTENSION_DIRS) {
      if (!(await readFolder(dir))) continue;
      const below = await listFilesBelow({
        root: worktree,
        dir,
        depth: 3,
        limit: MAX_EXTENSION_FILES,
        accept: (relative) => relative.endsWith(".md"),
      });
      candidates.push(...below.map((relative) => ({ path: relative, role: "extension" as const })));
    }
  }
  for (const candidate of candidates) {
    const loaded = await readLoadedFile({ ...at, relativePath: candidate.path });
    if (loaded) files.push({ path: candidate.path, role: candidate.role, ...loaded });
  }
  return { worktree, files };
}

/**
 * The config each worktree sees. One listing in the main worktree is enough unless the
 * repository has per-worktree config or conditional includes; then every worktree is listed.
 * Relative origins are made absolute so equal entries compare equal.
 */
async function readGitConfig(worktrees: string[]): Promise<Array<{ worktree: string; entries: GitConfigEntry[] }>> {
  const [main, ...others] = worktrees;
  if (!main) return [];
  const list = async (worktree: string) =>
    parseConfigList(await runGit({ cwd: worktree, args: CONFIG_LIST_ARGS })).map((entry) => ({
      ...entry,
      originFile: entry.originFile === null ? null : path.resolve(worktree, entry.originFile),
    }));
  const mainEntries = await list(main);
  const variesPerWorktree = mainEntries.some((entry) => {
    const { section, name } = splitConfigKey(entry.key);
    return section === "includeif" || (section === "extensions" && name === "worktreeconfig");
  });
  const otherEntries = variesPerWorktree
    ? await Promise.all(others.map((worktree) => list(worktree)))
    : others.map(() => mainEntries);
  return [main, ...others].map((worktree, index) => ({
    worktree,
    entries: index === 0 ? mainEntries : (otherEntries[index - 1] ?? mainEntries),
  }));
}

/**
 * The hooks git would run: in the folder a repository-scope `core.hooksPath` names (relative to
 * the main worktree), else in `<common dir>/hooks`. A hooksPath set only in the user's own config
 * points at the user's hooks, which are not the repository's to list.
 */
async function readHooks(input: {
  commonDir: string;
  mainWorktree: string | null;
  config: GitConfigEntry[];
}): Promise<RepositorySources["hooks"]> {
  // "command" entries are Arbor's own overrides on the listing's command line (core.hooksPath=/dev/null).
  const hooksPaths = input.config.filter((entry) => {
    const { section, name } = splitConfigKey(entry.key);
    return entry.scope !== "command" && section === "core" && name === "hookspath";
  });
  const last = hooksPaths.at(-1);
  if (last && !REPOSITORY_SCOPES.has(last.scope)) return null;
  const folder = last?.value
    ? path.resolve(input.mainWorktree ?? input.commonDir, last.value)
    : path.join(input.commonDir, "hooks");
  const names = await listFilesBelow({
    root: folder,
    dir: "",
    depth: 0,
    limit: MAX_HOOK_FILES,
    accept: (name) => !name.endsWith(".sample"),
  });
  const files: GitHookFile[] = [];
  for (const name of names.filter((candidate) => !candidate.endsWith(".sample"))) {
    files.push(await readHook(path.join(folder, name)));
  }
  return { folder, files };
}

async function readHook(file: string): Promise<GitHookFile> {
  const name = path.basename(file);
  const found = await lstat(file);
  if (found.isSymbolicLink()) {
    return { name, sha256: null, isExecutable: false, linkTarget: await readlink(file), size: 0, text: null };
  }
  const read = await readRegularFile(file);
  const isExecutable = (found.mode & 0o111) !== 0;
  if (read?.kind === "text") {
    return { name, sha256: read.sha256, isExecutable, linkTarget: null, size: found.size, text: read.text };
  }
  if (read?.kind === "too-large") {
    return { name, sha256: read.sha256, isExecutable, linkTarget: null, size: read.size, text: null };
  }
  return { name, sha256: null, isExecutable, linkTarget: null, size: found.size, text: null };
}
