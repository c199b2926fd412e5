import type { ChangedFile } from "@/lib/git/change-types.ts";
import { DIFF_RECORD_ARGS, parseDiffRecords } from "@/lib/git/parse/parse-diff-records.ts";
import { runGitCommand } from "@/lib/git/run/run-git.ts";
import { recordToChangedFile } from "@/lib/git/parse/to-changed-file.ts";

/**
 * The files that differ between two commits or trees (`from` → `to`), with line counts, renames
 * detected. One git process. Revisions are Arbor's own (object ids it read, or names it
 * checked), passed after `--end-of-options` so none can be read as an option.
 */
export async function readTreeChanges(input: {
  cwd: string;
  from: string;
  to: string;
  maxFiles?: number;
  /** false: a moved file is a deletion and an addition (what a restore needs: every path on its own). */
  findRenames?: boolean;
}): Promise<{ files: ChangedFile[]; totalFiles: number }> {
  const result = await runGitCommand({
    cwd: input.cwd,
    args: [
      "diff",
      ...DIFF_RECORD_ARGS,
      input.findRenames === false ? "--no-renames" : "-M",
      "--end-of-options",
      input.from,
      input.to,
    ],
  });
  const records = parseDiffRecords(result.stdout);
  return {
    files: records.slice(0, input.maxFiles ?? 20_000).map(recordToChangedFile),
    totalFiles: records.length,
  };
}
