import { AppError } from "@/lib/errors/app-error.ts";

/**
 * Sends `signal` to every process in the group led by `pid` (the CLI is spawned `detached`, so
 * it leads its own group and the tools it starts are in it). Returns false when the group no
 * longer exists. Refuses pid ≤ 1: `kill(-1)` would signal every process the user owns.
 */
export function killProcessGroup(pid: number, signal: NodeJS.Signals = "SIGKILL"): boolean {
  if (!Number.isInteger(pid) || pid <= 1) {
    throw new AppError("internal", `Refusing to signal process group ${pid}.`, { details: { pid } });
  }
  try {
    process.kill(-pid, signal);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ESRCH") return false;
    throw error;
  }
}

/**
 * SIGKILLs the group led by `pid` where a failure cannot be acted on (cleanup after exit, timers,
 * a lost process host): an already-gone group or one that is no longer ours to signal is ignored.
 */
export function killProcessGroupQuietly(pid: number): void {
  try {
    killProcessGroup(pid, "SIGKILL");
  } catch {
    // EPERM or a refused pid: nothing more can be done from here.
  }
}
