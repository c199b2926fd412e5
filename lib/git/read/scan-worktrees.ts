import { realpath } from "node:fs/promises";
import { isAbsolute } from "node:path";
import { AppError } from "@/lib/errors/app-error.ts";
import { buildWorktreeScan } from "@/lib/git/parse/build-worktree-scan.ts";
import { listWorktreeEntries } from "./list-worktree-entries.ts";
import type { WorktreeListEntry } from "@/lib/git/parse/parse-worktree-list.ts";
import { readHeadCommits } from "./read-head-commits.ts";
import { readPathKind } from "./read-path-kind.ts";
import { readWorktreeEntryFromFiles } from "./read-worktree-entry-from-files.ts";
import { readStatusState, readWorktreeState } from "./read-worktree-state.ts";
import { openRepository } from "./resolve-repository.ts";
import { runWithConcurrency } from "@/lib/git/run-with-concurrency.ts";
import type { RepoScan, WorktreeScan } from "@/lib/git/types.ts";

/**
 * Scans every worktree of the repository `repoPath` belongs to. Git processes: one
 * `worktree list` (in parallel with one `rev-parse`), one `status` per worktree with at most
 * `concurrency` in flight, and one batched `log` for every HEAD subject, run alongside the
 * statuses. A missing or broken worktree is reported as such; the others are still scanned.
 */
export async function scanRepoWorktrees({
  repoPath,
  concurrency = 8,
}: {
  repoPath: string;
  concurrency?: number;
}): Promise<RepoScan> {
  const { repository, entries } = await openRepository(repoPath);
  const [heads, states] = await Promise.all([
    readHeadCommits({ cwd: repoPath, revisions: entries.flatMap((entry) => (entry.head ? [entry.head] : [])) }),
    runWithConcurrency({ items: entries, limit: concurrency, task: readWorktreeState }),
  ]);
  const headsBySha = new Map(heads.map((head) => [head.sha, head]));
  return {
    repoRoot: repository.rootPath,
    commonDir: repository.commonDir,
    scannedAt: new Date().toISOString(),
    worktrees: entries.map((entry, index) =>
      buildWorktreeScan({
        entry,
        isMain: index === 0,
        state: states[index] ?? { kind: "failed", error: "no status was read" },
        head: (entry.head && headsBySha.get(entry.head)) || null,
      }),
    ),
  };
}

/**
 * Scans one worktree, given its top folder; run before each chat send. Its status is read by git,
 * its HEAD commit by a second git process in parallel only when that commit is new to Arbor
 * (readHeadCommits remembers commits), its list entry from git's files (a third process,
 * `git worktree list`, only where they are unusual). Throws not_found when the folder is gone and
 * invalid_input when it is not the top folder of a worktree.
 */
export async function scanWorktree({ worktreePath }: { worktreePath: string }): Promise<WorktreeScan> {
  await assertWorktreePath(worktreePath);
  const fromFiles = readWorktreeEntryFromFiles(worktreePath);
  // HEAD's commit id from git's files names a commit git may have described before (no process).
  const head = fromFiles ? fromFiles.entry.head : "HEAD";
  const [located, state, heads] = await Promise.all([
    fromFiles ?? locateWithGit(worktreePath),
    readStatusState({ worktreePath }),
    head === null ? [] : readHeadCommits({ cwd: worktreePath, revisions: [head] }),
  ]);
  if (!located) {
    throw new AppError(
      "invalid_input",
      `${worktreePath} is not the top folder of a worktree. Use a path listed by \`git worktree list\`, or rescan the repository.`,
    );
  }
  const { entry, isMain } = located;
  return buildWorktreeScan({
    entry,
    isMain,
    state: entry.isBare ? { kind: "bare" } : state,
    head: heads[0] ?? null,
  });
}

/** The worktree's entry in `git worktree list`, or null when the folder is not the top of one. */
async function locateWithGit(worktreePath: string): Promise<{ entry: WorktreeListEntry; isMain: boolean } | null> {
  const entries = await listWorktreeEntries({ cwd: worktreePath });
  const index = await findEntryIndex({ entries, worktreePath });
  const entry = entries[index];
  return entry ? { entry, isMain: index === 0 } : null;
}

async function assertWorktreePath(worktreePath: string): Promise<void> {
  if (!isAbsolute(worktreePath)) {
    throw new AppError(
      "invalid_input",
      `"${worktreePath}" is a relative path. Use the worktree's absolute path such as /home/you/project.`,
    );
  }
  const kind = await readPathKind(worktreePath);
  if (kind === "missing") {
    throw new AppError(
      "not_found",
      `The worktree folder ${worktreePath} no longer exists. Restore it, or run \`git worktree prune\` in the repository and rescan.`,
    );
  }
  if (kind === "file") {
    throw new AppError(
      "invalid_input",
      `${worktreePath} is a file, not a worktree folder. Use the worktree's top folder.`,
    );
  }
}

/** Git reports real paths, so a path reached through a symlink is compared by its real path. */
async function findEntryIndex({
  entries,
  worktreePath,
}: {
  entries: WorktreeListEntry[];
  worktreePath: string;
}): Promise<number> {
  const exact = entries.findIndex((entry) => entry.path === worktreePath);
  if (exact !== -1) return exact;
  const real = await realpath(worktreePath);
  return entries.findIndex((entry) => entry.path === real);
}
