import { DEFAULT_CHECK_TIMEOUT_SECONDS, type CheckSpec } from "@/lib/checks/check-setting.ts";

/** One row of the checks editor as typed (the time limit still text). */
export interface CheckRow {
  name: string;
  command: string;
  timeout: string;
}

export function toCheckRows(checks: readonly CheckSpec[]): CheckRow[] {
  return checks.map((check) => ({ name: check.name, command: check.command, timeout: String(check.timeoutSeconds) }));
}

/**
 * The checks to save; an empty time limit means the default. Only what the form itself cannot
 * send is refused here: the server's rules (names, lengths, limits) answer with a 422 the form shows.
 */
export function toCheckSpecs(rows: readonly CheckRow[]): { checks: CheckSpec[] } | { error: string } {
  const checks: CheckSpec[] = [];
  for (const row of rows) {
    const timeout = row.timeout.trim();
    if (timeout !== "" && !/^\d+$/.test(timeout))
      return { error: `The time limit of "${row.name || "a check"}" must be a whole number of seconds.` };
    checks.push({
      name: row.name,
      command: row.command,
      timeoutSeconds: timeout === "" ? DEFAULT_CHECK_TIMEOUT_SECONDS : Number(timeout),
    });
  }
  return { checks };
}
