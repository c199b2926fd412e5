import { runGitCommand } from "@/lib/git/run-git.ts";
import { parseRawChanges } from "./parse-raw-changes.ts";

/** The plan branches that exist, with their node's slug. */
export type LiveBranches = Array<{ slug: string; branch: string }>;

/**
 * What each side changed, path → `<mode> <blob>` after the change, keyed like the merge bases:
 * `base\0b` (the branch since its merge base with the base), `base-side\0b` (the base since that
 * merge base) and `parent\0b` (the branch since its merge base with its design parent's branch),
 * from one `git diff-tree --stdin --raw` (identical pairs asked once).
 */
export async function readChangedFiles(input: {
  repoRoot: string;
  baseSha: string;
  live: LiveBranches;
  heads: ReadonlyMap<string, string>;
  mergeBaseOf: ReadonlyMap<string, string | null>;
}): Promise<Map<string, Map<string, string>>> {
  const wanted: Array<{ key: string; from: string; to: string }> = [];
  for (const node of input.live) {
    const head = input.heads.get(node.branch)!;
    const withBase = input.mergeBaseOf.get(`base\0${node.branch}`);
    if (withBase) {
      wanted.push({ key: `base\0${node.branch}`, from: withBase, to: head });
      wanted.push({ key: `base-side\0${node.branch}`, from: withBase, to: input.baseSha });
    }
    const withParent = input.mergeBaseOf.get(`parent\0${node.branch}`);
    if (withParent) wanted.push({ key: `parent\0${node.branch}`, from: withParent, to: head });
  }
  const pairs = [
    ...new Map(wanted.filter((pair) => pair.from !== pair.to).map((pair) => [`${pair.from} ${pair.to}`, pair])).keys(),
  ];
  const byPair = new Map<string, Map<string, string>>();
  if (pairs.length > 0) {
    const result = await runGitCommand({
      cwd: input.repoRoot,
      args: ["diff-tree", "--stdin", "--always", "-r", "--raw", "-z", "--no-renames", "--abbrev=40"],
      // A line is read as "<commit> <its parent>": the diff goes from the second to the first.
      stdin: pairs.map((pair) => `${pair.split(" ").reverse().join(" ")}\n`).join(""),
      timeoutMs: 60_000,
    });
    // Per pair: its commit id, then what changed (parseRawChanges).
    parseRawChanges(result.stdout.toString("utf8"))
      .slice(0, pairs.length)
      .forEach((part, index) => byPair.set(pairs[index]!, part.files));
  }
  const files = new Map<string, Map<string, string>>();
  for (const pair of wanted) files.set(pair.key, byPair.get(`${pair.from} ${pair.to}`) ?? new Map<string, string>());
  return files;
}
