import { runGit } from "./run-git.ts";

/**
 * The id of the empty tree in the repository's object format (SHA-1 or SHA-256): what an unborn
 * branch or a root commit is compared with. `hash-object` only hashes; nothing is written.
 */
export async function readEmptyTree(cwd: string): Promise<string> {
  return (await runGit({ cwd, args: ["hash-object", "-t", "tree", "/dev/null"] })).trim();
}
