import { AppError } from "@/lib/errors/app-error.ts";
import { neutralMergeDrivers } from "@/lib/git/neutral-merge-drivers.ts";
import { runGit, runGitCommand } from "@/lib/git/run-git.ts";
import { runWithConcurrency } from "@/lib/git/run-with-concurrency.ts";
import { chooseDefaultBranch } from "./choose-default-branch.ts";
import { designParents, overlappingFiles, siblingPairsToCheck, buildMergeOrder } from "./merge-order.ts";
import type { MergeBranchGit, MergeOrder, SiblingMerge } from "./merge-order.ts";
import { expectedBranchName } from "./naming-rule.ts";
import type { DesignTree } from "./types.ts";

const ORIGIN_HEAD = "refs/remotes/origin/HEAD";
const MERGE_CONCURRENCY = 8;

/**
 * Reads what the merge order needs from git, in a few batched processes whatever the size of
 * the plan: one `for-each-ref` (heads), one `rev-parse A...B` for every merge base at once, one
 * `merge-base --octopus` + one `rev-list --parents` (ahead/behind of every branch, counted in
 * memory), one `diff-tree --stdin` (the files each side changed), then one `git merge-tree
 * --write-tree` only for the pairs whose changed files overlap (a branch against the base, or two
 * sibling branches). In a repository the user has not trusted, the repository's merge drivers are
 * replaced by `false` and no repository code runs (as in the land check).
 */
