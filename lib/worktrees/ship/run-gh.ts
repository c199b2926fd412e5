import { redactCredentialsInText } from "@/lib/git/safety/redact-url.ts";
import { ghEnv } from "@/lib/process-host/gh-env.ts";
import { ProcessFailure, runProcess } from "@/lib/process-host/run-process.ts";

/** How a gh command ended: its stdout, or why not (gh missing, or its exit code and stderr). */
export type GhOutcome =
  | { ok: true; stdout: string; isTruncated: boolean }
  | { ok: false; missing: boolean; exitCode: number | null; stderr: string };

/**
 * Runs gh through the process host (no shell, gh's allow-listed environment) and never throws for
 * gh's own failures. `tailBytes`: a log, whose end is enough, so only that much is read and a
 * longer answer is not a failure.
 */
export async function runGh(
  args: string[],
  input: { cwd: string; timeoutMs: number; tailBytes?: number },
): Promise<GhOutcome> {
  try {
    const result = await runProcess({
      bin: "gh",
      args,
      cwd: input.cwd,
      env: ghEnv(),
      timeoutMs: input.timeoutMs,
      maxOutputBytes: input.tailBytes,
    });
    // Only the end of a huge answer is kept: as good as none for JSON, and said as such.
    if (result.isTruncated && input.tailBytes === undefined)
      return { ok: false, missing: false, exitCode: 0, stderr: "gh answered with more than Arbor reads (8 MiB)" };
    return { ok: true, stdout: result.stdout, isTruncated: result.isTruncated };
  } catch (error) {
    if (!(error instanceof ProcessFailure)) throw error;
    if (error.code === "ENOENT") return { ok: false, missing: true, exitCode: null, stderr: "" };
    // gh may quote a remote's URL; its words reach the user.
    const stderr = redactCredentialsInText(error.output?.stderr.trim() || error.message);
    return { ok: false, missing: false, exitCode: error.output?.exitCode ?? null, stderr };
  }
}
