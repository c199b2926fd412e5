import { lstat, readFile, readlink } from "node:fs/promises";
import { AppError } from "@/lib/errors/app-error.ts";
import { runGitCommand } from "@/lib/git/run/run-git.ts";
import { splitTextLines } from "@/lib/git/parse/split-text-lines.ts";
import { resolveWorktreeFile } from "./worktree-file-path.ts";

const MAX_FILE_BYTES = 48 * 1024 * 1024;
const OBJECT_ID = /^[0-9a-f]{40}([0-9a-f]{24})?$/;

export type LinesSource = { kind: "blob"; blob: string } | { kind: "worktree"; path: string };

/**
 * Lines `start`..`end` (1-based, inclusive) of one side of a diff, to show unchanged lines around
 * a hunk: a blob git stores, or a working file (read by its exact name, inside the worktree
 * only). Also returns how many lines the file has.
 */
export async function readFileLines(input: {
  worktreePath: string;
  source: LinesSource;
  start: number;
  end: number;
}): Promise<{ lines: string[]; totalLines: number }> {
  const bytes = await readSource(input.worktreePath, input.source);
  const { lines } = splitTextLines(bytes.toString("utf8"));
  const start = Math.max(1, input.start);
  const end = Math.min(lines.length, input.end);
  return { lines: end < start ? [] : lines.slice(start - 1, end), totalLines: lines.length };
}

async function readSource(worktreePath: string, source: LinesSource): Promise<Buffer> {
  if (source.kind === "blob") {
    if (!OBJECT_ID.test(source.blob)) throw new AppError("invalid_input", "That is not a blob id. Reload the diff.");
    const result = await runGitCommand({
      cwd: worktreePath,
      args: ["cat-file", "blob", source.blob],
      maxStdoutBytes: MAX_FILE_BYTES,
    });
    return result.stdout;
  }
  const full = await resolveWorktreeFile({ worktreePath, path: source.path });
  const info = await lstat(full).catch(() => null);
  if (!info) throw new AppError("not_found", "That file is no longer in the worktree. Reload the changes.");
  if (info.isSymbolicLink()) return Buffer.from(await readlink(full, { encoding: "buffer" }));
  if (!info.isFile()) throw new AppError("invalid_input", "That is not a file. Reload the changes.");
  const bytes = await readFile(full);
  return bytes.length > MAX_FILE_BYTES ? bytes.subarray(0, MAX_FILE_BYTES) : bytes;
}
