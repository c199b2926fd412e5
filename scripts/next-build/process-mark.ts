// Telling whether a process that wrote a lock or a pin is still running. A pid alone can be reused
// after a crash (a container restarted, pids counted from 1 again), so on Linux the process's start
// time is kept beside it; a zombie (killed, not yet reaped by its parent) counts as gone.
import { readFileSync } from "node:fs";

export interface ProcessMark {
  pid: number;
  /** /proc/<pid>/stat's start time (clock ticks since boot), where /proc exists. */
  startedAt?: string;
}

export function markOf(pid: number): ProcessMark {
  const stat = readProcStat(pid);
  return stat ? { pid, startedAt: stat.startedAt } : { pid };
}

export function isProcessAlive(mark: ProcessMark): boolean {
  try {
    process.kill(mark.pid, 0);
  } catch (error) {
    // EPERM: it exists, run by another user.
    if ((error as NodeJS.ErrnoException).code === "ESRCH") return false;
  }
  const stat = readProcStat(mark.pid);
  if (!stat) return true;
  if (stat.state === "Z" || stat.state === "X") return false;
  return mark.startedAt === undefined || stat.startedAt === mark.startedAt;
}

/** Fields 3 (state) and 22 (start time) of /proc/<pid>/stat; the name in field 2 may hold spaces and ")". */
export function parseProcStat(text: string): { state: string; startedAt: string } | null {
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  const [state, startedAt] = [fields[0], fields[19]];
  return state && startedAt && /^\d+$/.test(startedAt) ? { state, startedAt } : null;
}

function readProcStat(pid: number): { state: string; startedAt: string } | null {
  try {
    return parseProcStat(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return null;
  }
}
