import { lstat, readlink, readFile } from "node:fs/promises";
import type { DiffLine, FileDiff } from "@/lib/git/change-types.ts";
import { decodeGitPath, pathTokenToBytes } from "@/lib/git/git-path.ts";
import { MAX_DIFF_LINES, type ReadFileDiff } from "./read-file-diff.ts";
import { splitTextLines } from "@/lib/git/parse/split-text-lines.ts";
import { resolveWorktreeFile } from "./worktree-file-path.ts";

const MAX_READ_BYTES = 48 * 1024 * 1024;
const BINARY_PROBE_BYTES = 8000;
const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * An untracked file as a diff from nothing: every line added. Read from the worktree by the
 * name's exact bytes (git has no blob for it yet); binary like git decides (a NUL early on), a
 * symlink as its target, a folder (a nested repository) as having no lines.
 */
export async function readUntrackedDiff(input: { worktreePath: string; path: string }): Promise<ReadFileDiff> {
  const name = decodeGitPath(pathTokenToBytes(input.path.replace(/\/$/, "")));
  const full = await resolveWorktreeFile({ worktreePath: input.worktreePath, path: name.path });
  const info = await lstat(full);
  const base: FileDiff = {
    path: name.path,
    display: name.display,
    oldPath: null,
    oldDisplay: null,
    isNew: true,
    isDeleted: false,
    isBinary: false,
    oldMode: null,
    newMode: info.isSymbolicLink() ? "120000" : (info.mode & 0o111) !== 0 ? "100755" : "100644",
    similarity: null,
    oldBlob: null,
    newBlob: null,
    hunks: [],
    isTruncated: false,
  };
  if (info.isDirectory()) return { diff: { ...base, newMode: "160000" }, hasInvalidText: false };
  const bytes = info.isSymbolicLink()
    ? Buffer.from(await readlink(full, { encoding: "buffer" }))
    : await readHead(full);
  if (!info.isSymbolicLink() && bytes.subarray(0, BINARY_PROBE_BYTES).includes(0)) {
    return { diff: { ...base, isBinary: true }, hasInvalidText: false };
  }
  const { lines, hasFinalNewline } = splitTextLines(bytes.toString("utf8"));
  const kept = lines.slice(0, MAX_DIFF_LINES);
  const diffLines: DiffLine[] = kept.map((text, index) => ({ kind: "add", text, oldNo: null, newNo: index + 1 }));
  if (!hasFinalNewline && diffLines.length === kept.length && diffLines.length > 0 && !info.isSymbolicLink()) {
    diffLines[diffLines.length - 1]!.noNewline = true;
  }
  if (info.isSymbolicLink() && diffLines.length > 0) diffLines[diffLines.length - 1]!.noNewline = true;
  const hunks =
    diffLines.length === 0
      ? []
      : [{ oldStart: 0, oldLines: 0, newStart: 1, newLines: lines.length, section: "", lines: diffLines }];
  return {
    diff: { ...base, hunks, isTruncated: kept.length < lines.length || info.size > MAX_READ_BYTES },
    hasInvalidText: !isUtf8(bytes),
  };
}

async function readHead(full: Buffer): Promise<Buffer> {
  const bytes = await readFile(full);
  return bytes.length > MAX_READ_BYTES ? bytes.subarray(0, MAX_READ_BYTES) : bytes;
}

function isUtf8(bytes: Uint8Array): boolean {
  try {
    strictUtf8.decode(bytes);
    return true;
  } catch {
    return false;
  }
}
