import { runGitCommand } from "@/lib/git/run/run-git.ts";
import { afterChanges, parseRawChanges } from "./parse-raw-changes.ts";

/** Output past this is not read: the answer is then "cannot tell" rather than a partial one. */
const MAX_LOG_BYTES = 64 * 1024 * 1024;

/**
 * What each commit of the base above `floor` (merges left out) wrote to `files`: commit → path →
 * `<mode> <blob>` after it (`000000 000…` for a deletion), from one `git log --raw` limited to those
 * files (literal pathspecs on stdin, so a name like `*.txt` is that one file). A branch landed by
 * squash whose files the base changed again since still shows its own content here. Null when git
 * could not tell (it failed, ran out of time, or wrote more than MAX_LOG_BYTES): a caller then
 * counts no branch as squashed, rather than failing or reading a cut answer. A name with a newline
 * cannot travel on a stdin line and is left out, so a branch that changed one is not found here.
 */
export async function readBaseWrites(input: {
  repoRoot: string;
  baseSha: string;
  floor: string | null;
  files: Iterable<string>;
  timeoutMs?: number;
}): Promise<Map<string, Map<string, string>> | null> {
  const pathspecs = [...new Set(input.files)].filter((file) => !file.includes("\n")).map((file) => `:(literal)${file}`);
  if (pathspecs.length === 0) return new Map();
  const revisions = [input.baseSha, ...(input.floor ? [`^${input.floor}`] : [])];
  const result = await runGitCommand({
    cwd: input.repoRoot,
    // --full-history: every commit that wrote one of the files, on whichever side of a merge.
    args: [
      "log",
      "--no-merges",
      "--full-history",
      "--format=%x00%H",
      "--raw",
      "-z",
      "--no-renames",
      "--abbrev=40",
      "--stdin",
    ],
    stdin: [...revisions, "--", ...pathspecs, ""].join("\n"),
    timeoutMs: input.timeoutMs ?? 60_000,
    maxStdoutBytes: MAX_LOG_BYTES,
    isExitCodeChecked: false,
  }).catch(() => null);
  if (!result || result.exitCode !== 0 || result.isTimedOut || result.isTruncated) return null;
  return new Map(
    parseRawChanges(result.stdout.toString("utf8")).map((part) => [part.header, afterChanges(part.changes)]),
  );
}
