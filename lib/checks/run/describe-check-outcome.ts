import type { CheckSpec } from "@/lib/checks/check-setting.ts";
import type { CheckStatus } from "@/lib/realtime/check-views.ts";
import type { CheckCommandResult } from "./run-check-command.ts";

/** A finished check's status and, unless it passed, what happened and what to do, in words. Pure. */
export function describeCheckOutcome(input: {
  check: CheckSpec;
  result: CheckCommandResult;
  /** The folder it ran in was gone when it ended (the check deleted its own worktree). */
  isFolderGone?: boolean;
}): {
  status: Exclude<CheckStatus, "running">;
  message: string | null;
} {
  const { check, result } = input;
  if (result.isCancelled)
    return { status: "cancelled", message: "Cancelled: a newer run of the checks replaced this one." };
  if (result.isTimedOut)
    return {
      status: "timed_out",
      message: `"${check.name}" did not finish within ${check.timeoutSeconds} s; it was stopped with everything it started. Raise its time limit in the repository's settings, or make the command faster.`,
    };
  if (input.isFolderGone)
    return {
      status: "failed",
      message: `"${check.name}" removed the folder it ran in, so its result says nothing about the code. Nothing else was touched; restore the worktree (or remove it from Arbor) and fix the check's command.`,
    };
  if (result.spawnError !== null)
    return { status: "failed", message: `"${check.name}" could not start: ${result.spawnError}.` };
  if (result.exitCode === 0) return { status: "passed", message: null };
  if (result.exitCode === 127)
    return {
      status: "failed",
      message: `"${check.name}" failed with exit code 127: the shell did not find the command (see its output). Is the program installed and on Arbor's PATH? Fix the command in the repository's settings (checks).`,
    };
  if (result.exitCode === 126)
    return {
      status: "failed",
      message: `"${check.name}" failed with exit code 126: the command was found but could not be run (is the script executable?).`,
    };
  if (result.exitCode === null)
    return { status: "failed", message: `"${check.name}" was killed by ${result.signal ?? "a signal"}.` };
  return { status: "failed", message: `"${check.name}" failed with exit code ${result.exitCode}.` };
}
