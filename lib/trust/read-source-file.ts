import { createHash } from "node:crypto";
import { constants } from "node:fs";
import { lstat, open, type FileHandle } from "node:fs/promises";
import type { SourceRead } from "./build-inspection.ts";

/** Files larger than this are hashed, not shown. */
const MAX_TEXT_BYTES = 1024 * 1024;

/**
 * Reads the regular file at `file` without following a link at its end: the entry is lstat-ed
 * first, anything but a regular file is reported as special (a FIFO or a device would block the
 * reader or never end), and the open uses O_NOFOLLOW | O_NONBLOCK so a swap after the lstat is
 * caught too. Never reads more than the size the opened file reports (plus one byte, to notice
 * a file that grows or lies about its size). Null when it does not exist.
 */
export async function readRegularFile(file: string): Promise<SourceRead | null> {
  const found = await lstat(file).catch(nullWhenMissing);
  if (!found) return null;
  if (!found.isFile()) return { kind: "special" };
  let handle: FileHandle;
  try {
    handle = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ELOOP") return { kind: "special" };
    return nullWhenMissing(error);
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) return { kind: "special" };
    if (stats.size > MAX_TEXT_BYTES) {
      return { kind: "too-large", size: stats.size, sha256: await hashHandle(handle, stats.size) };
    }
    const bytes = await readAtMost(handle, stats.size + 1);
    if (bytes.length > stats.size) return { kind: "special" };
    return { kind: "text", text: bytes.toString("utf8"), sha256: sha256Hex(bytes) };
  } finally {
    await handle.close();
  }
}

function nullWhenMissing(error: unknown): null {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "ENOENT" || code === "ENOTDIR") return null;
  throw error;
}

async function readAtMost(handle: FileHandle, limit: number): Promise<Buffer> {
  const buffer = Buffer.alloc(limit);
  let filled = 0;
  while (filled < limit) {
    const { bytesRead } = await handle.read(buffer, filled, limit - filled, filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return buffer.subarray(0, filled);
}

/** sha256 of the first `size` bytes (what stat reported: a file that keeps growing is not read on). */
async function hashHandle(handle: FileHandle, size: number): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of handle.createReadStream({ start: 0, end: size - 1, autoClose: false }))
    hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/** sha256 of a text, hex. */
export function sha256Hex(text: string | Buffer): string {
  return createHash("sha256").update(text).digest("hex");
}
