import type { CheckStatus } from "@/lib/realtime/check-views.ts";

/** The overall status: running first, then the worst outcome; not_run when nothing ran. */
export function summarizeCheckStatus(statuses: readonly CheckStatus[]): CheckStatus | "not_run" {
  if (statuses.length === 0) return "not_run";
  for (const status of ["running", "failed", "timed_out", "cancelled"] as const)
    if (statuses.includes(status)) return status;
  return "passed";
}
