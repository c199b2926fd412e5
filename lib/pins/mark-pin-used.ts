import type { Db } from "@/lib/db/client.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { getLocalInstance } from "@/lib/team/local-instance.ts";

/**
 * Records that the user opened a pin, moving it to the top of the list. Opening another instance's
 * pin changes nothing (its order is that instance's).
 */
export async function markPinUsed(db: Db, input: { pinId: string }): Promise<void> {
  const { id: instanceId } = await getLocalInstance(db);
  const pin = await db.repoPin.findUnique({
    where: { id: input.pinId },
    select: { repo: { select: { instanceId: true } } },
  });
  if (pin && pin.repo.instanceId !== null && pin.repo.instanceId !== instanceId) return;
  const result = await db.repoPin.updateMany({ where: { id: input.pinId }, data: { lastUsedAt: new Date() } });
  if (result.count === 0)
    throw new AppError("not_found", "That pin no longer exists. Reload the page to see the current pins.");
}
