import type { ClaudeCommand } from "@/lib/agent/run-claude.ts";
import { runInternalTurn } from "@/lib/agent/run-internal-turn.ts";
import type { Settings } from "@/lib/settings/settings-schema.ts";
import { stripMetaTags } from "@/lib/hook-events/meta-tag.ts";

const ATTEMPTS = 3;
const FIRST_BACKOFF_MS = 1_000;

/** Deterministic "User: … / AI: …" line used when the model cannot write one. */
export function buildFallbackRelaySummary(input: { userText: string; assistantText: string }): string {
  const clip = (text: string, max: number) => {
    const flat = text.replace(/\s+/g, " ").trim();
    return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
  };
  return `User: ${clip(input.userText, 140) || "(no prompt)"} / AI: ${clip(stripMetaTags(input.assistantText), 200) || "(no answer)"}`;
}

/**
 * One-line summary of a relay by the small model, "User: … / AI: …", retried with backoff;
 * after the last failure the deterministic line is used and the reason is returned.
 */
export async function summarizeRelay(input: {
  userText: string;
  assistantText: string;
  settings: Settings;
  claude: ClaudeCommand;
  wait?: (ms: number) => Promise<void>;
}): Promise<{ summary: string; kind: "model" | "extractive"; error: string | null }> {
  const wait = input.wait ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const prompt = [
    'Summarize this exchange in ONE line of the form "User: <what the user asked> / AI: <what the assistant did or answered>". Nothing else.',
    "",
    "## User",
    input.userText.slice(0, 4000),
    "",
    "## Assistant",
    stripMetaTags(input.assistantText).slice(0, 6000),
  ].join("\n");
  let lastError = "";
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    const outcome = await runInternalTurn({
      claude: input.claude,
      model: input.settings.summaryModel,
      prompt,
      timeoutMs: input.settings.summaryTimeoutSeconds * 1000,
    });
    const line = stripMetaTags(outcome.text || outcome.result?.text || "")
      .split("\n")
      .find(isRelaySummaryLine);
    if (outcome.status === "success" && line) return { summary: line.trim(), kind: "model", error: null };
    lastError = outcome.status === "success" ? "the answer was not a 'User: … / AI: …' line" : outcome.userMessage;
    if (attempt < ATTEMPTS) await wait(FIRST_BACKOFF_MS * 2 ** (attempt - 1));
  }
  return {
    summary: buildFallbackRelaySummary(input),
    kind: "extractive",
    error: `Summary by claude -p failed ${ATTEMPTS} times: ${lastError}`,
  };
}

/** "User: … / AI: …" (checked without a backtracking regex: the line is model output). */
function isRelaySummaryLine(line: string): boolean {
  const trimmed = line.trim();
  return trimmed.startsWith("User:") && /\/\s*AI:/.test(trimmed.slice(5));
}
