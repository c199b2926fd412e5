import { chooseDefaultBranch } from "@/lib/design/choose-default-branch.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { neutralMergeDrivers } from "@/lib/git/run/neutral-merge-drivers.ts";
import type { BranchNames } from "@/lib/git/read/read-branch-names.ts";
import type { WorktreeState } from "@/lib/git/parse/build-worktree-scan.ts";
import type { WorktreeListEntry } from "@/lib/git/parse/parse-worktree-list.ts";
import { readPathKind } from "@/lib/git/read/read-path-kind.ts";
import { readStatusState } from "@/lib/git/read/read-worktree-state.ts";
import type { WorktreeScan } from "@/lib/git/types.ts";
import { parseMergeTreeOutput, type ConflictLabels } from "@/lib/worktrees/conflicts/conflict-hunks.ts";
import { nameConflict, type NamedConflict } from "@/lib/worktrees/conflicts/conflict-notes.ts";
import { landBlockers } from "./land-blockers.ts";
import { locateLanding, locateLandingFromFiles, scanOne, toScan } from "./locate-landing.ts";
import { describeOperation, readOperationState } from "./operation-state.ts";
import {
  isMergeFreeOfRepositoryCode,
  runLandingGit,
  startSpeculativeLanding,
  type Settled,
  type SpeculativeLanding,
} from "./speculative-landing.ts";
import { MAX_LISTED_CONFLICT_FILES } from "@/lib/worktrees/name-files.ts";
import { countChangedFiles, liveRunState, type WorktreeContext } from "@/lib/worktrees/worktree-facts.ts";
import { describeStoppedIn, findStoppedRebaseOf } from "./stopped-operations.ts";
import { heldFor } from "@/lib/worktrees/worktree-holds.ts";
import type { LandBlockers, LandCheck, LandConflictCheck } from "@/lib/worktrees/worktree-types.ts";

/** Kept here too: land-worktree.ts imports it from this module. */
export { neutralMergeDrivers };

type LandInput = { repoId: string; worktreePath: string; base?: string };

/**
 * Would landing the branch into its base (default branch unless given) conflict, and where, without
 * touching any worktree or ref: `merge-tree --write-tree`, whose tree is returned for the hunks.
 * Untrusted: merge drivers become `false` (such a file counts as conflicting). Worktree and refs are
 * read from git's files when possible (locateLandingFromFiles). Blockers are checkLandingBlockers'.
 */
export async function checkLandingConflicts(ctx: WorktreeContext, input: LandInput): Promise<LandConflicts> {
  const { db } = ctx;
  // The files answer in about a millisecond: the merge starts after them, not on a guess.
  const quick = await locateLandingFromFiles(db, input);
  if (!quick)
    return (
      await locateTarget(ctx, input, guessLanding(input, { withMerge: true, withMainStatus: false }))
    ).conflicts();
  const base = chooseBase({ input, names: quick.names, mainBranch: quick.mainBranch, branch: quick.branch });
  return readConflicts({ ...quick, base, guess: { guessed: null, isRight: false } });
}

/**
 * What must happen before landing: uncommitted changes in either worktree, a rebase or merge
 * stopped in either, a run in either, no worktree on the base (or its folder gone).
 */
export async function checkLandingBlockers(ctx: WorktreeContext, input: LandInput): Promise<LandBlockers> {
  const target = await locateTarget(ctx, input, guessLanding(input, { withMerge: false, withMainStatus: true }));
  return { base: target.base, baseWorktreePath: target.baseWorktreePath, ...(await target.blockers()) };
}

/** Both: what landing would do and what stands in its way (the land itself checks this first). */
export async function checkLanding(ctx: WorktreeContext, input: LandInput): Promise<LandCheck> {
  const target = await locateTarget(ctx, input, guessLanding(input, { withMerge: true, withMainStatus: true }));
  const [conflicts, { blockers }] = await Promise.all([target.conflicts(), target.blockers()]);
  return { ...conflicts.check, baseWorktreePath: target.baseWorktreePath, blockers };
}

/**
 * The slow git work started on a guess as soon as the repository's folder is known
 * (startSpeculativeLanding), kept only when the guess proves right.
 */
