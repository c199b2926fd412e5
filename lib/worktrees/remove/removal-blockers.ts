import path from "node:path";
import { nameFiles } from "@/lib/worktrees/name-files.ts";

/**
 * Why a worktree must not be removed now, in sentences a user can act on. Pure: the facts are
 * gathered by remove-worktree.ts (git, the run manager, the hook log).
 */
export interface RemovalFacts {
  isMain: boolean;
  isLocked: boolean;
  lockReason: string | null;
  /** Changed, staged, untracked or conflicted files (ignored files do not count). */
  changedFiles: number;
  branch: string | null;
  /** Commits on the worktree's HEAD that no other branch and no remote branch contains. */
  unmergedCommits: number;
  runState: "idle" | "running" | "queued" | "waiting";
  /** Ignored files and folders that exist only in it (ignored-only-here.ts): git would delete them silently. */
  ignoredOnlyHere?: readonly string[];
  /** The user said those may go. */
  isIgnoredDiscardConfirmed?: boolean;
  /** What Arbor's git is doing in it right now ("landing feat/x into main"), if anything (worktree-holds.ts). */
  busyWith?: string | null;
  /** Other worktrees of the repository whose folders are inside this one: git would delete them with it. */
  nestedWorktrees?: ReadonlyArray<{ path: string; branch: string | null }>;
  /** What removing it would lose inside its checked-out submodules, each a sentence with what to do. */
  submoduleLosses?: readonly string[];
  /** When a Claude Code session outside Arbor's runs last did something in the worktree (still open). */
  lastSessionActivityAt: Date | null;
  now: Date;
  /** How long after its last event a terminal session counts as active. */
  recentSessionMs: number;
}

/** The worktrees whose folders lie inside `folder` (not `folder` itself). Pure. */
export function worktreesInside<T extends { path: string }>(folder: string, worktrees: readonly T[]): T[] {
  return worktrees.filter((worktree) => {
    const relative = path.relative(folder, worktree.path);
    return relative !== "" && !relative.startsWith("..") && !path.isAbsolute(relative);
  });
}

export function removalBlockers(facts: RemovalFacts): string[] {
  const blockers: string[] = [];
  if (facts.isMain) blockers.push("This is the repository's main worktree; git cannot remove it.");
  if (facts.isLocked)
    blockers.push(
      `git has this worktree locked${facts.lockReason ? ` (${facts.lockReason})` : ""}; unlock it with \`git worktree unlock\` first.`,
    );
  if (facts.busyWith) blockers.push(`Arbor is ${facts.busyWith} in it right now; wait until it is done.`);
  // The changes of a land or abort under way are its own.
  if (facts.changedFiles > 0 && !facts.busyWith)
    blockers.push(
      `It has ${facts.changedFiles} uncommitted ${facts.changedFiles === 1 ? "change" : "changes"}; commit, stash or discard ${facts.changedFiles === 1 ? "it" : "them"} first.`,
    );
  const ignored = facts.ignoredOnlyHere ?? [];
  if (ignored.length > 0 && !facts.isIgnoredDiscardConfirmed) {
    blockers.push(
      `It has ${ignored.length === 1 ? "an ignored file or folder that exists" : `${ignored.length} ignored files or folders that exist`} only here (${nameFiles({ files: ignored, max: 5 })}), which git would delete with it; copy out what you need, or confirm they may go.`,
    );
  }
  const nested = facts.nestedWorktrees ?? [];
  if (nested.length > 0) {
    const named = nameFiles({
      files: nested.map((worktree) => `${worktree.branch ?? "detached HEAD"} at ${worktree.path}`),
      max: 3,
    });
    blockers.push(
      `${nested.length === 1 ? "Another worktree lives" : `${nested.length} other worktrees live`} inside its folder (${named}), and removing this one would delete ${nested.length === 1 ? "it" : "them"} with everything in ${nested.length === 1 ? "it" : "them"}; remove ${nested.length === 1 ? "that one" : "those"} first.`,
    );
  }
  blockers.push(...(facts.submoduleLosses ?? []));
  if (facts.unmergedCommits > 0)
    blockers.push(
      `${facts.unmergedCommits} ${facts.unmergedCommits === 1 ? "commit is" : "commits are"} on ${facts.branch ? `branch ${facts.branch}` : "its detached HEAD"} and in no other branch or remote; push or merge ${facts.unmergedCommits === 1 ? "it" : "them"} first.`,
    );
  if (facts.runState !== "idle")
    blockers.push(
      facts.runState === "waiting"
        ? "Claude is waiting for your answer in this worktree; answer or stop the run first."
        : `Claude is ${facts.runState === "queued" ? "queued" : "answering"} in this worktree; stop or wait for the run first.`,
    );
  if (facts.lastSessionActivityAt) {
    const idleMs = facts.now.getTime() - facts.lastSessionActivityAt.getTime();
    if (idleMs < facts.recentSessionMs) {
      const minutes = Math.max(1, Math.round(idleMs / 60_000));
      blockers.push(
        `A Claude Code session was active here ${idleMs < 60_000 ? "less than a minute" : `${minutes} min`} ago; end it (or wait ${Math.ceil(facts.recentSessionMs / 60_000)} min after its last activity) first.`,
      );
    }
  }
  return blockers;
}
