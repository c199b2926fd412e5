import type { Db } from "@/lib/db/client.ts";
import { AppError } from "@/lib/errors/app-error.ts";

/** Records that the user opened a pin, moving it to the top of the list. */
export async function markPinUsed(db: Db, input: { pinId: string }): Promise<void> {
  const result = await db.repoPin.updateMany({ where: { id: input.pinId }, data: { lastUsedAt: new Date() } });
  if (result.count === 0)
    throw new AppError("not_found", "That pin no longer exists. Reload the page to see the current pins.");
}