function guessLanding(input: LandInput, options: { withMerge: boolean; withMainStatus: boolean }) {
  let started: SpeculativeLanding | null = null;
  return {
    start: (repoRoot: string) => {
      started ??= startSpeculativeLanding({
        repoRoot,
        worktreePath: input.worktreePath,
        base: input.base,
        ...options,
      });
    },
    /** The guess, when it was about this branch and base, with a merge a trusted run would agree with. */
    kept: async (known: { repoRoot: string; branch: string; base: string; isTrusted: boolean }) => {
      const guessed = started;
      const isRight =
        guessed !== null &&
        guessed.repoRoot === known.repoRoot &&
        guessed.branch === known.branch &&
        guessed.base === known.base &&
        (!known.isTrusted || (await isMergeFreeOfRepositoryCode(known.repoRoot)));
      return { guessed, isRight };
    },
  };
}

type Guess = ReturnType<typeof guessLanding>;
type KeptGuess = Awaited<ReturnType<Guess["kept"]>>;

const kept = <T>(settled: Promise<Settled<T>> | null | undefined, fresh: () => Promise<T>) =>
  settled ? settled.then((result) => ("value" in result ? result.value : fresh())) : fresh();

/** The base asked for, else the repository's default branch; refused when missing or the branch itself. */
function chooseBase(input: {
  input: LandInput;
  names: BranchNames;
  mainBranch: string | null;
  branch: string;
}): string {
  const base =
    input.input.base ??
    chooseDefaultBranch({
      branchNames: new Set(input.names.local.keys()),
      originHead: input.names.originHead,
      mainWorktreeBranch: input.mainBranch,
    });
  if (!base || !input.names.local.has(base))
    throw new AppError(
      "precondition_failed",
      base ? `The base branch ${base} does not exist. Choose another base.` : "The repository has no default branch.",
    );
  if (base === input.branch)
    throw new AppError("invalid_input", `This worktree is on ${base} itself; there is nothing to land.`);
  return base;
}

/**
 * The pre-check's answer, and for the hunks: the first conflicts with what each side has there
 * (named as the user knows them, nameConflict), where the merge ran and whether the repository's
 * own merge drivers could run.
 */
export interface LandConflicts {
  check: LandConflictCheck;
  /** The first MAX_LISTED_CONFLICT_FILES conflicts, in the order of `check.conflictingFiles`. */
  conflicts: NamedConflict[];
  /** The commits merged, which label the conflict markers in the merged files. */
  labels: ConflictLabels;
  repoRoot: string;
  isTrusted: boolean;
}

/** The merge of branch into base (the guess's when right) read as the pre-check's answer. */
async function readConflicts(target: {
  repoRoot: string;
  commonDir?: string;
  worktreePath: string;
  branch: string;
  base: string;
  isTrusted: boolean;
  mergeDrivers: () => Promise<string[]>;
  guess: KeptGuess;
}): Promise<LandConflicts> {
  const { repoRoot, branch, base, isTrusted, guess } = target;
  const { merge, clean, baseCommit, branchCommit } = await kept(
    guess.isRight ? guess.guessed?.landing : null,
    async () =>
      runLandingGit({
        repoRoot,
        commonDir: target.commonDir,
        base,
        branch,
        isTrusted,
        extraConfig: isTrusted ? [] : await target.mergeDrivers(),
      }),
  );
  const parsed = parseMergeTreeOutput(merge.stdout);
  const { tree } = parsed;
  // Only the first are named (thousands may conflict); the rest are counted.
  const conflicts =
    clean === null
      ? parsed.conflicts
          .slice(0, MAX_LISTED_CONFLICT_FILES)
          .map((conflict) => nameConflict(conflict, { base, branch, baseCommit, branchCommit }))
      : [];
  // A branch whose work the base already has (squashed or rebased in): merging changes nothing.
  const isLanded = clean !== null && (clean.commitsToLand === 0 || tree === clean.baseTree);
  const check: LandConflictCheck = {
    worktreePath: target.worktreePath,
    branch,
    base,
    baseCommit,
    mergeTree: tree,
    status: clean === null ? "conflicts" : isLanded ? "nothing_to_land" : "clean",
    conflictingFiles: conflicts.map((conflict) => conflict.shownPath),
    conflictingFileCount: clean === null ? parsed.conflicts.length : 0,
    commitsToLand: clean?.commitsToLand ?? null,
    baseAhead: clean?.baseAhead ?? null,
  };
  return { check, conflicts, labels: { base: baseCommit, branch: branchCommit }, repoRoot, isTrusted };
}

