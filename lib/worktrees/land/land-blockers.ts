/**
 * Why a worktree's branch must not be landed into its base now, in sentences a user can act on.
 * Pure: land-check.ts gathers the facts (git, the run manager, pending questions).
 */
export interface LandFacts {
  branch: string;
  base: string;
  /** The worktree that has the base branch checked out, or null when none does. */
  baseWorktreePath: string | null;
  /** Its folder is gone (deleted behind git's back): git still lists it, but nothing can happen there. */
  isBaseWorktreeMissing?: boolean;
  /** With no worktree on the base: the worktree where a rebase of the base is stopped, with its sentence. */
  baseRebase?: { worktreePath: string; description: string } | null;
  /** A rebase or merge stopped in either worktree, as describeOperation puts it. */
  branchOperation?: string | null;
  baseOperation?: string | null;
  baseChangedFiles: number;
  branchChangedFiles: number;
  branchRunState: "idle" | "running" | "queued" | "waiting";
  baseRunState: "idle" | "running" | "queued" | "waiting";
  /** What Arbor's git is doing in either worktree right now ("landing feat/x into main"), if anything (worktree-holds.ts). */
  branchBusyWith?: string | null;
  baseBusyWith?: string | null;
}

export function landBlockers(facts: LandFacts): string[] {
  const blockers: string[] = [];
  const changes = (count: number) => `${count} uncommitted ${count === 1 ? "change" : "changes"}`;
  const them = (count: number) => (count === 1 ? "it" : "them");
  if (facts.baseWorktreePath === null)
    blockers.push(
      facts.baseRebase
        ? `The worktree ${facts.baseRebase.worktreePath} is in the middle of a rebase of ${facts.base}, so no worktree has ${facts.base} checked out to land into. ${facts.baseRebase.description}`
        : `No worktree has ${facts.base} checked out; check it out (the main worktree is usual) to land into it.`,
    );
  else if (facts.isBaseWorktreeMissing)
    blockers.push(
      `The worktree that has ${facts.base} checked out, ${facts.baseWorktreePath}, is missing: its folder was deleted or moved. Restore the folder, or run \`git worktree prune\` so git forgets it (then check ${facts.base} out in another worktree), and land again.`,
    );
  // The changes of a land or abort under way are its own: say what is under way instead.
  for (const [where, doing] of [
    ["this worktree", facts.branchBusyWith],
    [`the ${facts.base} worktree`, facts.baseBusyWith],
  ] as const)
    if (doing) blockers.push(`Arbor is ${doing} in ${where} right now; wait until it is done.`);
  // A stopped merge or rebase is what its conflicted and half-applied files are: name it, with its ways out.
  if (facts.baseOperation && !facts.baseBusyWith)
    blockers.push(`In the ${facts.base} worktree: ${facts.baseOperation}`);
  else if (facts.baseChangedFiles > 0 && !facts.baseBusyWith)
    blockers.push(
      `The ${facts.base} worktree has ${changes(facts.baseChangedFiles)}; commit, stash (\`git stash -u\` takes new files too) or remove ${them(facts.baseChangedFiles)} there first, so the merge does not mix with uncommitted work.`,
    );
  if (facts.branchOperation && !facts.branchBusyWith) blockers.push(`In this worktree: ${facts.branchOperation}`);
  else if (facts.branchChangedFiles > 0 && !facts.branchBusyWith)
    blockers.push(
      `This worktree has ${changes(facts.branchChangedFiles)} that would not be landed; commit or discard ${them(facts.branchChangedFiles)} first.`,
    );
  for (const [where, state] of [
    ["this worktree", facts.branchRunState],
    [`the ${facts.base} worktree`, facts.baseRunState],
  ] as const) {
    if (state === "idle") continue;
    blockers.push(
      state === "waiting"
        ? `Claude is waiting for your answer in ${where}; answer or stop the run first.`
        : `Claude is ${state === "queued" ? "queued" : "answering"} in ${where}; stop or wait for the run first.`,
    );
  }
  return blockers;
}
