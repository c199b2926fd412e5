import { runGitCommand } from "@/lib/git/run/run-git.ts";
import { afterChanges, parseRawChanges, type RawChange } from "./parse-raw-changes.ts";

/** The plan branches that exist, with their node's slug. */
export type LiveBranches = Array<{ slug: string; branch: string }>;

/** What changed between two commits, path by path. */
export type Diff = ReadonlyMap<string, RawChange>;

/** Diffs read, by `<from> <to>`. */
export type Diffs = ReadonlyMap<string, Diff>;

export const diffKey = (from: string, to: string) => `${from} ${to}`;

/**
 * What each side changed, path → `<mode> <blob>` after the change, keyed like the merge bases:
 * `base\0b` (the branch since its merge base with the base), `base-side\0b` (the base since that
 * merge base) and `parent\0b` (the branch since its merge base with its design parent's branch),
 * from one `git diff-tree --stdin --raw` (identical pairs asked once), started before the merge
 * bases are known; `changes` holds the same with each path's whole change (what it was, its
 * status). `diffs` holds every change read, by `diffKey(from, to)`.
 */
export async function readChangedFiles(input: {
  repoRoot: string;
  baseSha: string;
  live: LiveBranches;
  heads: ReadonlyMap<string, string>;
  mergeBaseOf: Promise<ReadonlyMap<string, string | null>>;
}): Promise<{ files: Map<string, Map<string, string>>; changes: Map<string, Diff>; diffs: Diffs }> {
  const wantedRead = input.mergeBaseOf.then((mergeBaseOf) => {
    const wanted: Array<{ key: string; from: string; to: string }> = [];
    for (const node of input.live) {
      const head = input.heads.get(node.branch)!;
      const withBase = mergeBaseOf.get(`base\0${node.branch}`);
      if (withBase) {
        wanted.push({ key: `base\0${node.branch}`, from: withBase, to: head });
        wanted.push({ key: `base-side\0${node.branch}`, from: withBase, to: input.baseSha });
      }
      const withParent = mergeBaseOf.get(`parent\0${node.branch}`);
      if (withParent) wanted.push({ key: `parent\0${node.branch}`, from: withParent, to: head });
    }
    return wanted;
  });
  const [wanted, diffs] = await Promise.all([wantedRead, readDiffs({ repoRoot: input.repoRoot, pairs: wantedRead })]);
  const changes = new Map<string, Diff>();
  for (const pair of wanted) changes.set(pair.key, diffs.get(diffKey(pair.from, pair.to)) ?? new Map());
  const files = new Map([...changes].map(([key, diff]) => [key, afterChanges(diff)]));
  return { files, changes, diffs };
}

/**
 * What changed between each pair of commits, from one `git diff-tree --stdin --raw` (each pair
 * asked once; a pair of one commit with itself changed nothing and is not asked). git starts at
 * once; the pairs may still be on their way (a promise), and are written to it when they come.
 */
export async function readDiffs(input: {
  repoRoot: string;
  pairs: ReadonlyArray<{ from: string; to: string }> | Promise<ReadonlyArray<{ from: string; to: string }>>;
}): Promise<Map<string, Diff>> {
  const diffs = new Map<string, Diff>();
  const askedRead = Promise.resolve(input.pairs).then((pairs) =>
    [...new Set(pairs.map((pair) => diffKey(pair.from, pair.to)))].filter((key) => {
      const [from, to] = key.split(" ");
      if (from !== to) return true;
      diffs.set(key, new Map());
      return false;
    }),
  );
  const [asked, result] = await Promise.all([
    askedRead,
    runGitCommand({
      cwd: input.repoRoot,
      args: ["diff-tree", "--stdin", "--always", "-r", "--raw", "-z", "--no-renames", "--abbrev=40"],
      // A line is read as "<commit> <its parent>": the diff goes from the second to the first.
      stdin: askedRead.then((keys) => keys.map((key) => `${key.split(" ").reverse().join(" ")}\n`).join("")),
      timeoutMs: 60_000,
    }),
  ]);
  // Per pair: its commit id, then what changed (parseRawChanges).
  parseRawChanges(result.stdout.toString("utf8"))
    .slice(0, asked.length)
    .forEach((part, index) => diffs.set(asked[index]!, part.changes));
  return diffs;
}
