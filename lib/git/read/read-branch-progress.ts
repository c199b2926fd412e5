import { parseStatusEntries } from "@/lib/git/parse/parse-status-entries.ts";
import { statusToChangedFile } from "@/lib/git/parse/to-changed-file.ts";
import { runGitCommand } from "@/lib/git/run/run-git.ts";
import type { BranchProgress } from "@/lib/git/types.ts";
import { countUntrackedLines } from "./count-untracked-lines.ts";
import { countAheadBehind } from "./read-head-ref.ts";
import { CHANGES_STATUS_ARGS } from "./read-worktree-changes.ts";

/**
 * Three git processes side by side in the worktree: `rev-list --left-right --count` (countAheadBehind),
 * `diff --shortstat --merge-base` (the working tree against where the branch left the base) and
 * `status` for new files, whose lines are counted as added.
 * Null when the two share no history or HEAD has no commit yet.
 */
export async function readBranchProgress(input: {
  worktreePath: string;
  base: string;
}): Promise<BranchProgress | null> {
  const cwd = input.worktreePath;
  const [counts, stat, newLines] = await Promise.all([
    countAheadBehind({ cwd, base: input.base, head: "HEAD" }),
    runGitCommand({
      cwd,
      args: ["diff", "--shortstat", "--merge-base", "--end-of-options", input.base, "--"],
      okExitCodes: [128],
      timeoutMs: 30_000,
    }),
    countNewFileLines(cwd),
  ]);
  if (counts === null || stat.exitCode !== 0) return null;
  const lines = parseShortstat(stat.stdout.toString("utf8"));
  return { ...counts, added: lines.added + newLines, removed: lines.removed };
}

/** Lines of the files git does not track yet (an agent's new files before anyone adds them), as the Changes panel counts them. */
async function countNewFileLines(cwd: string): Promise<number> {
  const status = await runGitCommand({ cwd, args: CHANGES_STATUS_ARGS, okExitCodes: [128], timeoutMs: 30_000 });
  if (status.exitCode !== 0) return 0;
  const files = parseStatusEntries(status.stdout)
    .entries.filter((entry) => entry.type === "untracked")
    .map((entry) => statusToChangedFile(entry, undefined));
  await countUntrackedLines({ worktreePath: cwd, files });
  return files.reduce((sum, file) => sum + (file.additions ?? 0), 0);
}

/** `git diff --shortstat`'s line (" 3 files changed, 10 insertions(+), 2 deletions(-)"), or nothing for no change. Pure. */
export function parseShortstat(text: string): { added: number; removed: number } {
  const added = /(\d+) insertions?\(\+\)/.exec(text);
  const removed = /(\d+) deletions?\(-\)/.exec(text);
  return { added: added ? Number(added[1]) : 0, removed: removed ? Number(removed[1]) : 0 };
}
