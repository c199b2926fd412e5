// What a start does when another process holds the build lock: wait while the builder (or the
// `next build` it started) runs; take the lock over once both are gone, as after a kill.
import type { ProcessMark } from "./process-mark.ts";

export interface LockHolder extends ProcessMark {
  /** When the lock was taken (ms). */
  since: number;
  /** The `next build` the holder started: it goes on writing the build if only the holder was killed. */
  child?: ProcessMark;
}

export type LockDecision = { action: "wait"; pid: number } | { action: "take-over"; reason: string };

export function judgeHeldLock(holder: LockHolder | null, isAlive: (mark: ProcessMark) => boolean): LockDecision {
  if (!holder) return { action: "take-over", reason: "the lock file is unreadable" };
  if (isAlive(holder)) return { action: "wait", pid: holder.pid };
  if (holder.child && isAlive(holder.child)) return { action: "wait", pid: holder.child.pid };
  return { action: "take-over", reason: `process ${holder.pid} that held it is gone` };
}

export function parseLockHolder(text: string): LockHolder | null {
  try {
    const value = JSON.parse(text) as Partial<LockHolder> | null;
    if (!value || !isMark(value) || typeof value.since !== "number") return null;
    if (value.child !== undefined && !isMark(value.child)) return null;
    return value as LockHolder;
  } catch {
    return null;
  }
}

function isMark(value: Partial<ProcessMark>): boolean {
  return (
    Number.isInteger(value.pid) &&
    (value.pid ?? 0) > 0 &&
    (value.startedAt === undefined || typeof value.startedAt === "string")
  );
}
