import type { Db } from "@/lib/db/client.ts";
import type { PromptCheck } from "@/lib/prompt/types.ts";
import { readChecks } from "./check-settings-store.ts";
import { readLatestRuns } from "./check-run-store.ts";

/** The latest result of each configured check in a worktree, as the prompt's scan section states it. */
export async function readPromptChecks(
  db: Db,
  input: { repoId: string; worktreePath: string },
): Promise<PromptCheck[]> {
  const checks = await readChecks(db, input.repoId);
  if (checks.length === 0) return [];
  const runs = await readLatestRuns(db, { ...input, names: checks.map((check) => check.name) });
  return runs.map((run) => ({
    name: run.name,
    command: run.command,
    status: run.status,
    exitCode: run.exitCode,
    commit: run.commit,
    isDirty: run.dirty,
    output: run.output,
  }));
}
