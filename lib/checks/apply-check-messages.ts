import type { CheckRunView, WorktreeChecksView } from "@/lib/realtime/check-views.ts";
import { summarizeCheckStatus } from "./summarize-check-status.ts";

/** How much live output the browser keeps per check (its end: where failures are reported). */
export const LIVE_CHECK_OUTPUT_CHARS = 64_000;

/**
 * A worktree's checks after a `check_run` message: the run replaces the earlier run of the same
 * check (or its own earlier state), and the overall status is summarized again. A run means the
 * checks can run there, so an older "not run" reason no longer applies.
 */
export function applyCheckRun(view: WorktreeChecksView, run: CheckRunView): WorktreeChecksView {
  const index = view.checks.findIndex((check) => check.id === run.id || check.name === run.name);
  const checks = index === -1 ? [...view.checks, run] : view.checks.map((check, i) => (i === index ? run : check));
  return { ...view, checks, reason: null, status: summarizeCheckStatus(checks.map((check) => check.status)) };
}

/** A worktree's checks after a `check_output` message: the text joins its running check's output, bounded. */
export function appendCheckOutput(
  view: WorktreeChecksView,
  input: { checkRunId: string; text: string },
  limit = LIVE_CHECK_OUTPUT_CHARS,
): WorktreeChecksView {
  if (!view.checks.some((check) => check.id === input.checkRunId)) return view;
  const checks = view.checks.map((check) => {
    if (check.id !== input.checkRunId) return check;
    const output = check.output + input.text;
    return { ...check, output: output.length > limit ? output.slice(-limit) : output };
  });
  return { ...view, checks };
}

/**
 * The view a "Run checks" answer (202, runs still running) leaves in the cache: a quick check's
 * end may have arrived over the WebSocket before the answer did, and a finished run is newer than
 * the same run still running.
 */
export function mergeStartedChecks(cached: WorktreeChecksView | undefined, started: WorktreeChecksView) {
  if (!cached) return started;
  const finished = new Map(cached.checks.filter((check) => check.status !== "running").map((c) => [c.id, c]));
  return started.checks.reduce(
    (view, check) =>
      check.status === "running" && finished.has(check.id) ? applyCheckRun(view, finished.get(check.id)!) : view,
    started,
  );
}
