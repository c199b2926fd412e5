import type { CheckRunView } from "@/lib/realtime/check-views.ts";

/** How much of each failing check's output the message carries: its end, where failures are summed up. */
const FIX_EXCERPT_CHARS = 6000;

/**
 * The message "Fix with Claude" sends: for each check that did not pass, its command, how it ended
 * (exit code or time limit), the commit it ran on, and the end of its output, fenced so the output
 * cannot close its block. Pure.
 */
export function formatFixMessage(failing: readonly CheckRunView[]): string {
  const parts = failing.map((run) => {
    const ending = run.status === "timed_out" ? "timed out" : `exited with code ${run.exitCode ?? "none (killed)"}`;
    const commit = run.commit ? ` on ${run.commit.slice(0, 7)}${run.dirty ? " with uncommitted changes" : ""}` : "";
    const output = run.output.length <= FIX_EXCERPT_CHARS ? run.output : `…${run.output.slice(-FIX_EXCERPT_CHARS)}`;
    const longestRun = Math.max(2, ...[...output.matchAll(/`+/g)].map((match) => match[0].length));
    const fence = "`".repeat(longestRun + 1);
    return [
      `Check "${run.name}" (\`${run.command}\`) ${ending}${commit}.`,
      `${fence}text`,
      output.trimEnd(),
      fence,
    ].join("\n");
  });
  return [
    failing.length === 1 ? "This check fails:" : "These checks fail:",
    "",
    parts.join("\n\n"),
    "",
    "Find the cause and fix it, then run the failing command again to confirm it passes.",
  ].join("\n");
}
