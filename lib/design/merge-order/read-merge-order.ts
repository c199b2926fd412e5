import { AppError } from "@/lib/errors/app-error.ts";
import { readBranchCreatedAt } from "@/lib/git/read/read-branch-created-at.ts";
import { readCommonDir, readRepoBranchHeads } from "@/lib/git/read/read-head-from-files.ts";
import { readGitDirFromFiles } from "@/lib/git/read/read-operation-in-progress.ts";
import { neutralMergeDrivers } from "@/lib/git/run/neutral-merge-drivers.ts";
import { runGit, runGitCommand } from "@/lib/git/run/run-git.ts";
import { chooseDefaultBranch } from "@/lib/design/choose-default-branch.ts";
import { findStandInsFromGraph } from "./find-stand-ins.ts";
import { readChangedFiles, type Diff, type LiveBranches } from "./read-changed-files.ts";
import { readCommitGraph, type CommitGraph } from "./read-commit-graph.ts";
import { readBaseWrites } from "./read-base-writes.ts";
import { readMergeConflicts } from "./read-merge-conflicts.ts";
import { buildMergeOrder, designParents, siblingPairsToCheck } from "./merge-order.ts";
import { mayConflict } from "./may-conflict.ts";
import type { MergeBranchGit, MergeOrder, SiblingMerge } from "./merge-order.ts";
import { expectedBranchName } from "@/lib/design/naming-rule.ts";
import type { DesignTree } from "@/lib/design/types.ts";

const ORIGIN_HEAD = "refs/remotes/origin/HEAD";
/**
 * Sibling pairs merged to check, at most, for one order: a plan of hundreds of siblings that all
 * touch one file (a changelog, a lock file) would otherwise ask tens of thousands of merges, minutes
 * of git. The pairs past it are listed with their shared files, marked not checked.
 */
export const MAX_SIBLING_MERGES = 200;

/**
 * Reads what the merge order needs from git in a few batched processes, whatever the plan's size:
 * refs (files, else `for-each-ref`), one `merge-base --octopus` and `rev-list --parents` (bases and
 * counts in memory), one `diff-tree --stdin --raw`, a `git log --raw` of the base when a branch may
 * have been squashed onto it, then `merge-tree --write-tree` only for pairs whose changes overlap and
 * differ; the rest share one stand-in merge (read-merge-conflicts.ts). Untrusted: merge drivers are
 * `false`, no repository code runs. `focusSlug` merges only that node's branch.
 */
