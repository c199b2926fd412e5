import type { Db } from "@/lib/db/client.ts";
import { readFileDiff } from "@/lib/git/read/read-file-diff.ts";
import { readUntrackedDiff } from "@/lib/git/read/read-untracked-diff.ts";
import type { ChangesScope, FileDiffView } from "./changes-view.ts";
import { findIndexedWorktree } from "./find-pinned-worktree.ts";
import { resolveScope } from "./resolve-scope.ts";
import type { WorktreeIndex } from "@/lib/pins/worktree-index.ts";

/**
 * The diff of one file in a scope, parsed into hunks and numbered lines, with where the lines
 * around its hunks can be read. An untracked file is read from the worktree (all lines added).
 */
export async function readScopeDiff(
  { db, worktreeIndex }: { db: Db; worktreeIndex: WorktreeIndex },
  input: {
    repoId: string;
    worktreePath: string;
    scope: ChangesScope;
    path: string;
    oldPath: string | null;
    isUntracked: boolean;
    /** Unchanged lines around each change (3 by default; more when the user expands the context). */
    context?: number;
  },
): Promise<FileDiffView> {
  const { worktreePath: cwd } = await findIndexedWorktree({ db, worktreeIndex }, input);
  if (input.scope.kind === "uncommitted" && input.isUntracked) {
    const read = await readUntrackedDiff({ worktreePath: cwd, path: input.path });
    return { ...read, linesSource: { kind: "worktree", path: input.path } };
  }
  const range = await resolveScope(db, { cwd, scope: input.scope });
  const read = await readFileDiff({ cwd, ...range, path: input.path, oldPath: input.oldPath, context: input.context });
  const newBlob = read.diff?.newBlob ?? null;
  const linesSource =
    range.to === null
      ? { kind: "worktree" as const, path: input.path }
      : newBlob
        ? { kind: "blob" as const, blob: newBlob }
        : null;
  return { ...read, linesSource };
}