/** The worktree, its branch and base checked against git's worktree list and refs; its conflicts and blockers on demand. */
async function locateTarget(ctx: WorktreeContext, input: LandInput, guess: Guess) {
  const { db } = ctx;
  const { repoRoot, entries, entry, names, isTrusted, mergeDrivers } = await locateLanding(db, input, guess.start);
  const branch = entry.branch;
  if (!branch || entry.isDetached) {
    // A rebase stopped half way leaves HEAD detached: say that, with what to do.
    const stopped = await readOperationState(entry.path);
    if (stopped) throw new AppError("conflict", describeOperation(stopped), { details: { operation: stopped } });
    throw new AppError("invalid_input", "This worktree is on a detached HEAD; create a branch in it before landing.");
  }
  const base = chooseBase({ input, names, mainBranch: entries[0]?.branch ?? null, branch });
  const baseEntry = entries.find((candidate) => candidate.branch === base && !candidate.isBare) ?? null;
  const known = await guess.kept({ repoRoot, branch, base, isTrusted });
  let conflicts: Promise<LandConflicts> | null = null;
  const readOnce = () =>
    (conflicts ??= readConflicts({
      repoRoot,
      worktreePath: entry.path,
      branch,
      base,
      isTrusted,
      mergeDrivers,
      guess: known,
    }));
  const blockers = async (): Promise<Pick<LandBlockers, "blockers" | "runs">> => {
    const mainStatus = known.guessed?.repoRoot === baseEntry?.path ? known.guessed?.mainStatus : null;
    const [worktree, baseWorktree, baseRebase] = await Promise.all([
      scanOne(entries, entry),
      baseEntry ? readBaseScan({ entries, baseEntry, mainStatus }) : null,
      baseEntry ? null : findStoppedRebaseOf({ entries, branch: base }),
    ]);
    const [branchOperation, baseOperation] = await Promise.all([
      describeStoppedIn(worktree),
      baseWorktree ? describeStoppedIn(baseWorktree) : null,
    ]);
    const branchRunState = liveRunState(ctx, { repoId: input.repoId, worktreePath: worktree.path });
    const baseRunState = baseWorktree
      ? liveRunState(ctx, { repoId: input.repoId, worktreePath: baseWorktree.path })
      : "idle";
    const runs = [
      { worktreePath: worktree.path, state: branchRunState },
      ...(baseWorktree ? [{ worktreePath: baseWorktree.path, state: baseRunState }] : []),
    ].filter((run): run is LandBlockers["runs"][number] => run.state !== "idle");
    const list = landBlockers({
      branch,
      base,
      baseWorktreePath: baseWorktree?.path ?? null,
      isBaseWorktreeMissing: baseWorktree?.isMissing ?? false,
      baseRebase,
      branchOperation,
      baseOperation,
      baseChangedFiles: baseWorktree ? countChangedFiles(baseWorktree) : 0,
      branchChangedFiles: countChangedFiles(worktree),
      branchRunState,
      baseRunState,
      branchBusyWith: heldFor(ctx.worktreeHolds, worktree.path),
      baseBusyWith: baseWorktree ? heldFor(ctx.worktreeHolds, baseWorktree.path) : null,
    });
    return { blockers: list, runs };
  };
  return { base, baseWorktreePath: baseEntry?.path ?? null, conflicts: readOnce, blockers };
}

/**
 * The scan of the worktree that has the base checked out: its status (the guess's when it read
 * that worktree), or `isMissing` when its folder is gone (deleted behind git's back, git still
 * lists it), which git cannot be asked about at all.
 */
async function readBaseScan(input: {
  entries: WorktreeListEntry[];
  baseEntry: WorktreeListEntry;
  mainStatus: Promise<Settled<WorktreeState>> | null | undefined;
}): Promise<WorktreeScan> {
  const { entries, baseEntry } = input;
  const kind = await readPathKind(baseEntry.path).catch(() => null);
  if (kind === "missing") return toScan(entries, baseEntry, { kind: "missing" });
  return toScan(
    entries,
    baseEntry,
    await kept(input.mainStatus, () => readStatusState({ worktreePath: baseEntry.path })),
  );
}
