import type { FileDiff } from "@/lib/git/change-types.ts";
import { isRawPathToken, isSamePath, toCommandLinePathspec } from "@/lib/git/git-path.ts";
import { parsePatch, PATCH_ARGS } from "@/lib/git/parse/parse-patch.ts";
import { runGitCommand } from "@/lib/git/run/run-git.ts";

/** Lines of one file's diff kept for the browser (it draws only what is on screen). */
export const MAX_DIFF_LINES = 200_000;
const MAX_PATCH_BYTES = 48 * 1024 * 1024;
const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

export interface ReadFileDiff {
  diff: FileDiff | null;
  /** The file's text is not UTF-8: shown with replacement characters, and its hunks cannot be picked for a commit. */
  hasInvalidText: boolean;
}

/**
 * The patch of one file from `from` (a commit or tree) to `to` (another one, or the working
 * files when null), with its old name when it was renamed. The path is matched literally; a name
 * that is not UTF-8 is matched by a glob and the one file whose bytes are the name is kept.
 * Returns diff null when git reports no difference.
 */
export async function readFileDiff(input: {
  cwd: string;
  from: string;
  to: string | null;
  path: string;
  oldPath: string | null;
  maxLines?: number;
  /** Unchanged lines around each change (git's -U); 3 unless the user expanded the context. */
  context?: number;
}): Promise<ReadFileDiff> {
  const pathspecs = [input.path, ...(input.oldPath ? [input.oldPath] : [])].map(toCommandLinePathspec);
  const result = await runGitCommand({
    cwd: input.cwd,
    args: [
      "diff",
      ...PATCH_ARGS,
      `-U${input.context ?? 3}`,
      "-M",
      "--end-of-options",
      input.from,
      ...(input.to ? [input.to] : []),
      "--",
      ...pathspecs,
    ],
    maxStdoutBytes: MAX_PATCH_BYTES,
  });
  const text = result.stdout.toString("utf8");
  const files = parsePatch(text, { maxLines: input.maxLines ?? MAX_DIFF_LINES });
  const diff =
    files.find((file) => isSamePath(file.path, input.path)) ?? (isRawPathToken(input.path) ? null : (files[0] ?? null));
  if (diff && result.isTruncated) diff.isTruncated = true;
  return { diff, hasInvalidText: !isUtf8(result.stdout) };
}

function isUtf8(bytes: Uint8Array): boolean {
  try {
    strictUtf8.decode(bytes);
    return true;
  } catch {
    return false;
  }
}
