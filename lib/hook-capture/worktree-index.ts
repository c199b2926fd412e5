import { existsSync } from "node:fs";
import { realpath } from "node:fs/promises";
import path from "node:path";
import { matchWorktree } from "../hooks/match-worktree.ts";
import type { Db } from "../db/client.ts";
import { scanRepoWorktrees } from "../git/scan-worktrees.ts";
import { processSingleton } from "../runtime/process-singleton.ts";

export interface IndexedWorktree {
  repoId: string;
  /** Real path: hook `cwd`s are real paths, so symlinked pins still match. */
  path: string;
  /** The path as git lists it (what the chat uses). */
  listedPath: string;
}

const TTL_MS = 15_000;
const MIN_REBUILD_GAP_MS = 100;
const NEGATIVE_TTL_MS = 15_000;

interface IndexState {
  worktrees: IndexedWorktree[];
  builtAt: number;
  building: Promise<IndexedWorktree[]> | null;
}

/**
 * The worktrees of every pinned repository, used to place each hook event. Rebuilt at most
 * every 15 s (or on demand when an event's cwd is not found), so ingest does not scan git
 * per event.
 */
export async function listIndexedWorktrees(db: Db, options: { isMiss?: boolean } = {}): Promise<IndexedWorktree[]> {
  const state = processSingleton<IndexState>("worktree-index", () => ({ worktrees: [], builtAt: 0, building: null }));
  const age = Date.now() - state.builtAt;
  if (age < TTL_MS && !(options.isMiss && age > MIN_REBUILD_GAP_MS)) return state.worktrees;
  state.building ??= buildIndex(db).finally(() => {
    state.building = null;
  });
  state.worktrees = await state.building;
  state.builtAt = Date.now();
  return state.worktrees;
}

/** Forget the index (after a pin was added or removed). */
export function invalidateWorktreeIndex(): void {
  processSingleton<IndexState>("worktree-index", () => ({ worktrees: [], builtAt: 0, building: null })).builtAt = 0;
  processSingleton("worktree-index-misses", () => new Map<string, number>()).clear();
}

async function buildIndex(db: Db): Promise<IndexedWorktree[]> {
  const repos = await db.repo.findMany({ where: { pins: { some: {} } } });
  const lists = await Promise.all(
    repos.map(async (repo) => {
      try {
        const scan = await scanRepoWorktrees({ repoPath: repo.rootPath });
        return Promise.all(
          scan.worktrees
            .filter((worktree) => !worktree.isMissing && !worktree.isBare)
            .map(async (worktree) => ({ repoId: repo.id, listedPath: worktree.path, path: await realpath(worktree.path).catch(() => worktree.path) })),
        );
      } catch (error) {
        console.warn(`[arbor] could not scan ${repo.rootPath} for hook matching: ${(error as Error).message}`);
        return [];
      }
    }),
  );
  return lists.flat();
}

/**
 * The pinned worktree a hook's cwd belongs to, or null. A cwd inside a git worktree that the
 * index does not know yet (just created in a terminal) triggers one rebuild; a cwd that is in no
 * git worktree never does, and a worktree found to be outside every pinned repository is
 * remembered for a while, so forged or foreign cwds cannot make Arbor rescan on every event.
 */
export async function findWorktreeForCwd(db: Db, cwd: string): Promise<IndexedWorktree | null> {
  const found = matchWorktree({ cwd, worktrees: await listIndexedWorktrees(db) });
  if (found) return found;
  const root = findGitWorktreeRoot(cwd);
  if (!root) return null;
  const negative = processSingleton("worktree-index-misses", () => new Map<string, number>());
  const missedAt = negative.get(root);
  if (missedAt !== undefined && Date.now() - missedAt < NEGATIVE_TTL_MS) return null;
  const rebuilt = matchWorktree({ cwd, worktrees: await listIndexedWorktrees(db, { isMiss: true }) });
  if (!rebuilt) negative.set(root, Date.now());
  return rebuilt;
}

function findGitWorktreeRoot(cwd: string): string | null {
  for (let dir = path.resolve(cwd); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, ".git"))) return dir;
    if (path.dirname(dir) === dir) return null;
  }
}
