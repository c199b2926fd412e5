import { readFileSync, realpathSync, statSync } from "node:fs";
import path from "node:path";
import type { WorktreeListEntry } from "@/lib/git/parse/parse-worktree-list.ts";
import { parseHeadFile, readCommonDir, readHeadFromFiles } from "./read-head-from-files.ts";

/**
 * The `git worktree list` record of the worktree whose top folder is `worktreePath`, read from the
 * files git links worktrees with, and whether it is the main worktree: a scan before each send
 * saves a git process. `undefined` means "ask git": a bare or separate git dir, a link that does
 * not point back, a relative link, a reftable repository, an odd HEAD. Never an answer git would
 * not give. Synchronous, as the other readers of git's files: a few small reads.
 */
export function readWorktreeEntryFromFiles(
  worktreePath: string,
): { entry: WorktreeListEntry; isMain: boolean } | undefined {
  try {
    const top = realpathSync(worktreePath);
    const dotGit = path.join(top, ".git");
    if (statSync(dotGit).isDirectory()) return readMainEntry(dotGit);
    return readLinkedEntry(dotGit);
  } catch {
    return undefined;
  }
}

/** A main worktree: its own `.git` folder, not bare, no common dir elsewhere. */
function readMainEntry(gitDir: string): { entry: WorktreeListEntry; isMain: boolean } | undefined {
  if (realpathSync(readCommonDir(gitDir)) !== gitDir) return undefined;
  if (!isPlainConfig(readFileSync(path.join(gitDir, "config"), "utf8"))) return undefined;
  const entry = readEntry({ gitDir, worktreePath: path.dirname(gitDir) });
  return entry && { entry, isMain: true };
}

/**
 * False when the config may make git see the folder otherwise: `core.bare` not false, a
 * `core.worktree`, or an included file that might set either.
 */
function isPlainConfig(config: string): boolean {
  for (const line of config.split("\n")) {
    if (/^\s*\[\s*include/i.test(line)) return false;
    const match = /^\s*(bare|worktree)\b\s*(?:=\s*(\S*))?/i.exec(line);
    if (!match) continue;
    if (match[1]!.toLowerCase() === "worktree") return false;
    if (!["false", "no", "off", "0"].includes((match[2] ?? "").toLowerCase())) return false;
  }
  return true;
}

/** A linked worktree: `.git` names `<common dir>/worktrees/<id>`, whose `gitdir` names it back. */
function readLinkedEntry(dotGit: string): { entry: WorktreeListEntry; isMain: boolean } | undefined {
  const pointer = /^gitdir: (.+)$/m.exec(readFileSync(dotGit, "utf8"))?.[1]?.trim();
  if (!pointer) return undefined;
  const gitDir = realpathSync(path.resolve(path.dirname(dotGit), pointer));
  const commonDir = realpathSync(readCommonDir(gitDir));
  if (path.dirname(gitDir) !== path.join(commonDir, "worktrees")) return undefined;
  const linkedBack = readFileSync(path.join(gitDir, "gitdir"), "utf8").trim();
  if (!path.isAbsolute(linkedBack) || realpathSync(linkedBack) !== dotGit) return undefined;
  const entry = readEntry({ gitDir, worktreePath: path.dirname(linkedBack) });
  return entry && { entry, isMain: false };
}

function readEntry(input: { gitDir: string; worktreePath: string }): WorktreeListEntry | undefined {
  const head = parseHeadFile(readFileSync(path.join(input.gitDir, "HEAD"), "utf8"));
  const commit = readHeadFromFiles(input.gitDir);
  if (!head || commit === undefined) return undefined;
  const lockReason = readLockReason(input.gitDir);
  return {
    path: input.worktreePath,
    head: commit,
    branch: "ref" in head ? head.ref.slice("refs/heads/".length) : null,
    isBare: false,
    isDetached: "commit" in head,
    isLocked: lockReason !== undefined,
    lockReason: lockReason || null,
    isPrunable: false,
    prunableReason: null,
  };
}

/** The `locked` file's text ("" when it gives no reason), undefined when the worktree is not locked. */
function readLockReason(gitDir: string): string | undefined {
  try {
    return readFileSync(path.join(gitDir, "locked"), "utf8").trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}
