import type { Db } from "@/lib/db/client.ts";
import { readFileLines, type LinesSource } from "@/lib/git/read/read-file-lines.ts";
import { findIndexedWorktree } from "./find-pinned-worktree.ts";
import type { WorktreeIndex } from "@/lib/pins/worktree-index.ts";

/** Unchanged lines around a hunk, from the new side of a diff (a blob, or the working file). */
export async function readContextLines(
  { db, worktreeIndex }: { db: Db; worktreeIndex: WorktreeIndex },
  input: { repoId: string; worktreePath: string; source: LinesSource; start: number; end: number },
): Promise<{ lines: string[]; totalLines: number }> {
  const { worktreePath } = await findIndexedWorktree({ db, worktreeIndex }, input);
  return readFileLines({ worktreePath, source: input.source, start: input.start, end: input.end });
}
