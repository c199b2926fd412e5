import type { ChecksState } from "@/lib/checks/run/checks-state.ts";
import { readTestedTree } from "./tested-tree.ts";

type SettledTrees = ChecksState["settledTrees"];

/**
 * Notes the worktree's files as they are right after its checks ended. A check that writes files
 * the repository does not ignore (a report, a timestamp) changes the tree it ran on; an edit seen
 * by the file watcher that leaves exactly this tree is those writes, not the user's, and must not
 * start the checks again (else such a check would run forever). A folder the check removed is skipped.
 */
export async function noteSettledTree(settled: SettledTrees, worktreePath: string): Promise<void> {
  try {
    const { tree } = await readTestedTree(worktreePath);
    settled.set(worktreePath, tree);
  } catch {
    settled.delete(worktreePath);
  }
}

/** The tree noted when the worktree's last checks ended, if any. */
export function readSettledTree(settled: SettledTrees, worktreePath: string): string | null {
  return settled.get(worktreePath) ?? null;
}

/** Forgets a worktree (it was removed). */
export function forgetSettledTree(settled: SettledTrees, worktreePath: string): void {
  settled.delete(worktreePath);
}
