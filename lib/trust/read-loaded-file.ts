import { lstat, readlink, realpath, stat } from "node:fs/promises";
import path from "node:path";
import type { LinkHop, SourceRead } from "./build-inspection.ts";
import { readRegularFile } from "./read-source-file.ts";
import { resolveLinkPath } from "./resolve-link-path.ts";

/** What Claude Code would load at one path of a worktree, and the link it went through, if any. */
export interface LoadedEntry {
  read: SourceRead;
  link: LinkHop | null;
}

/**
 * Reads the file at `relativePath` of `worktree` the way Claude Code loads it: following links
 * (the file's own, or a linked `.claude` on the way), so that what is trusted is what Claude
 * would load, with where it really is. A link that leads nowhere or through /proc is reported as
 * such, never read. Null when nothing is there. `realWorktree` is the worktree's real path.
 */
export async function readLoadedFile(input: {
  worktree: string;
  realWorktree: string;
  relativePath: string;
}): Promise<LoadedEntry | null> {
  const located = await locate(input);
  if (!located) return null;
  if (!located.resolved) {
    const read = await readRegularFile(located.full);
    return read && { read, link: null };
  }
  const { resolved, link } = located;
  if (resolved.kind !== "found") return { read: { kind: resolved.kind }, link };
  return { read: (await readRegularFile(resolved.path)) ?? { kind: "nowhere" }, link };
}

/**
 * A folder Claude Code reads files from (`.claude`, its skills, agents or commands): "folder"
 * when it is a plain folder, null when missing, else how it was found: a link (to a folder, whose
 * files are then read through it, or leading nowhere, through /proc or to something else).
 */
export async function readLoadedFolder(input: {
  worktree: string;
  realWorktree: string;
  relativePath: string;
}): Promise<"folder" | LoadedEntry | null> {
  const located = await locate(input);
  if (!located) return null;
  if (!located.resolved) {
    const found = await lstat(located.full).catch(() => null);
    if (!found) return null;
    return found.isDirectory() ? "folder" : { read: { kind: "special" }, link: null };
  }
  const { resolved, link } = located;
  if (resolved.kind !== "found") return { read: { kind: resolved.kind }, link };
  const isFolder = await stat(resolved.path).then(
    (found) => found.isDirectory(),
    () => false,
  );
  return { read: { kind: isFolder ? "folder" : "special" }, link };
}

/** The real path of a worktree (links in the path the user pinned resolved), to tell links inside it. */
export function readRealWorktree(worktree: string): Promise<string> {
  return realpath(worktree);
}

/**
 * Where the entry is: `resolved` is null when no link is on the way (the entry is at its own path),
 * else where the links lead, with the link described for the inspection.
 */
async function locate(input: { worktree: string; realWorktree: string; relativePath: string }) {
  const full = path.join(input.worktree, input.relativePath);
  const entry = await lstat(full).catch(() => null);
  if (!entry) return null;
  const own = path.join(input.realWorktree, input.relativePath);
  const isAtOwnPath = await realpath(full).then(
    (real) => real === own,
    () => false,
  );
  if (isAtOwnPath) return { full, resolved: null };
  const resolved = await resolveLinkPath(full);
  const target = entry.isSymbolicLink() ? await readlink(full) : null;
  const realPath =
    resolved.kind === "found" ? showRealPath({ realWorktree: input.realWorktree, real: resolved.path }) : null;
  return { full, resolved, link: { target, realPath } };
}

/** Inside the worktree: relative to it (the same in every worktree); elsewhere: absolute. */
function showRealPath(input: { realWorktree: string; real: string }): string {
  const relative = path.relative(input.realWorktree, input.real);
  if (relative === "") return ".";
  return relative === ".." || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative) ? input.real : relative;
}
