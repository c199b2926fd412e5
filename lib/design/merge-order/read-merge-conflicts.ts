import { buildCommit, buildTrees, objectFormatOf, type GitObject, type TreeFile } from "@/lib/git/write/git-objects.ts";
import { keepMergeTree, mergeTreeKey, readKeptMergeTree } from "@/lib/git/run/merge-tree-cache.ts";
import { runGitCommand } from "@/lib/git/run/run-git.ts";
import { runWithConcurrency } from "@/lib/git/run-with-concurrency.ts";
import { withScratchObjectStore, type ScratchObjectStore } from "@/lib/git/write/scratch-object-store.ts";
import { planStandInRounds, type StandInFile } from "./stand-in-merges.ts";

/** Two commits to merge; `left` is ours. */
export interface MergeCheck {
  left: string;
  right: string;
}

/** The stand-in files that answer for each check (null: merge it for real), asked only of checks with no kept verdict. */
export type FindStandIns = (checks: readonly MergeCheck[]) => Promise<Array<ReadonlyMap<string, StandInFile> | null>>;

const MERGE_CONCURRENCY = 8;

/**
 * The files `git merge-tree --write-tree` says would conflict, for each check, in order. Kept
 * verdicts are reused (merge-tree-cache.ts). The others run in a scratch object store (nothing is
 * written to the repository): the checks `findStandIns` gives stand-in files share one
 * `git merge-tree` per round of merges whose files never meet (stand-in-merges.ts), which answers
 * as each real merge would; the rest run one real merge each. A round whose answer names a file it
 * did not hold (which git should never do) is asked again merge by merge.
 */
export async function readMergeConflicts(input: {
  repoRoot: string;
  readCommonDir: () => Promise<string>;
  checks: readonly MergeCheck[];
  isTrusted: boolean;
  extraConfig: readonly string[];
  findStandIns: FindStandIns;
}): Promise<string[][]> {
  const { repoRoot, isTrusted, extraConfig } = input;
  const results = new Array<string[] | undefined>(input.checks.length);
  const keys = input.checks.map((check) =>
    mergeTreeKey({ repoRoot, left: check.left, right: check.right, isTrusted, extraConfig, answer: "conflicts" }),
  );
  const asked = keys.flatMap((key, index) => {
    const kept = key === null ? { isKept: false as const } : readKeptMergeTree<string[]>(key);
    if (!kept.isKept) return [index];
    results[index] = kept.value;
    return [];
  });
  if (asked.length === 0) return results.map((conflicts) => conflicts ?? []);
  const found = await input.findStandIns(asked.map((index) => input.checks[index]!));
  const standInOf = new Map(asked.map((index, at) => [index, found[at] ?? null]));
  const merge = (store: ScratchObjectStore | null, check: MergeCheck) =>
    runMergeTree({ repoRoot, ...check, isTrusted, extraConfig, env: store?.env ?? {} });
  await withScratchObjectStore({ commonDir: await input.readCommonDir() }, async (store) => {
    // Without a scratch store no stand-in can be written: every check is a real merge.
    const standIns = store ? asked.filter((index) => standInOf.get(index) !== null) : [];
    for (const index of standIns) if (standInOf.get(index)!.size === 0) results[index] = [];
    const toMerge = standIns.filter((index) => standInOf.get(index)!.size > 0);
    const rounds = planStandInRounds(toMerge.map((index) => standInOf.get(index)!)).map((members) =>
      members.map((member) => toMerge[member]!),
    );
    const answeredByStandIns = new Set(standIns);
    const real = asked.filter((index) => !answeredByStandIns.has(index));
    const tasks = [...rounds, ...real.map((index) => [index])];
    await runWithConcurrency({
      items: tasks,
      limit: MERGE_CONCURRENCY,
      task: async (members) => {
        // A round of one merge saves no process: it runs as the real merge.
        const answered =
          store && members.length > 1
            ? await mergeRound({
                store,
                checks: members.map((index) => ({ ...input.checks[index]!, standIn: standInOf.get(index)! })),
                merge,
              })
            : null;
        if (answered) members.forEach((index, at) => (results[index] = answered[at]));
        else for (const index of members) results[index] = await merge(store, input.checks[index]!);
      },
    });
  });
  for (const index of asked) {
    const key = keys[index];
    if (key) keepMergeTree(key, results[index] ?? []);
  }
  return results.map((conflicts) => conflicts ?? []);
}

/**
 * One stand-in merge for a round of checks: a base commit with each file as its merge base had it,
 * and two children with each side's version, written to the scratch store and merged (a file two
 * checks hold has the same versions in both, and its answer is both's). Returns each check's
 * conflicts, or null when git named a file no check of the round holds.
 */
async function mergeRound(input: {
  store: ScratchObjectStore;
  checks: ReadonlyArray<MergeCheck & { standIn: ReadonlyMap<string, StandInFile> }>;
  merge: (store: ScratchObjectStore | null, check: MergeCheck) => Promise<string[]>;
}): Promise<string[][] | null> {
  const format = objectFormatOf(input.checks[0]!.left);
  const sides = {
    base: new Map<string, TreeFile>(),
    left: new Map<string, TreeFile>(),
    right: new Map<string, TreeFile>(),
  };
  const ownersOf = new Map<string, number[]>();
  input.checks.forEach((check, at) => {
    for (const [file, versions] of check.standIn) {
      ownersOf.set(file, [...(ownersOf.get(file) ?? []), at]);
      if (versions.base) sides.base.set(file, versions.base);
      sides.left.set(file, versions.left);
      sides.right.set(file, versions.right);
    }
  });
  const objects: GitObject[] = [];
  const commitOf = (files: ReadonlyMap<string, TreeFile>, parents: string[], message: string) => {
    const trees = buildTrees({ files, format });
    const commit = buildCommit({ tree: trees.root, parents, message, format });
    objects.push(...trees.objects, commit);
    return commit.id;
  };
  const base = commitOf(sides.base, [], "merge base");
  const left = commitOf(sides.left, [base], "left");
  const right = commitOf(sides.right, [base], "right");
  input.store.write(objects);
  const conflicts = await input.merge(input.store, { left, right });
  const answers = input.checks.map((): string[] => []);
  for (const file of conflicts) {
    const owners = ownersOf.get(file);
    if (!owners) return null;
    for (const owner of owners) answers[owner]!.push(file);
  }
  return answers;
}

/** `git merge-tree --write-tree` of two commits: the files it says conflict ([] when it merges cleanly). */
async function runMergeTree(input: {
  repoRoot: string;
  left: string;
  right: string;
  isTrusted: boolean;
  extraConfig: readonly string[];
  env: Record<string, string>;
}): Promise<string[]> {
  const result = await runGitCommand({
    cwd: input.repoRoot,
    args: ["merge-tree", "--write-tree", "-z", "--name-only", "--no-messages", input.left, input.right],
    okExitCodes: [1],
    allowRepositoryCode: input.isTrusted,
    extraConfig: [...input.extraConfig],
    env: input.env,
    timeoutMs: 60_000,
  });
  const [, ...files] = result.stdout.toString("utf8").split("\0");
  return result.exitCode === 1 ? files.filter((file) => file !== "") : [];
}
