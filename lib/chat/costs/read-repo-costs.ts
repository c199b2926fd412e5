import type { Db } from "@/lib/db/client.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { rollUpCosts, type RepoCosts } from "./roll-up-costs.ts";

/** Days the per-day list covers. */
export const COST_DAYS = 14;

/** A day in this machine's time zone, which is the user's: "2026-11-30". */
const localDay = (date: Date) => date.toLocaleDateString("sv-SE");

/** What a repository's agent runs cost, from the CLI's results stored with each run. */
export async function readRepoCosts(db: Db, repoId: string, now = new Date()): Promise<RepoCosts> {
  if (!(await db.repo.findUnique({ where: { id: repoId }, select: { id: true } })))
    throw new AppError("not_found", "That repository is not pinned. Pin it first, then its costs are counted.");
  const runs = await db.agentRun.findMany({
    where: { repoId, costUsd: { not: null } },
    select: { worktreePath: true, costUsd: true, createdAt: true },
  });
  return rollUpCosts(
    runs.map((run) => ({ worktreePath: run.worktreePath, costUsd: run.costUsd!, at: run.createdAt })),
    { now, days: COST_DAYS, dayOf: localDay },
  );
}
