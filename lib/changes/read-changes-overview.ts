import type { Db } from "@/lib/db/client.ts";
import { listWorktreeEntries } from "@/lib/git/read/list-worktree-entries.ts";
import { HEAD_COMMIT_FORMAT, parseHeadCommits } from "@/lib/git/parse/parse-head-commits.ts";
import { readBranchNames } from "@/lib/git/read/read-branch-names.ts";
import { countAheadBehind, readHeadRef, readMergeBase, resolveCommit } from "@/lib/git/read/read-head-ref.ts";
import { readGitDir, readOperationInProgress } from "@/lib/git/read/read-operation-in-progress.ts";
import { runGit } from "@/lib/git/run/run-git.ts";
import type { HeadCommit } from "@/lib/git/types.ts";
import { listPlans } from "@/lib/plans/plans-store.ts";
import { readProjectRules } from "@/lib/plans/project-rules.ts";
import type { BaseView, ChangesOverview } from "./changes-view.ts";
import { chooseChangesBase, findDesignParentBranch } from "./choose-changes-base.ts";
import { findIndexedWorktree } from "./find-pinned-worktree.ts";
import type { WorktreeIndex } from "@/lib/pins/worktree-index.ts";

const MAX_COMMITS = 200;
const MAX_CANDIDATES = 500;

/**
 * Where a worktree stands: its branch and HEAD, a half-done merge or rebase, the base it is
 * compared with (see chooseChangesBase; `base` is the user's pick), ahead/behind against it and
 * the commits since. Small git processes, run side by side; nothing is stored.
 */
export async function readChangesOverview(
  { db, worktreeIndex }: { db: Db; worktreeIndex: WorktreeIndex },
  input: { repoId: string; worktreePath: string; base?: string | null },
): Promise<ChangesOverview> {
  const { worktreePath: cwd } = await findIndexedWorktree({ db, worktreeIndex }, input);
  const [headRef, operation, names, entries, plans, rules, chosenCommit] = await Promise.all([
    readHeadRef(cwd),
    readGitDir(cwd).then(readOperationInProgress),
    readBranchNames(cwd),
    listWorktreeEntries({ cwd }),
    listPlans(db, { repoId: input.repoId }),
    readProjectRules(db, input.repoId),
    input.base ? resolveCommit({ cwd, revision: input.base }) : Promise.resolve(null),
  ]);
  const chosen = chooseChangesBase({
    branch: headRef.branch,
    chosen: input.base ? { name: input.base, isValid: chosenCommit !== null } : null,
    designParent: findDesignParentBranch({
      trees: plans.flatMap((plan) => (plan.tree ? [plan.tree] : [])),
      rule: rules.branchNamingRule,
      branch: headRef.branch,
    }),
    names,
    mainWorktreeBranch: entries[0]?.branch ?? null,
  });
  const { base, commits } = await compareWithBase({ cwd, head: headRef.head, chosen });
  return {
    worktreePath: cwd,
    branch: headRef.branch,
    head: headRef.head,
    isDetached: headRef.branch === null,
    isUnborn: headRef.head === null,
    operation,
    base,
    baseCandidates: [...names.local.keys(), ...names.remote].slice(0, MAX_CANDIDATES),
    commits,
    commitCount: base.ahead,
  };
}

async function compareWithBase(input: {
  cwd: string;
  head: string | null;
  chosen: { name: string | null; source: BaseView["source"]; note: string | null };
}): Promise<{ base: BaseView; commits: HeadCommit[] }> {
  const { cwd, head, chosen } = input;
  const empty: BaseView = { ...chosen, mergeBase: null, ahead: 0, behind: 0 };
  if (!chosen.name) return { base: empty, commits: [] };
  if (!head)
    return { base: { ...empty, note: "No commit yet on this branch: only uncommitted changes." }, commits: [] };
  const baseCommit = await resolveCommit({ cwd, revision: chosen.name });
  const mergeBase = baseCommit ? await readMergeBase({ cwd, a: baseCommit, b: head }) : null;
  if (!baseCommit || !mergeBase) {
    return { base: { ...empty, note: `This branch shares no history with ${chosen.name}.` }, commits: [] };
  }
  const [counts, log] = await Promise.all([
    countAheadBehind({ cwd, base: baseCommit, head }),
    runGit({
      cwd,
      args: [
        "log",
        "-z",
        `--max-count=${MAX_COMMITS}`,
        HEAD_COMMIT_FORMAT,
        "--end-of-options",
        `${mergeBase}..${head}`,
        "--",
      ],
    }),
  ]);
  return { base: { ...empty, mergeBase, ...counts }, commits: parseHeadCommits(log) };
}
