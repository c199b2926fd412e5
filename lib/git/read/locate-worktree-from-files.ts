import { readFileSync, realpathSync, statSync } from "node:fs";
import path from "node:path";
import { parseHeadFile, readCommonDir } from "./read-head-from-files.ts";

/** A worktree of a repository, found from the files git links worktrees with. */
export interface WorktreeFromFiles {
  /** The worktree's folder as `git worktree list` reports it. */
  path: string;
  isMain: boolean;
  /** Short branch name, or null when HEAD is detached. */
  branch: string | null;
  /** The branch checked out in the repository's main worktree, or null. */
  mainBranch: string | null;
  /** The repository's common git dir (refs, objects, `worktrees/`). */
  commonDir: string;
}

/**
 * Whether `worktreePath` is a worktree of `repoRoot`'s repository, read from git's own files without
 * a process: a linked `.git` file names `<common dir>/worktrees/<id>`, whose `gitdir` names it back
 * (real paths). `undefined` means "ask git": an unknown layout, a one-way link, an odd HEAD. Never yes
 * where git would say no. Synchronous: a dozen small reads beat as many thread-pool trips.
 */
export function locateWorktreeFromFiles(input: {
  repoRoot: string;
  worktreePath: string;
}): WorktreeFromFiles | undefined {
  try {
    const mainGitDir = path.join(input.repoRoot, ".git");
    if (!statSync(mainGitDir).isDirectory()) return undefined;
    const commonDir = realpathSync(readCommonDir(mainGitDir));
    if (commonDir !== realpathSync(mainGitDir)) return undefined;
    const mainHead = readHead(commonDir);
    if (mainHead === undefined) return undefined;
    const wanted = realpathSync(input.worktreePath);
    if (wanted === realpathSync(input.repoRoot))
      return { path: input.repoRoot, isMain: true, branch: mainHead, mainBranch: mainHead, commonDir };
    const dotGit = path.join(wanted, ".git");
    const pointer = /^gitdir: (.+)$/m.exec(readFileSync(dotGit, "utf8"))?.[1]?.trim();
    if (!pointer) return undefined;
    const gitDir = realpathSync(path.resolve(wanted, pointer));
    if (path.dirname(gitDir) !== path.join(commonDir, "worktrees")) return undefined;
    if (realpathSync(readCommonDir(gitDir)) !== commonDir) return undefined;
    const linkedBack = readFileSync(path.join(gitDir, "gitdir"), "utf8").trim();
    if (!path.isAbsolute(linkedBack) || realpathSync(linkedBack) !== realpathSync(dotGit)) return undefined;
    const branch = readHead(gitDir);
    if (branch === undefined) return undefined;
    return { path: path.dirname(linkedBack), isMain: false, branch, mainBranch: mainHead, commonDir };
  } catch {
    return undefined;
  }
}

/** The short branch name a git dir's HEAD names, null when detached, undefined when unusual. */
function readHead(gitDir: string): string | null | undefined {
  const head = parseHeadFile(readFileSync(path.join(gitDir, "HEAD"), "utf8"));
  if (!head) return undefined;
  return "ref" in head ? head.ref.slice("refs/heads/".length) : null;
}
