import { watch, type FSWatcher } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { runGitCommand } from "@/lib/git/run/run-git.ts";

/** Folders never watched inside a worktree: git's own (watched separately) and the usual dependency and build folders. */
const SKIPPED_NAMES = new Set([".git", "node_modules", ".next", ".venv", "__pycache__", ".turbo", ".cache", "target"]);
/** Past this many folders, deeper ones are not watched (the worktree still updates after runs and on focus). */
export const MAX_WATCHED_FOLDERS = 4000;
const QUIET_MS = 200;
const MAX_WAIT_MS = 1500;

export interface FolderWatch {
  /** Folders watched right now. */
  count(): number;
  close(): void;
}

/**
 * Watches a worktree's folders and its git dirs with inotify (one non-recursive `fs.watch` per
 * folder, so ignored folders such as node_modules cost nothing) and calls `onChange` once things
 * have been quiet for 200 ms (at most 1.5 s after the first change). Folders created later are
 * watched too unless git ignores them. Nothing polls: with no change, nothing runs.
 */
export async function watchWorktreeFolders(input: {
  worktreePath: string;
  gitDirs: string[];
  onChange: () => void;
}): Promise<FolderWatch> {
  const watchers = new Map<string, FSWatcher>();
  let isClosed = false;
  let quietTimer: NodeJS.Timeout | null = null;
  let firstChangeAt = 0;

  const fire = () => {
    quietTimer = null;
    firstChangeAt = 0;
    if (!isClosed) input.onChange();
  };
  const noteChange = () => {
    if (isClosed) return;
    const now = Date.now();
    if (firstChangeAt === 0) firstChangeAt = now;
    if (quietTimer) clearTimeout(quietTimer);
    const wait = Math.max(0, Math.min(QUIET_MS, firstChangeAt + MAX_WAIT_MS - now));
    quietTimer = setTimeout(fire, wait);
  };

  const add = (folder: string, onEntry?: (name: string) => void) => {
    if (isClosed || watchers.has(folder) || watchers.size >= MAX_WATCHED_FOLDERS) return;
    try {
      const watcher = watch(folder, { persistent: false }, (_event, name) => {
        noteChange();
        if (name && onEntry) onEntry(name.toString());
      });
      watcher.on("error", () => remove(folder));
      watchers.set(folder, watcher);
    } catch {
      // Gone already, or not readable: nothing to watch there.
    }
  };
  const remove = (folder: string) => {
    for (const [watched, watcher] of watchers) {
      if (watched === folder || watched.startsWith(`${folder}${path.sep}`)) {
        watcher.close();
        watchers.delete(watched);
      }
    }
  };

  const ignored = await listIgnoredFolders(input.worktreePath);
  const onWorktreeEntry = (folder: string) => (name: string) => {
    const child = path.join(folder, name);
    void stat(child).then(
      async (info) => {
        if (!info.isDirectory() || SKIPPED_NAMES.has(name) || (await isIgnored(input.worktreePath, child))) return;
        await walk(child);
      },
      () => remove(child),
    );
  };
  const walk = async (folder: string): Promise<void> => {
    add(folder, onWorktreeEntry(folder));
    let entries;
    try {
      entries = await readdir(folder, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (!entry.isDirectory() || SKIPPED_NAMES.has(entry.name)) continue;
      const child = path.join(folder, entry.name);
      if (ignored.has(child)) continue;
      await walk(child);
    }
  };

  // Git dirs: HEAD, the index (a commit, `git add`), merge state; branch heads in refs/heads/**.
  const walkRefs = async (folder: string): Promise<void> => {
    add(folder);
    const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) if (entry.isDirectory()) await walkRefs(path.join(folder, entry.name));
  };
  for (const gitDir of input.gitDirs) {
    add(gitDir);
    await walkRefs(path.join(gitDir, "refs", "heads"));
  }
  await walk(input.worktreePath);
  return {
    count: () => watchers.size,
    close() {
      isClosed = true;
      if (quietTimer) clearTimeout(quietTimer);
      for (const watcher of watchers.values()) watcher.close();
      watchers.clear();
    },
  };
}

/** Ignored folders that have nothing tracked in them (`git ls-files --directory` prints them once, with a `/`). */
async function listIgnoredFolders(worktreePath: string): Promise<Set<string>> {
  try {
    const result = await runGitCommand({
      cwd: worktreePath,
      args: ["ls-files", "-z", "--others", "--ignored", "--exclude-standard", "--directory"],
    });
    const folders = new Set<string>();
    for (const entry of result.stdout.toString("utf8").split("\0")) {
      if (entry.endsWith("/")) folders.add(path.join(worktreePath, entry.slice(0, -1)));
    }
    return folders;
  } catch {
    return new Set();
  }
}

async function isIgnored(worktreePath: string, folder: string): Promise<boolean> {
  const relative = path.relative(worktreePath, folder);
  if (relative.startsWith("..") || path.isAbsolute(relative)) return true;
  try {
    const result = await runGitCommand({
      cwd: worktreePath,
      args: ["check-ignore", "-q", "--", relative],
      okExitCodes: [1],
    });
    return result.exitCode === 0;
  } catch {
    return false;
  }
}
