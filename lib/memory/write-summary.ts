import os from "node:os";
import { existsSync } from "node:fs";
import { randomUUID } from "node:crypto";
import { buildClaudeArgs } from "@/lib/agent/claude-args.ts";
import { buildClaudeEnv } from "@/lib/agent/claude-env.ts";
import { runClaude } from "@/lib/agent/run-claude.ts";
import type { Settings } from "@/lib/settings/settings-schema.ts";
import { buildExtractiveSummary } from "./extractive-summary.ts";
import { buildSummaryPrompt, hasSummarySections, type SummarySource } from "./summary-format.ts";

export interface WrittenSummary {
  markdown: string;
  kind: "model" | "extractive";
  /** Why the extractive fallback was used (null when the model wrote it). */
  note: string | null;
}

/**
 * Asks `claude -p` (the configured small model, no tools) for the rolling summary; when that
 * fails for any reason, falls back to the deterministic extractive summary and says why.
 */
export async function writeSummary(input: {
  source: SummarySource;
  settings: Settings;
  cwd: string;
}): Promise<WrittenSummary> {
  const fallback = (note: string): WrittenSummary => ({
    markdown: buildExtractiveSummary(input.source),
    kind: "extractive",
    note,
  });
  let args: string[];
  try {
    args = buildClaudeArgs({
      sessionId: randomUUID(),
      model: input.settings.summaryModel,
      permissionMode: "default",
      allowedTools: [],
      disallowedTools: ["Bash", "Edit", "Write", "NotebookEdit", "WebFetch", "WebSearch"],
      isInternal: true,
    });
  } catch (error) {
    return fallback(`The summary settings are invalid (${(error as Error).message}).`);
  }
  const outcome = await runClaude({
    bin: input.settings.claudeBin,
    args,
    cwd: existsSync(input.cwd) ? input.cwd : os.tmpdir(),
    env: buildClaudeEnv({ inherited: process.env }) as NodeJS.ProcessEnv,
    prompt: buildSummaryPrompt(input.source),
    timeoutMs: input.settings.summaryTimeoutSeconds * 1000,
  });
  if (outcome.status !== "success") return fallback(`claude -p could not write the summary: ${outcome.userMessage}`);
  const markdown = (outcome.text || outcome.result?.text || "").trim();
  if (!hasSummarySections(markdown)) return fallback("The model's answer did not have the four summary sections.");
  return { markdown, kind: "model", note: null };
}