export async function readMergeOrder(input: {
  repoRoot: string;
  tree: DesignTree;
  rule: string;
  isTrusted: boolean;
  farBehindCommits?: number;
}): Promise<MergeOrder> {
  const { repoRoot, tree, rule } = input;
  const [refs, extraConfig] = await Promise.all([
    runGit({
      cwd: repoRoot,
      args: ["for-each-ref", "--format=%(refname)%00%(objectname)%00%(symref)", "refs/heads", ORIGIN_HEAD],
    }),
    input.isTrusted ? Promise.resolve([]) : neutralMergeDrivers(repoRoot),
  ]);
  const heads = new Map<string, string>();
  let originHead: string | null = null;
  for (const line of refs.split("\n")) {
    const [ref = "", sha = "", symref = ""] = line.split("\0");
    if (ref === ORIGIN_HEAD && symref.startsWith("refs/remotes/origin/"))
      originHead = symref.slice("refs/remotes/origin/".length);
    else if (ref.startsWith("refs/heads/")) heads.set(ref.slice("refs/heads/".length), sha);
  }
  const branchNames = new Set(heads.keys());
  let base = chooseDefaultBranch({ branchNames, originHead, mainWorktreeBranch: null });
  if (!base)
    base = chooseDefaultBranch({ branchNames, originHead, mainWorktreeBranch: await readHeadBranch(repoRoot) });
  if (!base)
    throw new AppError(
      "precondition_failed",
      "The repository has no default branch (no origin/HEAD, main or master, and the main worktree is not on a branch), so there is nothing to land on. Create or check out the base branch, then look again.",
    );
  const baseSha = heads.get(base)!;
  const { parentOf } = designParents(tree);
  const branchOf = (slug: string) => expectedBranchName({ rule, slug });
  const live = tree.nodes
    .map((node) => ({ slug: node.slug, branch: branchOf(node.slug) }))
    .filter((node) => node.branch !== base && heads.has(node.branch));
  const liveBranches = new Set(live.map((node) => node.branch));
  const parentBranchOf = (slug: string) => {
    const parent = parentOf.get(slug);
    const branch = parent ? branchOf(parent) : null;
    return branch && liveBranches.has(branch) ? branch : null;
  };

  // Merge bases: with the base for every branch, with its design parent's branch for a child.
  const ranges = live.flatMap((node) => {
    const parent = parentBranchOf(node.slug);
    return [
      { key: `base\0${node.branch}`, left: baseSha, right: heads.get(node.branch)! },
      ...(parent ? [{ key: `parent\0${node.branch}`, left: heads.get(parent)!, right: heads.get(node.branch)! }] : []),
    ];
  });
  const parsed = await runGit({
    cwd: repoRoot,
    args: ["rev-parse", `${baseSha}^{tree}`, ...ranges.map((range) => `${range.left}...${range.right}`)],
  });
  const [baseTree = "", ...lines] = parsed.split("\n").filter((line) => line !== "");
  const mergeBaseOf = new Map<string, string | null>();
  let at = 0;
  for (const range of ranges) {
    at += 2;
    const negatives: string[] = [];
    while (at < lines.length && lines[at]!.startsWith("^")) negatives.push(lines[at++]!.slice(1));
    mergeBaseOf.set(range.key, negatives[0] ?? null);
  }

  const [counts, changed] = await Promise.all([
    countAheadBehind({ repoRoot, baseSha, live, heads, mergeBaseOf }),
    readChangedFiles({ repoRoot, baseSha, live, heads, mergeBaseOf }),
  ]);
  const ownFilesOf = (node: { slug: string; branch: string }) =>
    (parentBranchOf(node.slug) ? changed.get(`parent\0${node.branch}`) : changed.get(`base\0${node.branch}`)) ?? [];

  const git = new Map<string, MergeBranchGit>();
  for (const node of live) {
    const { ahead, behind } = counts.get(node.branch) ?? { ahead: 0, behind: 0 };
    git.set(node.branch, {
      ahead,
      behind,
      isLanded: ahead === 0,
      ownFiles: ownFilesOf(node),
      baseConflicts: [],
    });
  }
  if (heads.has(base) && tree.nodes.some((node) => branchOf(node.slug) === base))
    git.set(base, { ahead: 0, behind: 0, isLanded: true, ownFiles: [], baseConflicts: [] });

  const merge = (left: string, right: string) =>
    runGitCommand({
      cwd: repoRoot,
      args: ["merge-tree", "--write-tree", "-z", "--name-only", "--no-messages", left, right],
      okExitCodes: [1],
      allowRepositoryCode: input.isTrusted,
      extraConfig,
      timeoutMs: 60_000,
    }).then((result) => {
      const [resultTree = "", ...files] = result.stdout.toString("utf8").split("\0");
      return { tree: resultTree, conflicts: result.exitCode === 1 ? files.filter((file) => file !== "") : [] };
    });
  const baseChecks = live.filter((node) => {
    const facts = git.get(node.branch)!;
    if (facts.isLanded) return false;
    return (
      overlappingFiles(changed.get(`base\0${node.branch}`) ?? [], changed.get(`base-side\0${node.branch}`) ?? [])
        .length > 0
    );
  });
  const siblingPairs = siblingPairsToCheck({ tree, rule, git });
  const tasks = [
    ...baseChecks.map((node) => ({ kind: "base" as const, a: base, b: node.branch })),
    ...siblingPairs.map((pair) => ({ kind: "sibling" as const, a: pair.a, b: pair.b })),
  ];
  const results = await runWithConcurrency({
    items: tasks,
    limit: MERGE_CONCURRENCY,
    task: (item) => merge(heads.get(item.a)!, heads.get(item.b)!),
  });
  const siblingMerges: SiblingMerge[] = [];
  tasks.forEach((item, index) => {
    const result = results[index]!;
    if (item.kind === "sibling") {
      siblingMerges.push({ a: item.a, b: item.b, conflictingFiles: result.conflicts });
      return;
    }
    const facts = git.get(item.b)!;
    facts.baseConflicts = result.conflicts;
    // Every change of the branch is already on the base (landed with squash, or cherry-picked).
    if (result.conflicts.length === 0 && result.tree === baseTree) facts.isLanded = true;
  });
  return buildMergeOrder({
    tree,
    rule,
    base,
    git,
    siblingMerges,
    ...(input.farBehindCommits === undefined ? {} : { farBehindCommits: input.farBehindCommits }),
  });
}

async function readHeadBranch(repoRoot: string): Promise<string | null> {
  const result = await runGitCommand({
    cwd: repoRoot,
    args: ["symbolic-ref", "-q", "--short", "HEAD"],
    isExitCodeChecked: false,
  });
  return result.exitCode === 0 ? result.stdout.toString("utf8").trim() || null : null;
}

type Live = Array<{ slug: string; branch: string }>;

/**
 * Commits ahead of and behind the base for every branch, from one `rev-list --parents` of
 * everything above the merge bases' common ancestor, counted in memory.
 */
