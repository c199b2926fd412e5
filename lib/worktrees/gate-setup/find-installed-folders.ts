import { stat } from "node:fs/promises";
import path from "node:path";
import { splitNulFields } from "@/lib/git/parse/nul-fields.ts";
import { runGitCommand } from "@/lib/git/run/run-git.ts";
import { isInstalledFolder } from "./dependency-kinds.ts";

/** A listing past this is cut there: a worktree's untracked folders are its dependencies and build output, not millions. */
const LISTING_MAX_BYTES = 4 * 1024 * 1024;

/**
 * The installed dependency folders of a worktree (node_modules at the top and in workspace
 * packages, .venv, vendor/bundle…), relative and sorted: the untracked folders git names (`ls-files
 * --others --directory`, ignored ones included, each wholly untracked folder once, so never one
 * inside another) that isInstalledFolder accepts and that are folders (or links to one) now.
 */
export async function findInstalledFolders(worktreePath: string): Promise<string[]> {
  const listing = await runGitCommand({
    cwd: worktreePath,
    args: ["ls-files", "-z", "--others", "--directory", "--no-empty-directory"],
    maxStdoutBytes: LISTING_MAX_BYTES,
    timeoutMs: 60_000,
  });
  const fields = splitNulFields(listing.stdout);
  // A listing cut short ends in a partial name.
  if (listing.isTruncated) fields.pop();
  const candidates = fields
    .map((field) => Buffer.from(field).toString("utf8").replace(/\/$/, ""))
    .filter((folder) => isInstalledFolder(folder));
  const found: string[] = [];
  for (const folder of candidates) {
    const stats = await stat(path.join(worktreePath, ...folder.split("/"))).catch(() => null);
    if (stats?.isDirectory()) found.push(folder);
  }
  return found.sort();
}
