import { realpath } from "node:fs/promises";
import { basename, isAbsolute, resolve } from "node:path";
import { AppError } from "@/lib/errors/app-error.ts";
import { explainRepositoryError } from "@/lib/git/run/explain-repository-error.ts";
import { listWorktreeEntries } from "./list-worktree-entries.ts";
import type { WorktreeListEntry } from "@/lib/git/parse/parse-worktree-list.ts";
import { readPathKind } from "./read-path-kind.ts";
import { runGit } from "@/lib/git/run/run-git.ts";

export interface Repository {
  /** Real path of the shared git directory: the same for every worktree of one repository. */
  commonDir: string;
  /** Path of the main worktree (or of the bare repository), as git reports it. */
  rootPath: string;
  /** Folder name of rootPath, for display. */
  name: string;
}

/**
 * Identifies the repository that `inputPath` (any worktree, linked or main, or a folder inside
 * one) belongs to. Throws invalid_input for a relative, missing, non-folder or non-git path and
 * unavailable when git is not installed.
 */
export async function resolveRepository(inputPath: string): Promise<Repository> {
  return (await openRepository(inputPath)).repository;
}

/**
 * resolveRepository plus the worktree list it already had to read (the main worktree is the
 * first entry). The two git processes run in parallel.
 */
export async function openRepository(
  inputPath: string,
): Promise<{ repository: Repository; entries: WorktreeListEntry[] }> {
  await assertRepositoryPath(inputPath);
  const [commonDir, entries] = await Promise.all([readCommonDir(inputPath), listWorktreeEntries({ cwd: inputPath })]);
  const main = entries[0];
  if (!main) {
    throw new AppError(
      "git_failed",
      `git listed no worktrees for ${inputPath} — run \`git worktree list\` there to see why, then try again.`,
    );
  }
  return { repository: { commonDir, rootPath: main.path, name: basename(main.path) }, entries };
}

async function assertRepositoryPath(inputPath: string): Promise<void> {
  if (inputPath.trim() === "" || inputPath.includes("\0")) {
    throw new AppError(
      "invalid_input",
      "The repository path is empty or malformed. Use an absolute path such as /home/you/project.",
    );
  }
  if (!isAbsolute(inputPath)) {
    throw new AppError(
      "invalid_input",
      `"${inputPath}" is a relative path. Use an absolute path such as /home/you/project.`,
    );
  }
  const kind = await readPathKind(inputPath).catch((error: unknown) => {
    throw new AppError(
      "invalid_input",
      `${inputPath} cannot be read (${(error as Error).message}). Check its permissions or pick another folder.`,
      { cause: error },
    );
  });
  if (kind === "missing") {
    throw new AppError(
      "invalid_input",
      `${inputPath} does not exist. Check the spelling, or clone or create the repository there first.`,
    );
  }
  if (kind === "file") {
    throw new AppError(
      "invalid_input",
      `${inputPath} is a file, not a folder. Use the folder of the repository that contains it.`,
    );
  }
}

/** `--git-common-dir` may be relative to the folder git ran in, so it is resolved against it. */
async function readCommonDir(inputPath: string): Promise<string> {
  try {
    const output = await runGit({ cwd: inputPath, args: ["rev-parse", "--git-common-dir"] });
    return await realpath(resolve(inputPath, output.replace(/\n$/, "")));
  } catch (error) {
    throw explainRepositoryError({ error, path: inputPath });
  }
}
