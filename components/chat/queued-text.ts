import type { LiveRun } from "@/components/realtime/live-run-types.ts";

/**
 * What a queued answer waits for, in the words shown under it: behind this worktree's running answer
 * (one Claude per worktree), or for an agent slot (all of "concurrent runs" busy, and where to raise it).
 */
export function describeQueued(run: Pick<LiveRun, "queuedPosition" | "queuedReason">): string {
  const place = run.queuedPosition !== null ? `#${run.queuedPosition} in line — ` : "";
  const reason = run.queuedReason;
  if (reason?.kind === "worktree") return `${place}starts when this worktree's current answer ends`;
  if (reason?.kind === "slots")
    return `${place}all ${reason.max} agent slots are busy (${reason.running} answers running); starts when one ends. Settings → concurrent runs allows more.`;
  return run.queuedPosition !== null ? `${place}starts when a running answer ends` : "waiting for a free slot";
}
