import { lstat, readlink } from "node:fs/promises";
import path from "node:path";

/** More links than this on one path is a loop (Linux gives up at 40 too). */
const MAX_LINK_HOPS = 40;

/**
 * Where a path leads once every link on it is followed: `found` (the real path), `nowhere`
 * (something on the way is missing or unreachable, or the links loop), or `per-process` (the way
 * passes through /proc, where `self`, `cwd`, `fd/…` mean another thing in each process, so what
 * Arbor would read there is not what Claude Code reads).
 */
export type ResolvedPath = { kind: "found"; path: string } | { kind: "nowhere" } | { kind: "per-process" };

/**
 * Follows the links on `start` one component at a time, as the kernel does, instead of
 * realpath(3): realpath would resolve /proc/self/cwd to Arbor's own folder and hide that the path
 * depends on the process. Only lstat and readlink are used, so nothing is opened.
 */
export async function resolveLinkPath(start: string): Promise<ResolvedPath> {
  let pending = splitPath(path.resolve(start));
  let resolved = path.parse(path.resolve(start)).root;
  let hops = 0;
  for (let name = pending.shift(); name !== undefined; name = pending.shift()) {
    if (name === ".") continue;
    if (name === "..") {
      resolved = path.dirname(resolved);
      continue;
    }
    const next = path.join(resolved, name);
    if (isProcPath(next)) return { kind: "per-process" };
    const entry = await lstat(next).catch(() => null);
    if (!entry) return { kind: "nowhere" };
    if (!entry.isSymbolicLink()) {
      resolved = next;
      continue;
    }
    hops += 1;
    if (hops > MAX_LINK_HOPS) return { kind: "nowhere" };
    const target = await readlink(next);
    if (path.isAbsolute(target)) resolved = path.parse(target).root;
    pending = [...splitPath(target), ...pending];
  }
  return { kind: "found", path: resolved };
}

function splitPath(value: string): string[] {
  return value.split(path.sep).filter((part) => part !== "");
}

function isProcPath(value: string): boolean {
  return value === "/proc" || value.startsWith("/proc/");
}
