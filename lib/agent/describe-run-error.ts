import type { RunErrorKind, RunFacts } from "./classify-run-outcome.ts";

const INSTALL_HINT =
  "Install it with `npm install -g @anthropic-ai/claude-code`, or set the path to the claude binary on the Settings page.";

/** The user-facing sentence for a failed run: what happened, then what to do. */
export function describeRunError(params: { kind: RunErrorKind; facts: RunFacts }): string {
  const { kind, facts } = params;
  const said = quoteCli(facts.result?.text ?? null);
  const status = facts.result?.apiErrorStatus ?? null;
  switch (kind) {
    case "claude_not_found":
      if (facts.spawnError?.code === "NOT_RESOLVED")
        return `Arbor could not start Claude Code: ${facts.spawnError.message} ${INSTALL_HINT}`;
      return `Arbor could not start Claude Code: "${facts.bin}" was not found or is not executable (${facts.spawnError?.code ?? "error"}). ${INSTALL_HINT}`;
    case "spawn_failed":
      return facts.spawnError?.code === "ENOENT_CWD"
        ? `Arbor could not start Claude Code: ${facts.spawnError.message}. Check that the worktree still exists, then try again.`
        : `Arbor could not start Claude Code ("${facts.bin}"): ${facts.spawnError?.message ?? "unknown error"}. Try again; if it keeps failing, check the server log.`;
    case "not_logged_in":
      return `Claude Code is not logged in${said}. Run \`claude\` in a terminal and use /login, or set ANTHROPIC_API_KEY for Arbor, then send the message again.`;
    case "auth_failed":
      return `The Anthropic API rejected the credentials (HTTP ${status})${said}. Check ANTHROPIC_API_KEY, or run \`claude\` and /login again, then send the message again.`;
    case "overloaded":
      return `The Anthropic API is overloaded (HTTP 529) and Claude Code gave up after retrying${said}. Try again in a few minutes.`;
    case "rate_limited":
      return `The Anthropic API rate limit was reached (HTTP 429)${said}. Wait a minute and try again, or check your plan's usage limits.`;
    case "server_error":
      return status === null
        ? `Claude Code could not reach the Anthropic API${said}. Check the network connection (and ANTHROPIC_BASE_URL if you set it), then try again.`
        : `The Anthropic API had a server error (HTTP ${status})${said}. This is usually temporary: try again later.`;
    case "invalid_request":
      return `The Anthropic API refused the request (HTTP ${status})${said}. Shorten the message or start a new conversation.`;
    case "error_result":
      return `Claude Code ended the turn with an error (${describeResult(facts)})${said}. Try again; if it keeps failing, start a new conversation.`;
    case "timed_out":
      return `Claude did not finish within ${formatDuration(facts.timeoutMs)} and was stopped. What it wrote so far was kept. Try again, or split the task into smaller steps.`;
    case "cancelled":
      return "You stopped this answer. What Claude wrote so far was kept.";
    case "crashed":
      return describeCrash(facts);
  }
}

function describeCrash(facts: RunFacts): string {
  const how = facts.signal ? `was killed by ${facts.signal}` : `exited with code ${facts.exitCode ?? "unknown"}`;
  const stderr = firstLine(facts.stderr);
  if (!facts.sawOutput && stderr) {
    return `Claude Code refused to start and ${how}: "${stderr}". Check the Claude settings (model, tools, permission mode) on the Settings page.`;
  }
  return `Claude Code stopped unexpectedly before finishing the turn (it ${how})${stderr ? `: "${stderr}"` : ""}. What it wrote so far was kept. Send the message again.`;
}

function describeResult(facts: RunFacts): string {
  const result = facts.result;
  if (!result) return "no result";
  const parts = [result.subtype, result.terminalReason, ...result.errors.slice(0, 1)].filter((part): part is string =>
    Boolean(part),
  );
  return parts.join(", ");
}

function quoteCli(text: string | null): string {
  const line = firstLine(text ?? "");
  return line ? `: "${line}"` : "";
}

function firstLine(text: string): string {
  const line = text.trim().split("\n")[0] ?? "";
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}

function formatDuration(ms: number | undefined): string {
  if (ms === undefined) return "the time limit";
  if (ms < 1000) return `${ms} ms`;
  if (ms < 120_000) return `${Math.round(ms / 1000)} seconds`;
  return `${Math.round(ms / 60_000)} minutes`;
}