export async function readMergeOrder(input: {
  repoRoot: string;
  tree: DesignTree;
  rule: string;
  isTrusted: boolean;
  farBehindCommits?: number;
  focusSlug?: string;
  maxSiblingMerges?: number;
}): Promise<MergeOrder> {
  const { repoRoot, tree, rule } = input;
  const branchOf = (slug: string) => expectedBranchName({ rule, slug });
  const planBranches = tree.nodes.map((node) => branchOf(node.slug));
  // The branches' commits from the files when they can say (else every branch, from git).
  const fromFiles = readRepoBranchHeads(repoRoot, ["main", "master", ...planBranches]);
  const [refs, extraConfig] = await Promise.all([
    fromFiles ? Promise.resolve(fromFiles) : readAllHeads(repoRoot),
    input.isTrusted ? Promise.resolve([]) : neutralMergeDrivers(repoRoot),
  ]);
  let { heads, originHead } = refs;
  let base = chooseDefaultBranch({ branchNames: new Set(heads.keys()), originHead, mainWorktreeBranch: null });
  if (!base) {
    // The main worktree's branch may be one the files were not asked about: every branch, from git.
    if (fromFiles) ({ heads, originHead } = await readAllHeads(repoRoot));
    const mainWorktreeBranch = await readHeadBranch(repoRoot);
    base = chooseDefaultBranch({ branchNames: new Set(heads.keys()), originHead, mainWorktreeBranch });
  }
  if (!base)
    throw new AppError(
      "precondition_failed",
      "The repository has no default branch (no origin/HEAD, main or master, and the main worktree is not on a branch), so there is nothing to land on. Create or check out the base branch, then look again.",
    );
  const baseSha = heads.get(base)!;
  let commonDir: Promise<string> | null = null;
  const readCommonDirOnce = () => (commonDir ??= readRepoCommonDir(repoRoot));
  const { parentOf } = designParents(tree);
  const live = tree.nodes
    .map((node) => ({ slug: node.slug, branch: branchOf(node.slug) }))
    .filter((node) => node.branch !== base && heads.has(node.branch));
  const liveBranches = new Set(live.map((node) => node.branch));
  const slugOf = new Map(live.map((node) => [node.branch, node.slug]));
  const parentBranchOf = (slug: string) => {
    const parent = parentOf.get(slug);
    const branch = parent ? branchOf(parent) : null;
    return branch && liveBranches.has(branch) ? branch : null;
  };

  // One walk of the commits above everything's common ancestor: merge bases and counts in memory.
  // What each side changed is read by a diff-tree started beside it, fed once the merge bases are known.
  const graphRead = readCommitGraph({ repoRoot, tips: [baseSha, ...live.map((node) => heads.get(node.branch)!)] });
  const mergeBasesRead = graphRead.then((graph) => {
    const mergeBaseOf = new Map<string, string | null>();
    for (const node of live) {
      const head = heads.get(node.branch)!;
      mergeBaseOf.set(`base\0${node.branch}`, graph.mergeBase(baseSha, head));
      const parent = parentBranchOf(node.slug);
      if (parent) mergeBaseOf.set(`parent\0${node.branch}`, graph.mergeBase(heads.get(parent)!, head));
    }
    return mergeBaseOf;
  });
  const [graph, mergeBaseOf, { files: changed, changes, diffs }] = await Promise.all([
    graphRead,
    mergeBasesRead,
    readChangedFiles({ repoRoot, baseSha, live, heads, mergeBaseOf: mergeBasesRead }),
  ]);
  const ownKey = (node: { slug: string; branch: string }) =>
    parentBranchOf(node.slug) ? `parent\0${node.branch}` : `base\0${node.branch}`;
  const ownOf = (node: { slug: string; branch: string }) => changed.get(ownKey(node)) ?? new Map<string, string>();
  const noChanges: Diff = new Map();
  const ownChangesOf = (branch: string) => changes.get(ownKey({ slug: slugOf.get(branch)!, branch })) ?? noChanges;

  const git = new Map<string, MergeBranchGit>();
  for (const node of live) {
    const { ahead, behind } = graph.aheadBehind(baseSha, heads.get(node.branch)!);
    const own = ownOf(node);
    const sinceBase = changed.get(`base\0${node.branch}`) ?? new Map<string, string>();
    const baseSide = changed.get(`base-side\0${node.branch}`) ?? new Map<string, string>();
    // Every change of the branch is already on the base, byte for byte (landed with squash, or cherry-picked).
    const isSquashed = sinceBase.size > 0 && [...sinceBase].every(([file, blob]) => baseSide.get(file) === blob);
    git.set(node.branch, {
      ahead,
      behind,
      isLanded:
        isSquashed ||
        (ahead === 0 && (await hasMovedSinceCreated({ commonDir: await readCommonDirOnce(), node, heads }))),
      ownFiles: [...own.keys()],
      baseConflicts: [],
    });
  }
  await markSquashedEarlier({ repoRoot, baseSha, graph, live, git, changed, mergeBaseOf });
  if (heads.has(base) && tree.nodes.some((node) => branchOf(node.slug) === base))
    git.set(base, { ahead: 0, behind: 0, isLanded: true, ownFiles: [], baseConflicts: [] });

  // Only the branch's own changes: what its design parent brings is that parent's risk, and lands first.
  const focus = input.focusSlug === undefined ? null : branchOf(input.focusSlug);
  const isInFocus = (...branches: string[]) => focus === null || branches.includes(focus);
  const baseChecks = live.filter((node) => {
    if (!isInFocus(node.branch) || git.get(node.branch)!.isLanded) return false;
    const baseSide = changes.get(`base-side\0${node.branch}`) ?? noChanges;
    return mayConflict({ left: ownChangesOf(node.branch), right: baseSide });
  });
  const siblingPairs = siblingPairsToCheck({ tree, rule, git }).filter((pair) =>
    mayConflict({ left: ownChangesOf(pair.a), right: ownChangesOf(pair.b) }),
  );
  const toMerge = siblingPairs
    .filter((pair) => isInFocus(pair.a, pair.b))
    .slice(0, input.maxSiblingMerges ?? MAX_SIBLING_MERGES);
  const siblingMerges: SiblingMerge[] = siblingPairs
    .filter((pair) => !toMerge.includes(pair))
    .map((pair) => ({ a: pair.a, b: pair.b, conflictingFiles: null }));
  const tasks = [
    ...baseChecks.map((node) => ({ kind: "base" as const, a: base, b: node.branch })),
    ...toMerge.map((pair) => ({ kind: "sibling" as const, a: pair.a, b: pair.b })),
  ];

  const results = await readMergeConflicts({
    repoRoot,
    readCommonDir: readCommonDirOnce,
    checks: tasks.map((item) => ({ left: heads.get(item.a)!, right: heads.get(item.b)! })),
    isTrusted: input.isTrusted,
    extraConfig,
    findStandIns: findStandInsFromGraph({ repoRoot, graph, diffs }),
  });
  tasks.forEach((item, index) => {
    const conflicts = results[index]!;
    if (item.kind === "sibling") {
      siblingMerges.push({ a: item.a, b: item.b, conflictingFiles: conflicts });
      return;
    }
    const facts = git.get(item.b)!;
    const own = new Set(facts.ownFiles);
    facts.baseConflicts = parentBranchOf(slugOf.get(item.b)!) ? conflicts.filter((file) => own.has(file)) : conflicts;
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

/**
 * Whether a branch with nothing the base lacks has had commits of its own (landed, by a merge or a
 * fast-forward) rather than being just created from the base with none yet: its head is not the
 * commit its reflog says it was created at. Without a reflog (a bare repository keeps none unless
 * asked, an expired one) git cannot say; it counts as not landed, as for the merged badge
 * (landedBranches): "no commits yet" is true of it, while "landed" would warn of a child landed
 * before its parent that never was.
 */
async function hasMovedSinceCreated(input: {
  commonDir: string;
  node: { branch: string };
  heads: ReadonlyMap<string, string>;
}): Promise<boolean> {
  const created = await readBranchCreatedAt({ commonDir: input.commonDir, branch: input.node.branch });
  return created !== null && created !== input.heads.get(input.node.branch);
}

/**
 * The repository's common dir: from the `.git` entry's files when the root has one (no process),
 * else (a bare repository, whose root is its git dir) from `git rev-parse`.
 */
async function readRepoCommonDir(repoRoot: string): Promise<string> {
  const gitDir = await readGitDirFromFiles(repoRoot);
  if (gitDir) return readCommonDir(gitDir);
  const output = await runGit({ cwd: repoRoot, args: ["rev-parse", "--path-format=absolute", "--git-common-dir"] });
  return output.trim();
}

/** Every local branch with its commit, and the branch origin/HEAD points at, from one for-each-ref. */
async function readAllHeads(repoRoot: string): Promise<{ heads: Map<string, string>; originHead: string | null }> {
  const refs = await runGit({
    cwd: repoRoot,
    args: ["for-each-ref", "--format=%(refname)%00%(objectname)%00%(symref)", "refs/heads", ORIGIN_HEAD],
  });
  const heads = new Map<string, string>();
  let originHead: string | null = null;
  for (const line of refs.split("\n")) {
    const [ref = "", sha = "", symref = ""] = line.split("\0");
    if (ref === ORIGIN_HEAD && symref.startsWith("refs/remotes/origin/"))
      originHead = symref.slice("refs/remotes/origin/".length);
    else if (ref.startsWith("refs/heads/")) heads.set(ref.slice("refs/heads/".length), sha);
  }
  return { heads, originHead };
}

async function readHeadBranch(repoRoot: string): Promise<string | null> {
  const result = await runGitCommand({
    cwd: repoRoot,
    args: ["symbolic-ref", "-q", "--short", "HEAD"],
    isExitCodeChecked: false,
  });
  return result.exitCode === 0 ? result.stdout.toString("utf8").trim() || null : null;
}

/**
 * Marks landed the branches squashed onto the base whose files the base changed again since: every
 * file the branch changed was, at some commit of the base since they split, exactly as the branch
 * has it. Only a branch all of whose files the base touched since is a candidate, so work in
 * progress costs nothing, and the base's commits are read once (readBaseWrites) for them all: only
 * the candidates' files, and only back to the oldest candidate's merge base (one stale branch
 * elsewhere in the plan does not make it years of history). When git cannot tell, none is marked.
 */
async function markSquashedEarlier(input: {
  repoRoot: string;
  baseSha: string;
  graph: CommitGraph;
  live: LiveBranches;
  git: Map<string, MergeBranchGit>;
  changed: ReadonlyMap<string, ReadonlyMap<string, string>>;
  mergeBaseOf: ReadonlyMap<string, string | null>;
}): Promise<void> {
  const sinceBaseOf = (branch: string) => input.changed.get(`base\0${branch}`) ?? new Map<string, string>();
  const candidates = input.live.filter((node) => {
    const facts = input.git.get(node.branch)!;
    const baseSide = input.changed.get(`base-side\0${node.branch}`) ?? new Map<string, string>();
    const sinceBase = sinceBaseOf(node.branch);
    return !facts.isLanded && sinceBase.size > 0 && [...sinceBase.keys()].every((file) => baseSide.has(file));
  });
  if (candidates.length === 0) return;
  const mergeBaseOf = (branch: string) => input.mergeBaseOf.get(`base\0${branch}`) ?? null;
  const onlyOnBase = new Map(
    candidates.map((node) => [node.branch, input.graph.commitsOnlyIn(input.baseSha, mergeBaseOf(node.branch))]),
  );
  const writes = await readBaseWrites({
    repoRoot: input.repoRoot,
    baseSha: input.baseSha,
    floor: oldestMergeBase({ candidates, onlyOnBase, mergeBaseOf }) ?? input.graph.floor,
    files: candidates.flatMap((node) => [...sinceBaseOf(node.branch).keys()]),
  });
  if (!writes) return;
  for (const node of candidates) {
    const written = new Set<string>();
    for (const commit of onlyOnBase.get(node.branch)!)
      for (const [file, blob] of writes.get(commit) ?? []) written.add(`${file}\0${blob}`);
    if ([...sinceBaseOf(node.branch)].every(([file, blob]) => written.has(`${file}\0${blob}`)))
      input.git.get(node.branch)!.isLanded = true;
  }
}

/**
 * The candidate merge base the base's commits are read back to: the one with the most base commits
 * above it, when those include every other candidate's (the others descend from it); else null.
 */
function oldestMergeBase(input: {
  candidates: LiveBranches;
  onlyOnBase: ReadonlyMap<string, string[]>;
  mergeBaseOf: (branch: string) => string | null;
}): string | null {
  const [oldest] = [...input.candidates].sort(
    (a, b) => input.onlyOnBase.get(b.branch)!.length - input.onlyOnBase.get(a.branch)!.length,
  );
  if (!oldest) return null;
  const covered = new Set(input.onlyOnBase.get(oldest.branch));
  const coversAll = [...input.onlyOnBase.values()].every((commits) => commits.every((sha) => covered.has(sha)));
  return coversAll ? input.mergeBaseOf(oldest.branch) : null;
}
