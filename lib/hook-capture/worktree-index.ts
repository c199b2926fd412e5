import { realpath } from "node:fs/promises";
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
  if (age < TTL_MS && !(options.isMiss && age > 1000)) return state.worktrees;
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
