import { createHash } from "node:crypto";
import { constants } from "node:fs";
import { lstat, open, readdir, readlink } from "node:fs/promises";
import path from "node:path";
import type { SourceRead } from "./build-inspection.ts";

/** Files larger than this are hashed, not shown. */
const MAX_TEXT_BYTES = 1024 * 1024;

/**
 * Reads a file inside a folder the repository controls without following a link it planted:
 * the entry is lstat-ed first, a link is reported with its target (never opened), anything but a
 * regular file is reported as special (a FIFO would block the reader), and the open itself uses
 * O_NOFOLLOW | O_NONBLOCK so a swap after the lstat is caught too. Null when it does not exist.
 */
export async function readSourceFile(file: string): Promise<SourceRead | null> {
  const found = await lstat(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT" || error.code === "ENOTDIR") return null;
    throw error;
  });
  if (!found) return null;
  if (found.isSymbolicLink()) return { kind: "link", target: await readlink(file) };
  if (!found.isFile()) return { kind: "special" };
  let handle;
  try {
    handle = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ELOOP") return { kind: "link", target: await readlink(file) };
    throw error;
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) return { kind: "special" };
    if (stats.size > MAX_TEXT_BYTES) return { kind: "too-large", size: stats.size, sha256: await hashHandle(handle) };
    const bytes = await handle.readFile();
    return { kind: "text", text: bytes.toString("utf8"), sha256: sha256Hex(bytes) };
  } finally {
    await handle.close();
  }
}

async function hashHandle(handle: Awaited<ReturnType<typeof open>>): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of handle.createReadStream({ start: 0, autoClose: false })) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/**
 * The files below `dir` (relative to `root`) whose name passes `accept`, at most `depth` folders
 * deep and `limit` entries in all. Links are returned as entries (and never descended into).
 */
export async function listFilesBelow(input: {
  root: string;
  dir: string;
  depth: number;
  limit: number;
  accept: (relativePath: string) => boolean;
}): Promise<string[]> {
  const found: string[] = [];
  const walk = async (relativeDir: string, depth: number): Promise<void> => {
    const entries = await readdir(path.join(input.root, relativeDir), { withFileTypes: true }).catch(() => []);
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      if (found.length >= input.limit) return;
      const relative = path.join(relativeDir, entry.name);
      if (entry.isDirectory()) {
        if (depth > 0) await walk(relative, depth - 1);
      } else if (entry.isSymbolicLink() || input.accept(relative)) {
        found.push(relative);
      }
    }
  };
  await walk(input.dir, input.depth);
  return found;
}

/** sha256 of a text, hex. */
export function sha256Hex(text: string | Buffer): string {
  return createHash("sha256").update(text).digest("hex");
}
