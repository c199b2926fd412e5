import type { LiveRun } from "@/components/realtime/live-run-types.ts";
import { formatDuration } from "@/components/ui/format-duration.ts";

export interface RunPulse {
  /** "1 min 5 s · running Bash": how long the run has gone and what it did last. */
  line: string;
  /** No event for `silenceMs` while not waiting for the user: say so and offer Stop. */
  silentFor: string | null;
}

/**
 * A running answer's sign of life at `now` (server clock, corrected by the caller). Waiting for
 * the user is not silence: the run is blocked on them, and the card says so.
 */
export function describeRunPulse(input: { run: LiveRun; now: number; silenceMs: number }): RunPulse {
  const { run, now } = input;
  const elapsed = formatWholeDuration(Math.max(0, now - run.firstAt));
  const quiet = Math.max(0, now - run.lastAt);
  const isWaiting = run.approvals.some((approval) => approval.status === "pending");
  return {
    line: `${elapsed} · ${run.lastActivity}`,
    silentFor: !isWaiting && quiet >= input.silenceMs ? formatWholeDuration(quiet) : null,
  };
}

/** Whole seconds: a ticking clock with tenths would flicker. */
function formatWholeDuration(ms: number): string {
  return formatDuration(Math.floor(ms / 1000) * 1000).replace(/^0 ms$/, "0 s");
}
