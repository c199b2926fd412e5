import type { Db } from "@/lib/db/client.ts";
import type { FailingChecksSummary } from "@/lib/realtime/check-views.ts";
import { toAutoFixView } from "@/lib/checks/auto-fix/auto-fix-view.ts";
import { readChecks } from "./check-settings-store.ts";

type WorktreeRef = { repoId: string; worktreePath: string };

export const worktreeKey = (ref: WorktreeRef) => `${ref.repoId}\0${ref.worktreePath}`;

/**
 * For each worktree whose latest run of a configured check failed or timed out: the first such
 * check, how many fail, and whether automatic fixes gave up there. In a fixed number of queries
 * whatever the number of worktrees (the latest run per check by GROUP BY, then those rows).
 * Keyed by worktreeKey; a worktree whose checks pass, run, or never ran is absent.
 */
export async function readFailingChecks(
  db: Db,
  worktrees: readonly WorktreeRef[],
): Promise<Map<string, FailingChecksSummary>> {
  const result = new Map<string, FailingChecksSummary>();
  if (worktrees.length === 0) return result;
  const repoIds = [...new Set(worktrees.map((worktree) => worktree.repoId))];
  const paths = [...new Set(worktrees.map((worktree) => worktree.worktreePath))];
  const configured = new Map(
    await Promise.all(repoIds.map(async (repoId) => [repoId, await readChecks(db, repoId)] as const)),
  );
  const newest = await db.checkRun.groupBy({
    by: ["repoId", "worktreePath", "name"],
    where: { purpose: "worktree", repoId: { in: repoIds }, worktreePath: { in: paths } },
    _max: { startedAt: true },
  });
  const keys = newest.flatMap((row) =>
    row._max.startedAt
      ? [{ repoId: row.repoId, worktreePath: row.worktreePath, name: row.name, startedAt: row._max.startedAt }]
      : [],
  );
  if (keys.length === 0) return result;
  const [latest, autoFixes] = await Promise.all([
    db.checkRun.findMany({
      where: { purpose: "worktree", OR: keys },
      select: { repoId: true, worktreePath: true, name: true, status: true },
    }),
    db.worktreeAutoFix.findMany({ where: { repoId: { in: repoIds }, worktreePath: { in: paths } } }),
  ]);
  const statusOf = new Map(latest.map((row) => [`${worktreeKey(row)}\0${row.name}`, row.status]));
  for (const worktree of worktrees) {
    const key = worktreeKey(worktree);
    const failing = (configured.get(worktree.repoId) ?? []).flatMap((check) => {
      const status = statusOf.get(`${key}\0${check.name}`);
      return isFailing(status) ? [{ name: check.name, status }] : [];
    });
    const first = failing[0];
    if (!first || result.has(key)) continue;
    const autoFix = autoFixes.find((row) => worktreeKey(row) === key);
    result.set(key, {
      ...first,
      count: failing.length,
      autoFixesSpent: autoFix && toAutoFixView(autoFix).hasGivenUp ? autoFix.attemptsUsed : null,
    });
  }
  return result;
}

function isFailing(status: string | undefined): status is FailingChecksSummary["status"] {
  return status === "failed" || status === "timed_out";
}
