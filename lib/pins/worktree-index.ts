import { existsSync } from "node:fs";
import { realpath } from "node:fs/promises";
import path from "node:path";
import { matchWorktree } from "@/lib/hook-events/match-worktree.ts";
import type { Db } from "@/lib/db/client.ts";
import { listWorktreeEntries } from "@/lib/git/read/list-worktree-entries.ts";
import { getLocalInstance } from "@/lib/team/local-instance.ts";

export interface IndexedWorktree {
  repoId: string;
  /** Real path: hook `cwd`s are real paths, so symlinked pins still match. */
  path: string;
  /** The path as git lists it (what the chat uses). */
  listedPath: string;
}

const TTL_MS = 15_000;
const NEGATIVE_TTL_MS = 15_000;

/** Pinned worktrees for placing hook events, and recent misses: one per runtime context (lib/context). */
export interface WorktreeIndex {
  worktrees: IndexedWorktree[];
  builtAt: number;
  building: Promise<IndexedWorktree[]> | null;
  /** Directories recently found in no pinned worktree (not looked up again for a while). */
  misses: Map<string, number>;
  /** Which git worktree folder each recently seen cwd is in (null: none), so a busy session's cwd is looked up once. */
  roots: Map<string, { root: string | null; at: number }>;
}

/** Cwds remembered at most (a session's cwd rarely changes; forged ones must not grow memory). */
const MAX_REMEMBERED_CWDS = 1_000;

export function createWorktreeIndex(): WorktreeIndex {
  return { worktrees: [], builtAt: 0, building: null, misses: new Map(), roots: new Map() };
}

/** What placing a cwd touches: the database and the index. */
type IndexParts = { db: Db; worktreeIndex: WorktreeIndex };

/**
 * The worktrees of every pinned repository, used to place each hook event. Rebuilt at most
 * every 15 s (or on demand for a worktree it does not know yet), so ingest does not scan git
 * per event.
 */
export async function listIndexedWorktrees(
  { db, worktreeIndex: state }: IndexParts,
  options: { isFreshNeeded?: boolean } = {},
): Promise<IndexedWorktree[]> {
  if (Date.now() - state.builtAt < TTL_MS && !options.isFreshNeeded) return state.worktrees;
  // A fresh listing must start after the caller asked: a build already under way may predate the worktree.
  const build = options.isFreshNeeded || !state.building ? buildIndex(db) : state.building;
  if (!options.isFreshNeeded) state.building = build;
  try {
    state.worktrees = await build;
    state.builtAt = Date.now();
  } finally {
    if (state.building === build) state.building = null;
  }
  return state.worktrees;
}

/** Forget the index (after a pin was added or removed). */
export function invalidateWorktreeIndex(state: WorktreeIndex): void {
  state.builtAt = 0;
  state.misses.clear();
  state.roots.clear();
}

/** This instance's pinned repositories only: another instance's worktrees are on its machine. */
async function buildIndex(db: Db): Promise<IndexedWorktree[]> {
  const { id: instanceId } = await getLocalInstance(db);
  const repos = await db.repo.findMany({
    where: { pins: { some: {} }, OR: [{ instanceId }, { instanceId: null }] },
  });
  const lists = await Promise.all(
    repos.map(async (repo) => {
      // A pinned repository whose folder is gone has no worktrees to match (the sidebar says it is missing).
      if (!existsSync(repo.rootPath)) return [];
      try {
        // Only the list is needed (one git process per repository), not each worktree's status.
        const entries = await listWorktreeEntries({ cwd: repo.rootPath });
        return Promise.all(
          entries
            .filter((entry) => !entry.isBare && existsSync(entry.path))
            .map(async (entry) => ({
              repoId: repo.id,
              listedPath: entry.path,
              path: await realpath(entry.path).catch(() => entry.path),
            })),
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
export async function findWorktreeForCwd(parts: IndexParts, cwd: string): Promise<IndexedWorktree | null> {
  const found = matchWorktree({ cwd, worktrees: await listIndexedWorktrees(parts) });
  if (found) return found;
  const root = rememberedGitWorktreeRoot(parts.worktreeIndex, cwd);
  if (!root) return null;
  const negative = parts.worktreeIndex.misses;
  const missedAt = negative.get(root);
  if (missedAt !== undefined && Date.now() - missedAt < NEGATIVE_TTL_MS) return null;
  const rebuilt = matchWorktree({ cwd, worktrees: await listIndexedWorktrees(parts, { isFreshNeeded: true }) });
  if (!rebuilt) negative.set(root, Date.now());
  return rebuilt;
}

function rememberedGitWorktreeRoot({ roots }: WorktreeIndex, cwd: string): string | null {
  const now = Date.now();
  const known = roots.get(cwd);
  if (known && now - known.at < NEGATIVE_TTL_MS) return known.root;
  if (roots.size >= MAX_REMEMBERED_CWDS) roots.clear();
  const root = findGitWorktreeRoot(cwd);
  roots.set(cwd, { root, at: now });
  return root;
}

function findGitWorktreeRoot(cwd: string): string | null {
  for (let dir = path.resolve(cwd); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, ".git"))) return dir;
    if (path.dirname(dir) === dir) return null;
  }
}
