import type { Db } from "@/lib/db/client.ts";
import { listLocalRepoIds } from "@/lib/team/ownership.ts";

/**
 * At start-up, checks that an earlier process left `running` can no longer finish (its process
 * host killed them with it): mark them cancelled, saying why, so no worktree shows a check running
 * forever. Only this instance's repositories: on a shared database another instance's still run.
 */
export async function cancelAbandonedChecks(db: Db): Promise<number> {
  const { count } = await db.checkRun.updateMany({
    where: { status: "running", repoId: { in: await listLocalRepoIds(db) } },
    data: {
      status: "cancelled",
      finishedAt: new Date(),
      message: "Cancelled: Arbor stopped while this check ran. Run the checks again.",
    },
  });
  return count;
}
