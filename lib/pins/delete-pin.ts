import type { Db } from "@/lib/db/client.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { invalidateWorktreeIndex, type WorktreeIndex } from "./worktree-index.ts";

/**
 * Removes a pin. The repository row and its conversations stay: unpinning must never delete
 * what the user wrote, and pinning the repository again brings them back. Only the instance that
 * holds the repository may unpin it (checked where the request enters).
 */
export async function deletePin(
  { db, worktreeIndex }: { db: Db; worktreeIndex: WorktreeIndex },
  input: { pinId: string },
): Promise<void> {
  const result = await db.repoPin.deleteMany({ where: { id: input.pinId } });
  if (result.count === 0)
    throw new AppError("not_found", "That pin no longer exists. Reload the page to see the current pins.");
  invalidateWorktreeIndex(worktreeIndex);
}