async function countAheadBehind(input: {
  repoRoot: string;
  baseSha: string;
  live: Live;
  heads: ReadonlyMap<string, string>;
  mergeBaseOf: ReadonlyMap<string, string | null>;
}): Promise<Map<string, { ahead: number; behind: number }>> {
  const counts = new Map<string, { ahead: number; behind: number }>();
  if (input.live.length === 0) return counts;
  const bases = [...new Set(input.live.map((node) => input.mergeBaseOf.get(`base\0${node.branch}`)))];
  let floor: string | null = null;
  if (bases.every((sha): sha is string => typeof sha === "string")) {
    const octopus = await runGitCommand({
      cwd: input.repoRoot,
      args: ["merge-base", "--octopus", ...bases],
      isExitCodeChecked: false,
    });
    floor = octopus.exitCode === 0 ? octopus.stdout.toString("utf8").trim() || null : null;
  }
  const tips = [...new Set([input.baseSha, ...input.live.map((node) => input.heads.get(node.branch)!)])];
  const output = await runGit({
    cwd: input.repoRoot,
    args: ["rev-list", "--parents", ...tips, ...(floor ? [`^${floor}`] : [])],
  });
  const parents = new Map<string, string[]>();
  for (const line of output.split("\n")) {
    if (line === "") continue;
    const [sha = "", ...rest] = line.split(" ");
    parents.set(sha, rest);
  }
  const ancestors = (tip: string) => {
    const seen = new Set<string>();
    const stack = [tip];
    while (stack.length > 0) {
      const sha = stack.pop()!;
      if (seen.has(sha) || !parents.has(sha)) continue;
      seen.add(sha);
      stack.push(...parents.get(sha)!);
    }
    return seen;
  };
  const onBase = ancestors(input.baseSha);
  for (const node of input.live) {
    const onBranch = ancestors(input.heads.get(node.branch)!);
    let ahead = 0;
    for (const sha of onBranch) if (!onBase.has(sha)) ahead += 1;
    let shared = 0;
    for (const sha of onBase) if (onBranch.has(sha)) shared += 1;
    counts.set(node.branch, { ahead, behind: onBase.size - shared });
  }
  return counts;
}

/**
 * Files changed, keyed like the merge bases: `base\0b` (the branch since its merge base with the
 * base), `base-side\0b` (the base since that merge base) and `parent\0b` (the branch since its
 * merge base with its design parent's branch), from one `git diff-tree --stdin`.
 */
async function readChangedFiles(input: {
  repoRoot: string;
  baseSha: string;
  live: Live;
  heads: ReadonlyMap<string, string>;
  mergeBaseOf: ReadonlyMap<string, string | null>;
}): Promise<Map<string, string[]>> {
  const pairs: Array<{ key: string; from: string; to: string }> = [];
  for (const node of input.live) {
    const head = input.heads.get(node.branch)!;
    const withBase = input.mergeBaseOf.get(`base\0${node.branch}`);
    if (withBase) {
      pairs.push({ key: `base\0${node.branch}`, from: withBase, to: head });
      pairs.push({ key: `base-side\0${node.branch}`, from: withBase, to: input.baseSha });
    }
    const withParent = input.mergeBaseOf.get(`parent\0${node.branch}`);
    if (withParent) pairs.push({ key: `parent\0${node.branch}`, from: withParent, to: head });
  }
  const files = new Map<string, string[]>();
  const needed = pairs.filter((pair) => pair.from !== pair.to);
  if (needed.length === 0) return files;
  const result = await runGitCommand({
    cwd: input.repoRoot,
    args: ["diff-tree", "--stdin", "--always", "-r", "--name-only", "-z", "--no-renames"],
    stdin: needed.map((pair) => `${pair.from} ${pair.to}\n`).join(""),
    timeoutMs: 60_000,
  });
  const tokens = result.stdout.toString("utf8").split("\0");
  let index = -1;
  let current: string[] = [];
  for (const token of tokens) {
    const next = needed[index + 1];
    if (next && token === next.from) {
      index += 1;
      current = [];
      files.set(next.key, current);
    } else if (token !== "" && index >= 0) current.push(token);
  }
  return files;
}
