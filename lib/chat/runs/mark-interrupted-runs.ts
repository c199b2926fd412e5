import type { Db } from "@/lib/db/client.ts";
import { listLocalRepoIds } from "@/lib/team/ownership.ts";

/**
 * At start-up, runs that an earlier process left `running` or `queued` can no longer finish:
 * mark them `interrupted`, and mark their half-written assistant messages the same way, so
 * the chat says what happened instead of spinning forever. Only this instance's runs: on a shared
 * database another instance's runs are still going.
 */
export async function markInterruptedRuns(db: Db): Promise<number> {
  const now = new Date();
  const stale = await db.agentRun.findMany({
    where: { status: { in: ["running", "queued"] }, repoId: { in: await listLocalRepoIds(db) } },
    select: { id: true },
  });
  if (stale.length === 0) return 0;
  const ids = stale.map((run) => run.id);
  await db.$transaction([
    db.agentRun.updateMany({
      where: { id: { in: ids } },
      data: {
        status: "interrupted",
        finishedAt: now,
        errorKind: "interrupted",
        errorMessage: "Arbor stopped while this answer was running. Your message is kept; send it again to retry.",
      },
    }),
    db.chatMessage.updateMany({ where: { runId: { in: ids }, status: "streaming" }, data: { status: "interrupted" } }),
  ]);
  return ids.length;
}
