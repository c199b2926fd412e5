import type { CheckFailures, CheckStatus } from "@/lib/realtime/check-views.ts";
import { findFailures } from "./find-failures.ts";

/**
 * The failing tests of a check run, found in its stored output when it failed or timed out (a
 * passing, running or cancelled run has none to show), with files inside the worktree written
 * relative to it. Cheap enough to compute whenever a run is read: the output is at most 64 KiB. Pure.
 */
export function findCheckRunFailures(run: {
  status: CheckStatus;
  output: string;
  worktreePath: string;
}): CheckFailures | null {
  if (run.status !== "failed" && run.status !== "timed_out") return null;
  const found = findFailures(run.output);
  if (!found) return null;
  const root = `${run.worktreePath.replace(/\/+$/, "")}/`;
  const failures = found.failures.map((failure) =>
    failure.file?.startsWith(root) ? { ...failure, file: failure.file.slice(root.length) } : failure,
  );
  return { ...found, failures };
}
