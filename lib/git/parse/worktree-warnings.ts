import type { WorktreeScan, WorktreeWarning } from "@/lib/git/types.ts";
import { revealInvisible } from "./reveal-invisible.ts";

/** The facts of a scan that warnings are derived from. */
export type WorktreeFacts = Omit<WorktreeScan, "warnings">;

/**
 * Lists what a user should know before chatting in this worktree, one warning per fact, each
 * saying what is wrong and what to do about it. Pure: derived from the scan, never from git.
 */
export function listWorktreeWarnings(scan: WorktreeFacts): WorktreeWarning[] {
  const warnings: WorktreeWarning[] = [];
  const add = (code: WorktreeWarning["code"], message: string) => warnings.push({ code, message });

  if (scan.error !== null) {
    add(
      "scan_failed",
      `Git could not read this worktree (${scan.error}) — check that the folder is a valid checkout, then rescan`,
    );
  }
  if (scan.isMissing) {
    add(
      "missing_directory",
      "The worktree folder no longer exists — restore it, or remove it (“Remove…”) to forget it and archive its conversation",
    );
  } else if (scan.isPrunable) {
    // A missing folder is what makes git call a worktree prunable: said once, above.
    add(
      "prunable",
      `Git considers this worktree prunable${reasonSuffix(scan.prunableReason)} — restore the folder or run \`git worktree prune\``,
    );
  }
  if (scan.isLocked) {
    add(
      "locked",
      `Worktree is locked${reasonSuffix(scan.lockReason)} — git will not move, remove or prune it until you run \`git worktree unlock\``,
    );
  }
  if (scan.isDetached && scan.operation === "rebase") {
    // git detaches HEAD while it rebases: the branch is safe and comes back when the rebase ends.
    const branch = scan.rebasingBranch ? ` of ${scan.rebasingBranch}` : "";
    add(
      "rebase_stopped",
      `A rebase${branch} stopped here, so HEAD is detached until it ends — finish it (\`git rebase --continue\`${scan.dirty && scan.dirty.conflicted > 0 ? " once the files are resolved" : ""}) or abort it with “Rebase stopped…”`,
    );
  } else if (scan.isDetached) {
    const at = scan.head ? ` at ${scan.head.shortSha}` : "";
    add("detached_head", `HEAD is detached${at} — create or switch to a branch so new commits are not lost`);
  }
  if (scan.dirty && scan.dirty.conflicted > 0) {
    add(
      "conflicts",
      `${countOf(scan.dirty.conflicted, "file")} with merge conflicts — resolve and stage them before continuing`,
    );
  }
  if (scan.upstream?.isGone) {
    add(
      "upstream_gone",
      `Upstream ${scan.upstream.name} no longer exists — push the branch again or pick a new upstream with \`git branch --set-upstream-to\``,
    );
  } else if (scan.upstream && scan.upstream.behind > 0) {
    add(
      "behind_upstream",
      `${countOf(scan.upstream.behind, "commit")} behind ${scan.upstream.name} — pull or rebase before continuing`,
    );
  }
  if (scan.branch !== null && revealInvisible(scan.branch) !== scan.branch) {
    add(
      "hidden_characters",
      `The branch name holds invisible or text-direction characters, so it can read as another name: git has ${revealInvisible(scan.branch)} — rename it (\`git branch -m\`) before you act on it`,
    );
  }
  return warnings;
}

function reasonSuffix(reason: string | null): string {
  return reason ? ` (${reason})` : "";
}

function countOf(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}
