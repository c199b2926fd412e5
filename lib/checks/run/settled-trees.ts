import { defineProcessState } from "@/lib/runtime/process-state.ts";
import { readTestedTree } from "./tested-tree.ts";

const settledState = defineProcessState("checkSettledTrees", () => new Map<string, string>());

/**
 * Notes the worktree's files as they are right after its checks ended. A check that writes files
 * the repository does not ignore (a report, a timestamp) changes the tree it ran on; an edit seen
 * by the file watcher that leaves exactly this tree is those writes, not the user's, and must not
 * start the checks again (else such a check would run forever). A folder the check removed is skipped.
 */
export async function noteSettledTree(worktreePath: string): Promise<void> {
  try {
    const { tree } = await readTestedTree(worktreePath);
    settledState.get().set(worktreePath, tree);
  } catch {
    settledState.get().delete(worktreePath);
  }
}

/** The tree noted when the worktree's last checks ended, if any. */
export function readSettledTree(worktreePath: string): string | null {
  return settledState.get().get(worktreePath) ?? null;
}

/** Forgets a worktree (it was removed). */
export function forgetSettledTree(worktreePath: string): void {
  settledState.get().delete(worktreePath);
}
