import { mkdir, open, readFile, rm, stat, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { stampFile } from "@/lib/git/file-stamp.ts";
import { copyIndexFile } from "./copy-index.ts";

/** A lock older than this was left by a process that died (a checkpoint's git commands stop after 2 minutes each). */
const STALE_LOCK_MS = 10 * 60 * 1000;
/** The kept index is started again from the worktree's own index at least this often (see below). */
const MAX_SEED_AGE_MS = 24 * 60 * 60 * 1000;

/** The kept index of one worktree, held by one checkpoint at a time. */
export interface CheckpointIndexLease {
  /** The index file to give git as GIT_INDEX_FILE. */
  index: string;
  /** The worktree's own index (only ever read). */
  realIndex: string;
  /**
   * Makes the kept index ready: started again from a copy of the worktree's index when it has
   * none yet, when the worktree's index changed since (a commit, `git add`, a checkout) or when
   * it is a day old. `isCopied`: it was copied now; `hasRemovals`: since it was copied, `add -A`
   * took out entries (files deleted), so it may track fewer files than the worktree's index;
   * `verified`: what noteVerified last recorded since it was copied (null when nothing).
   */
  prepare(): Promise<{ isCopied: boolean; hasRemovals: boolean; verified: string | null }>;
  /** Records that `add -A` took entries out of the kept index (until it is copied again). */
  noteRemovals(): Promise<void>;
  /** Records a fact about the kept index that holds until it is copied again (write-worktree-tree.ts). */
  noteVerified(verified: string): Promise<void>;
  /** Starts the kept index again from a copy of the worktree's index. */
  reseed(): Promise<void>;
  release(): Promise<void>;
}

/**
 * Arbor keeps one index per worktree (`<git dir>/arbor/checkpoint-index`) so `git add -A` re-reads
 * only files whose stat changed and `write-tree` reuses known trees; the worktree's index is only
 * copied from. The lease is a lock file created exclusively beside it: null when another checkpoint
 * holds it (or the git dir is read-only), and the caller then uses a one-off copy, never waiting.
 */
export async function leaseCheckpointIndex(gitDir: string): Promise<CheckpointIndexLease | null> {
  const folder = path.join(gitDir, "arbor");
  const index = path.join(folder, "checkpoint-index");
  const lock = `${index}.arbor-lock`;
  const seedFile = `${index}.seed`;
  const verifiedFile = `${index}.verified`;
  const realIndex = path.join(gitDir, "index");
  if (!(await takeLock({ folder, lock }))) return null;
  // Holding the lock, no git command of ours is writing the kept index: a git lock file left
  // beside it was left by a killed command and would make the next `git add` fail.
  await rm(`${index}.lock`, { force: true });
  const reseed = async () => {
    const stamp = stampFile(realIndex);
    await Promise.all([rm(seedFile, { force: true }), rm(verifiedFile, { force: true })]);
    if (stamp === "-") await rm(index, { force: true });
    else await copyIndexFile(realIndex, index);
    await writeFile(seedFile, `${stamp}\n${Date.now()}\n`);
  };
  return {
    index,
    realIndex,
    reseed,
    async prepare() {
      const [stamp, kept] = [stampFile(realIndex), stampFile(index)];
      const [seed, verified] = await Promise.all([
        readFile(seedFile, "utf8").catch(() => ""),
        readFile(verifiedFile, "utf8").catch(() => null),
      ]);
      const [seededStamp, seededAt, removals] = seed.split("\n");
      const isFresh = Date.now() - Number(seededAt) < MAX_SEED_AGE_MS;
      if (seededStamp === stamp && isFresh && (kept !== "-" || stamp === "-")) {
        return { isCopied: false, hasRemovals: removals === "removals", verified };
      }
      await reseed();
      return { isCopied: true, hasRemovals: false, verified: null };
    },
    async noteVerified(verified) {
      await writeFile(verifiedFile, verified);
    },
    async noteRemovals() {
      const seed = await readFile(seedFile, "utf8").catch(() => "");
      const [seededStamp = "", seededAt = ""] = seed.split("\n");
      if (seededStamp) await writeFile(seedFile, `${seededStamp}\n${seededAt}\nremovals\n`);
    },
    async release() {
      await unlink(lock).catch(() => {});
    },
  };
}

async function takeLock({ folder, lock }: { folder: string; lock: string }): Promise<boolean> {
  try {
    await mkdir(folder, { recursive: true });
  } catch {
    return false;
  }
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const handle = await open(lock, "wx");
      await handle.writeFile(String(process.pid));
      await handle.close();
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") return false;
      const age = await stat(lock).then(
        (found) => Date.now() - found.mtimeMs,
        () => STALE_LOCK_MS,
      );
      if (age < STALE_LOCK_MS) return false;
      await unlink(lock).catch(() => {});
    }
  }
  return false;
}
