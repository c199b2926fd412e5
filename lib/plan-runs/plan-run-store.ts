import { readStoredDomains } from "@/lib/agent/sandbox-settings.ts";
import type { Db } from "@/lib/db/client.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import type { PlanRun } from "@/lib/plans/run/plan-run.ts";
import {
  PLAN_PERMISSION_MODES,
  parseNodes,
  serializeNodes,
  type NodeWork,
  type PlanPermissionMode,
  type StoredPlanRun,
} from "@/lib/plans/run/plan-run-record.ts";

type PlanRunRow = Awaited<ReturnType<Db["planRun"]["findUniqueOrThrow"]>>;

function fromRow(row: PlanRunRow): StoredPlanRun {
  const { nodes, work } = parseNodes(row.nodes);
  const permissionMode = (PLAN_PERMISSION_MODES as readonly string[]).includes(row.permissionMode)
    ? (row.permissionMode as PlanPermissionMode)
    : "default";
  return {
    id: row.id,
    planId: row.planId,
    repoId: row.repoId,
    version: row.version,
    options: {
      concurrency: row.concurrency,
      autoLand: row.autoLand,
      permissionMode,
      budgetUsd: row.budgetUsd,
      allowedDomains: readStoredDomains(row.sandboxDomains) ?? [],
    },
    run: { isPaused: row.isPaused, nodes },
    work,
  };
}

/** The row's columns for the options (the domains are kept as a JSON list). */
function optionColumns({ allowedDomains, ...options }: StoredPlanRun["options"]) {
  return { ...options, sandboxDomains: JSON.stringify(allowedDomains) };
}

/** The plan's run, or null when it was never run. */
export async function readStoredPlanRun(db: Db, planId: string): Promise<StoredPlanRun | null> {
  const row = await db.planRun.findUnique({ where: { planId } });
  return row ? fromRow(row) : null;
}

/** Which plans have a run, oldest first (the boot resumes them, reading each on its own). */
export async function listPlanRunIds(db: Db): Promise<Array<{ planId: string; repoId: string }>> {
  return db.planRun.findMany({ orderBy: { createdAt: "asc" }, select: { planId: true, repoId: true } });
}

/** Every plan's run, read whole (a runner's load counts the nodes of every plan on it). */
export async function listStoredPlanRuns(db: Db): Promise<StoredPlanRun[]> {
  return (await db.planRun.findMany({ orderBy: { createdAt: "asc" } })).map(fromRow);
}

export async function insertPlanRun(db: Db, input: Omit<StoredPlanRun, "id" | "version">): Promise<StoredPlanRun> {
  const row = await db.planRun.create({
    data: {
      planId: input.planId,
      repoId: input.repoId,
      isPaused: input.run.isPaused,
      ...optionColumns(input.options),
      nodes: serializeNodes(input.run, input.work),
    },
  });
  return fromRow(row);
}

/**
 * Saves the run whole if nobody saved it since it was read (its version); otherwise refuses, so a
 * change made elsewhere (another Arbor on the same database) is never overwritten.
 */
export async function savePlanRun(
  db: Db,
  stored: StoredPlanRun,
  next: { run: PlanRun; work: ReadonlyMap<string, NodeWork>; options?: StoredPlanRun["options"] },
): Promise<StoredPlanRun> {
  const options = next.options ?? stored.options;
  const { count } = await db.planRun.updateMany({
    where: { id: stored.id, version: stored.version },
    data: {
      isPaused: next.run.isPaused,
      ...optionColumns(options),
      nodes: serializeNodes(next.run, next.work),
      version: stored.version + 1,
    },
  });
  if (count === 0) {
    throw new AppError(
      "conflict",
      "This plan's run changed while Arbor was saving it (another window or instance acted on it). Reload the plan and try again.",
    );
  }
  return { ...stored, options, run: next.run, work: next.work, version: stored.version + 1 };
}
