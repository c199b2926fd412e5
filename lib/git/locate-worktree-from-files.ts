import { readFile, realpath, stat } from "node:fs/promises";
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
 * Whether `worktreePath` is a worktree of the repository whose main worktree is `repoRoot`, read
 * from the files git itself lists worktrees from, without a git process: the main worktree's `.git`
 * folder is the common dir; a linked worktree's `.git` file names `<common dir>/worktrees/<id>`,
 * whose `gitdir` file names that `.git` file back. Paths are compared by real path. `undefined`
 * means "ask git" (`git worktree list`): any layout this does not recognise, a folder that is not
 * linked both ways, a HEAD that is neither a branch nor a commit. It never answers yes where git
 * would not list the worktree.
 */
export async function locateWorktreeFromFiles(input: {
  repoRoot: string;
  worktreePath: string;
}): Promise<WorktreeFromFiles | undefined> {
  try {
    const mainGitDir = path.join(input.repoRoot, ".git");
    if (!(await stat(mainGitDir)).isDirectory()) return undefined;
    const commonDir = await realpath(await readCommonDir(mainGitDir));
    if (commonDir !== (await realpath(mainGitDir))) return undefined;
    const mainHead = await readHead(commonDir);
    if (mainHead === undefined) return undefined;
    const wanted = await realpath(input.worktreePath);
    if (wanted === (await realpath(input.repoRoot)))
      return { path: input.repoRoot, isMain: true, branch: mainHead, mainBranch: mainHead, commonDir };
    const dotGit = path.join(wanted, ".git");
    const pointer = /^gitdir: (.+)$/m.exec(await readFile(dotGit, "utf8"))?.[1]?.trim();
    if (!pointer) return undefined;
    const gitDir = await realpath(path.resolve(wanted, pointer));
    if (path.dirname(gitDir) !== path.join(commonDir, "worktrees")) return undefined;
    if ((await realpath(await readCommonDir(gitDir))) !== commonDir) return undefined;
    const linkedBack = (await readFile(path.join(gitDir, "gitdir"), "utf8")).trim();
    if (!path.isAbsolute(linkedBack) || (await realpath(linkedBack)) !== (await realpath(dotGit))) return undefined;
    const branch = await readHead(gitDir);
    if (branch === undefined) return undefined;
    return { path: path.dirname(linkedBack), isMain: false, branch, mainBranch: mainHead, commonDir };
  } catch {
    return undefined;
  }
}

/** The short branch name a git dir's HEAD names, null when detached, undefined when unusual. */
async function readHead(gitDir: string): Promise<string | null | undefined> {
  const head = parseHeadFile(await readFile(path.join(gitDir, "HEAD"), "utf8"));
  if (!head) return undefined;
  return "ref" in head ? head.ref.slice("refs/heads/".length) : null;
}
