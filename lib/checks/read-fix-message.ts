import type { Db } from "@/lib/db/client.ts";
import { readLatestRuns } from "./check-run-store.ts";
import { readChecks } from "./check-settings-store.ts";
import { formatFixMessage } from "./format-fix-message.ts";

/**
 * "Fix with Claude"'s message for a worktree: its failing checks (failed or timed out, latest run
 * of each configured check) as formatFixMessage words them; null when none is failing.
 */
export async function readFixMessage(db: Db, ref: { repoId: string; worktreePath: string }): Promise<string | null> {
  const checks = await readChecks(db, ref.repoId);
  const runs = await readLatestRuns(db, { ...ref, names: checks.map((check) => check.name) });
  const failing = runs.filter((run) => run.status === "failed" || run.status === "timed_out");
  return failing.length === 0 ? null : formatFixMessage(failing);
}
