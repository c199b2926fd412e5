import type { Db } from "@/lib/db/client.ts";
import type { CheckRunView, CheckStatus } from "@/lib/realtime/check-views.ts";
import { findCheckRunFailures } from "@/lib/checks/failures/check-run-failures.ts";

type CheckRunRow = Awaited<ReturnType<Db["checkRun"]["create"]>>;

/** A stored run as the API and the browsers see it, with the failing tests found in its output. */
export function toCheckRunView(row: CheckRunRow): CheckRunView {
  const status = row.status as CheckStatus;
  return {
    id: row.id,
    batchId: row.batchId,
    name: row.name,
    command: row.command,
    status,
    exitCode: row.exitCode,
    commit: row.headSha,
    tree: row.treeSha,
    dirty: row.isDirty,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    output: row.output,
    droppedBytes: row.droppedBytes,
    message: row.message,
    cached: row.cachedFromId !== null,
    failures: findCheckRunFailures({ status, output: row.output, worktreePath: row.worktreePath }),
  };
}

/** A passing run of `command` on exactly `tree` in this repository, if there was one (the cache). */
export function findPassingRun(db: Db, input: { repoId: string; tree: string; command: string }) {
  return db.checkRun.findFirst({
    where: { repoId: input.repoId, treeSha: input.tree, command: input.command, status: "passed" },
    orderBy: { startedAt: "desc" },
  });
}

/** The latest run of each named check in a worktree (a worktree's own runs, not its land gates). */
export async function readLatestRuns(
  db: Db,
  input: { repoId: string; worktreePath: string; names: readonly string[] },
): Promise<CheckRunView[]> {
  const rows = await Promise.all(
    input.names.map((name) =>
      db.checkRun.findFirst({
        where: { repoId: input.repoId, worktreePath: input.worktreePath, purpose: "worktree", name },
        orderBy: [{ startedAt: "desc" }, { id: "desc" }],
      }),
    ),
  );
  return rows.filter((row) => row !== null).map(toCheckRunView);
}

export type { CheckRunRow };
