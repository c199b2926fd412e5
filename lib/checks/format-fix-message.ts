import type { CheckRunView } from "@/lib/realtime/check-views.ts";
import { fenceText } from "./fenced-text.ts";
import { stripAnsi } from "./failures/strip-ansi.ts";
import { formatFixFailures } from "./format-fix-failures.ts";

/** How much of each failing check's output the message carries: its end, where failures are summed up. */
const FIX_EXCERPT_CHARS = 6000;

/**
 * The message "Fix with Claude" sends: for each check that did not pass, its command, how it ended
 * (exit code or time limit), the commit it ran on, the failing tests found in its output (their
 * own lines first, where Claude should start), then the end of its output, each fenced so the
 * output cannot close its block. Pure.
 */
export function formatFixMessage(failing: readonly CheckRunView[]): string {
  const parts = failing.map((run) => {
    const ending = run.status === "timed_out" ? "timed out" : `exited with code ${run.exitCode ?? "none (killed)"}`;
    const commit = run.commit ? ` on ${run.commit.slice(0, 7)}${run.dirty ? " with uncommitted changes" : ""}` : "";
    // Colour codes are noise to the model and unreadable in the chat: the message carries plain text.
    const plain = stripAnsi(run.output);
    const output = plain.length <= FIX_EXCERPT_CHARS ? plain : `…${plain.slice(-FIX_EXCERPT_CHARS)}`;
    const summary = `Check "${run.name}" (\`${run.command}\`) ${ending}${commit}.`;
    if (!run.failures) return [summary, fenceText(output)].join("\n");
    return [summary, formatFixFailures(run.failures), "The end of its output:", fenceText(output)].join("\n");
  });
  return [
    failing.length === 1 ? "This check fails:" : "These checks fail:",
    "",
    parts.join("\n\n"),
    "",
    "Find the cause and fix it, then run the failing command again to confirm it passes.",
  ].join("\n");
}
