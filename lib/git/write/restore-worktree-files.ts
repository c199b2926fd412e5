import { lstat, mkdtemp, realpath, rm, rmdir, unlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { AppError } from "@/lib/errors/app-error.ts";
import { isObjectId } from "./checkpoint-refs.ts";
import { toPathspecFileEntry } from "@/lib/git/git-path.ts";
import { runGitCommand } from "@/lib/git/run/run-git.ts";
import { resolveWorktreeFile } from "@/lib/git/read/worktree-file-path.ts";

/**
 * Makes working files what they are in `tree`: files the tree does not have are deleted
 * (`remove`; with any folders that this leaves empty), then the others are written from the tree
 * by `git restore --source=<tree> --worktree` (`write`), which replaces symlinks and files in the
 * way of a folder safely. Names go to git in a NUL-separated file, as exact bytes. The index,
 * HEAD and branches are not touched; ignored files are never listed, so never touched.
 */
export async function restoreWorktreeFiles(input: {
  worktreePath: string;
  tree: string;
  write: string[];
  remove: string[];
  allowRepositoryCode: boolean;
}): Promise<void> {
  if (!isObjectId(input.tree)) throw new AppError("internal", `Not a tree id: ${input.tree}`);
  for (const token of input.remove) await removeWorkingFile({ worktreePath: input.worktreePath, path: token });
  if (input.write.length === 0) return;
  const folder = await mkdtemp(path.join(tmpdir(), "arbor-restore-"));
  try {
    const list = path.join(folder, "paths");
    await writeFile(list, Buffer.concat(input.write.map((token) => Buffer.from(toPathspecFileEntry(token)))));
    await runGitCommand({
      cwd: input.worktreePath,
      args: ["restore", `--source=${input.tree}`, "--worktree", `--pathspec-from-file=${list}`, "--pathspec-file-nul"],
      allowRepositoryCode: input.allowRepositoryCode,
    });
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** Deletes one file or symlink (never a folder: a nested repository is left alone), then empty parents. */
async function removeWorkingFile(input: { worktreePath: string; path: string }): Promise<void> {
  const full = await resolveWorktreeFile(input);
  const info = await lstat(full).catch(() => null);
  if (!info || info.isDirectory()) return;
  await unlink(full);
  const root = Buffer.from(await realpath(input.worktreePath));
  for (let dir = parentOf(full); dir.length > root.length && dir.subarray(0, root.length).equals(root);) {
    try {
      await rmdir(dir);
    } catch {
      return;
    }
    dir = parentOf(dir);
  }
}

function parentOf(name: Buffer): Buffer {
  const slash = name.lastIndexOf(0x2f);
  return slash <= 0 ? Buffer.from("/") : name.subarray(0, slash);
}
