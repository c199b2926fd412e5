import { realpathSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { runGit } from "@/lib/git/run/run-git.ts";

/**
 * A remote's address as Arbor compares clones: two clones are of the same repository when their
 * origins name the same place. Spellings of one place agree: a trailing slash or `.git`, a
 * `file://` URL or a path (made real, so a symlinked folder is the folder), an SSH host's case.
 * Pure apart from resolving a local path's links.
 */
export function normalizeRemoteUrl(url: string): string {
  let text = url.trim();
  if (text.startsWith("file://")) text = fileURLToPath(text);
  if (path.isAbsolute(text)) return stripRepoSuffix(realPath(path.resolve(text)));
  const scp = /^([^@/:]+@)?([^/:]+):(?!\/\/)(.+)$/.exec(text);
  if (scp) text = `ssh://${scp[1] ?? ""}${scp[2]}/${scp[3]}`;
  const parsed = /^([a-z][a-z0-9+.-]*):\/\/([^/]*)(\/.*)?$/i.exec(text);
  if (!parsed) return stripRepoSuffix(text);
  const [, scheme, authority, rest] = parsed;
  const host = authority!.includes("@")
    ? `${authority!.slice(0, authority!.lastIndexOf("@") + 1)}${authority!.slice(authority!.lastIndexOf("@") + 1).toLowerCase()}`
    : authority!.toLowerCase();
  return stripRepoSuffix(`${scheme!.toLowerCase()}://${host}${rest ?? ""}`);
}

function stripRepoSuffix(text: string): string {
  return text
    .replace(/\/+$/, "")
    .replace(/\.git$/, "")
    .replace(/\/+$/, "");
}

function realPath(target: string): string {
  try {
    return realpathSync(target);
  } catch {
    return target;
  }
}

/** The clone's origin as normalizeRemoteUrl spells it, or null when it has none. */
export async function readOriginUrl(repoRoot: string): Promise<string | null> {
  try {
    const url = (await runGit({ cwd: repoRoot, args: ["config", "--get", "remote.origin.url"] })).trim();
    if (!url) return null;
    // A relative path is relative to the clone.
    return normalizeRemoteUrl(/^\.\.?\//.test(url) ? path.resolve(repoRoot, url) : url);
  } catch {
    return null;
  }
}
