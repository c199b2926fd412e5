import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const OBJECT_ID = /^[0-9a-f]{40}([0-9a-f]{24})?$/;

/** What a HEAD file says: a commit (detached), a branch ref, or something only git should read. */
export function parseHeadFile(text: string): { commit: string } | { ref: string } | null {
  const line = text.trim();
  if (OBJECT_ID.test(line)) return { commit: line };
  const match = /^ref: (refs\/heads\/[^\s]+)$/.exec(line);
  return match ? { ref: match[1]! } : null;
}

/** The commit `ref` has in a packed-refs file, or null when it is not there. */
export function findPackedRef(packedRefs: string, ref: string): string | null {
  return parsePackedRefs(packedRefs).get(ref) ?? null;
}

/**
 * HEAD's commit read from the git dir's own files, as `git rev-parse HEAD` would give it in the
 * common layouts (a detached HEAD, a branch as a loose or a packed ref, an unborn branch: null),
 * saving a git process where every millisecond counts (a checkpoint at each end of a run).
 * `undefined` means "ask git": a reftable repository, a symbolic ref, anything unusual.
 */
export function readHeadFromFiles(gitDir: string): string | null | undefined {
  try {
    const head = parseHeadFile(readFileSync(path.join(gitDir, "HEAD"), "utf8"));
    if (!head) return undefined;
    if ("commit" in head) return head.commit;
    return readRefFromFiles(readCommonDir(gitDir), head.ref);
  } catch {
    return undefined;
  }
}

/**
 * The commit a branch ref (`refs/heads/x`) names, read from the common dir's files as git would:
 * the loose ref, else packed-refs; null when neither has it (no such branch, or unborn).
 * `undefined` means "ask git": a reftable repository, a symbolic or malformed ref, a read error.
 * The reads are synchronous, as in every reader here: a few small files of the git dir cost less
 * than as many trips through the thread pool, and are often answered before one would start.
 */
export function readRefFromFiles(commonDir: string, ref: string): string | null | undefined {
  try {
    if (existsSync(path.join(commonDir, "reftable"))) return undefined;
    return readBranchRef(commonDir, ref, () => readPackedRefs(commonDir));
  } catch {
    return undefined;
  }
}

/**
 * The commits of several branches (`names`, without `refs/heads/`) and of the branch origin/HEAD
 * points at (`originHead`), from the common dir's files as git would read them (packed-refs parsed
 * once): a branch that does not exist is left out of `heads`. `undefined` means "ask git", as for
 * readRefFromFiles. One `for-each-ref` less where a reader needs a few dozen branches.
 */
export function readBranchHeadsFromFiles(
  commonDir: string,
  names: readonly string[],
): { heads: Map<string, string>; originHead: string | null } | undefined {
  try {
    if (existsSync(path.join(commonDir, "reftable"))) return undefined;
    // A symbolic ref is never packed: no loose file, no origin/HEAD.
    const originFile = readOrNull(path.join(commonDir, "refs/remotes/origin/HEAD"), ["ENOENT", "ENOTDIR"]) ?? "";
    const originHead = /^ref: refs\/remotes\/origin\/(\S+)\s*$/.exec(originFile)?.[1] ?? null;
    let packed: Map<string, string | null> | null = null;
    const heads = new Map<string, string>();
    for (const name of new Set(originHead ? [originHead, ...names] : names)) {
      const id = readBranchRef(commonDir, `refs/heads/${name}`, () => (packed ??= readPackedRefs(commonDir)));
      if (id === undefined) return undefined;
      if (id !== null) heads.set(name, id);
    }
    return { heads, originHead };
  } catch {
    return undefined;
  }
}

/**
 * readBranchHeadsFromFiles for a repository's root folder, when its git dir is a plain `.git`
 * folder (its own common dir); `undefined` otherwise (a gitfile: ask git).
 */
export function readRepoBranchHeads(
  repoRoot: string,
  names: readonly string[],
): { heads: Map<string, string>; originHead: string | null } | undefined {
  const gitDir = path.join(repoRoot, ".git");
  return statSync(gitDir, { throwIfNoEntry: false })?.isDirectory()
    ? readBranchHeadsFromFiles(gitDir, names)
    : undefined;
}

/** One branch ref: its loose file, else its packed line (`packed` reads packed-refs when first needed). */
function readBranchRef(
  commonDir: string,
  ref: string,
  packed: () => Map<string, string | null>,
): string | null | undefined {
  if (!/^refs\/heads\/[^\s]+$/.test(ref) || ref.split("/").includes("..")) return undefined;
  const loose = readOrNull(path.join(commonDir, ref), ["ENOENT", "ENOTDIR"]);
  if (loose !== null) {
    const id = loose.trim();
    return OBJECT_ID.test(id) ? id : undefined;
  }
  const id = packed().get(ref);
  return id === undefined ? null : (id ?? undefined);
}

function readPackedRefs(commonDir: string): Map<string, string | null> {
  return parsePackedRefs(readOrNull(path.join(commonDir, "packed-refs"), ["ENOENT"]) ?? "");
}

/** packed-refs as ref → commit; null for a ref whose id is not one (git should read it). */
function parsePackedRefs(packedRefs: string): Map<string, string | null> {
  const refs = new Map<string, string | null>();
  for (const line of packedRefs.split("\n")) {
    if (line.startsWith("#") || line.startsWith("^")) continue;
    const space = line.indexOf(" ");
    if (space <= 0) continue;
    const id = line.slice(0, space);
    refs.set(line.slice(space + 1).trimEnd(), OBJECT_ID.test(id) ? id : null);
  }
  return refs;
}

/** A linked worktree's git dir names the repository's common dir in `commondir`; a main one is its own. */
export function readCommonDir(gitDir: string): string {
  try {
    return path.resolve(gitDir, readFileSync(path.join(gitDir, "commondir"), "utf8").trim());
  } catch {
    return gitDir;
  }
}

/** A file's text, or null when it fails with one of `missing` (any other error is thrown). */
function readOrNull(file: string, missing: string[]): string | null {
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    if (missing.includes((error as NodeJS.ErrnoException).code ?? "")) return null;
    throw error;
  }
}
