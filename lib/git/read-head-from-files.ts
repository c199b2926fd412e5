import { readFile, stat } from "node:fs/promises";
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
  for (const line of packedRefs.split("\n")) {
    if (line.startsWith("#") || line.startsWith("^")) continue;
    const space = line.indexOf(" ");
    if (space > 0 && line.slice(space + 1).trimEnd() === ref) {
      const id = line.slice(0, space);
      return OBJECT_ID.test(id) ? id : null;
    }
  }
  return null;
}

/**
 * HEAD's commit read from the git dir's own files, as `git rev-parse HEAD` would give it in the
 * common layouts (a detached HEAD, a branch as a loose or a packed ref, an unborn branch: null),
 * saving a git process where every millisecond counts (a checkpoint at each end of a run).
 * `undefined` means "ask git": a reftable repository, a symbolic ref, anything unusual.
 */
export async function readHeadFromFiles(gitDir: string): Promise<string | null | undefined> {
  try {
    const head = parseHeadFile(await readFile(path.join(gitDir, "HEAD"), "utf8"));
    if (!head) return undefined;
    if ("commit" in head) return head.commit;
    return await readRefFromFiles(await readCommonDir(gitDir), head.ref);
  } catch {
    return undefined;
  }
}

/**
 * The commit a branch ref (`refs/heads/x`) names, read from the common dir's files as git would:
 * the loose ref, else packed-refs; null when neither has it (no such branch, or unborn).
 * `undefined` means "ask git": a reftable repository, a symbolic or malformed ref, a read error.
 */
export async function readRefFromFiles(commonDir: string, ref: string): Promise<string | null | undefined> {
  try {
    if (!/^refs\/heads\/[^\s]+$/.test(ref) || ref.split("/").includes("..")) return undefined;
    if (await exists(path.join(commonDir, "reftable"))) return undefined;
    const loose = await readFile(path.join(commonDir, ref), "utf8").catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT" || error.code === "ENOTDIR") return null;
      throw error;
    });
    if (loose !== null) {
      const id = loose.trim();
      return OBJECT_ID.test(id) ? id : undefined;
    }
    const packed = await readFile(path.join(commonDir, "packed-refs"), "utf8").catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return "";
      throw error;
    });
    return findPackedRef(packed, ref);
  } catch {
    return undefined;
  }
}

/** A linked worktree's git dir names the repository's common dir in `commondir`; a main one is its own. */
export async function readCommonDir(gitDir: string): Promise<string> {
  try {
    return path.resolve(gitDir, (await readFile(path.join(gitDir, "commondir"), "utf8")).trim());
  } catch {
    return gitDir;
  }
}

async function exists(target: string): Promise<boolean> {
  try {
    await stat(target);
    return true;
  } catch {
    return false;
  }
}
