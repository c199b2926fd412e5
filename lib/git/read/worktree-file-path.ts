import { realpath } from "node:fs/promises";
import path from "node:path";
import { AppError } from "@/lib/errors/app-error.ts";
import { isValidPathToken, pathTokenToBytes } from "@/lib/git/git-path.ts";

/**
 * The absolute name (exact bytes) of a file inside a worktree, given its path token. Refused
 * (invalid_input) unless the token is a relative path without `.`/`..` parts and every folder on
 * the way is a real folder of the worktree: a symlink among the leading folders could otherwise
 * lead a read or a delete outside it. The file itself may be a symlink (it is then handled as
 * one, never followed).
 */
export async function resolveWorktreeFile(input: { worktreePath: string; path: string }): Promise<Buffer> {
  if (!isValidPathToken(input.path)) {
    throw new AppError("invalid_input", "That file name is not a path inside the worktree. Pick a file from the list.");
  }
  const root = await realpath(input.worktreePath);
  const relative = Buffer.from(pathTokenToBytes(input.path));
  const slash = relative.lastIndexOf(0x2f);
  const parent = slash === -1 ? Buffer.alloc(0) : relative.subarray(0, slash);
  const expectedParent = parent.length === 0 ? Buffer.from(root) : Buffer.concat([Buffer.from(`${root}/`), parent]);
  let actualParent: Buffer;
  try {
    actualParent = await realpath(expectedParent, { encoding: "buffer" });
  } catch {
    return Buffer.concat([Buffer.from(`${root}${path.sep}`), relative]);
  }
  if (!actualParent.equals(expectedParent)) {
    throw new AppError(
      "invalid_input",
      "That file is reached through a symbolic link to another folder, so Arbor does not read or change it there.",
    );
  }
  return Buffer.concat([Buffer.from(`${root}${path.sep}`), relative]);
}
