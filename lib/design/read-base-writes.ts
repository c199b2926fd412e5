import { runGitCommand } from "@/lib/git/run-git.ts";

/**
 * What each commit of the base above `floor` (merges left out) wrote: commit → path →
 * `<mode> <blob>` after it (`000000 000…` for a deletion), from one `git log --raw`. A branch
 * landed by squash whose files the base changed again since still shows its own content here.
 */
export async function readBaseWrites(input: {
  repoRoot: string;
  baseSha: string;
  floor: string | null;
}): Promise<Map<string, Map<string, string>>> {
  const result = await runGitCommand({
    cwd: input.repoRoot,
    args: [
      "log",
      "--no-merges",
      "--format=%x00%H",
      "--raw",
      "-z",
      "--no-renames",
      "--abbrev=40",
      input.baseSha,
      ...(input.floor ? [`^${input.floor}`] : []),
      "--",
    ],
    timeoutMs: 60_000,
  });
  const writes = new Map<string, Map<string, string>>();
  let current = new Map<string, string>();
  const tokens = result.stdout.toString("utf8").split("\0");
  for (let at = 0; at < tokens.length; at += 1) {
    const token = tokens[at]!.replace(/^\n+/, "");
    if (/^[0-9a-f]{40,64}$/.test(token)) {
      current = new Map();
      writes.set(token, current);
    } else if (token.startsWith(":")) {
      const [, newMode = "", , newBlob = ""] = token.slice(1).split(" ");
      current.set(tokens[(at += 1)] ?? "", `${newMode} ${newBlob}`);
    }
  }
  return writes;
}
