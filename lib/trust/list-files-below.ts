import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { resolveLinkPath } from "./resolve-link-path.ts";

/** Entries looked at in one listing at most, however few are accepted (a link may lead to `/`). */
const MAX_ENTRIES_SEEN = 20_000;

/**
 * The files below `dir` (relative to `root`) whose name passes `accept`, at most `depth` folders
 * deep and `limit` entries in all. A link to a folder is descended into like a folder, as Claude
 * Code does when it loads skills, agents and commands (`depth` ends a loop); a link that cannot be
 * followed safely (through /proc) is returned whatever its name, so that it is reported.
 */
export async function listFilesBelow(input: {
  root: string;
  dir: string;
  depth: number;
  limit: number;
  accept: (relativePath: string) => boolean;
}): Promise<string[]> {
  const found: string[] = [];
  let seen = 0;
  const walk = async (relativeDir: string, depth: number): Promise<void> => {
    const entries = await readdir(path.join(input.root, relativeDir), { withFileTypes: true }).catch(() => []);
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      seen += 1;
      if (found.length >= input.limit || seen > MAX_ENTRIES_SEEN) return;
      const relative = path.join(relativeDir, entry.name);
      const kind = entry.isSymbolicLink() ? await followLink(path.join(input.root, relative)) : entry;
      if (kind === "per-process") found.push(relative);
      else if (kind.isDirectory()) {
        if (depth > 0) await walk(relative, depth - 1);
      } else if (input.accept(relative)) found.push(relative);
    }
  };
  await walk(input.dir, input.depth);
  return found;
}

/** What a link found in a listing leads to (a missing target counts as a file: it is reported as such). */
async function followLink(link: string): Promise<"per-process" | { isDirectory(): boolean }> {
  const resolved = await resolveLinkPath(link);
  if (resolved.kind === "per-process") return "per-process";
  if (resolved.kind === "nowhere") return { isDirectory: () => false };
  return stat(resolved.path).catch(() => ({ isDirectory: () => false }));
}
