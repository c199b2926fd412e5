import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import os from "node:os";
import { buildClaudeArgs } from "./claude-args.ts";
import { buildClaudeEnv } from "./claude-env.ts";
import { runClaude, type RunOutcome } from "./run-claude.ts";

/** Tools an internal turn never gets: it reads and answers, it does not act. */
const ACTING_TOOLS = ["Bash", "Edit", "Write", "NotebookEdit", "WebFetch", "WebSearch"];

/**
 * One of Arbor's own helper turns (summaries, relay lines, tree proposals): a fresh session, no
 * tools that act, no hooks and no transcript (see `isInternal` in buildClaudeArgs), run in `cwd`
 * when it still exists (else a temp dir). Throws AppError when the model name is invalid.
 */
export function runInternalTurn(input: {
  claudeBin: string;
  model?: string | null | undefined;
  cwd: string;
  prompt: string;
  timeoutMs: number;
}): Promise<RunOutcome> {
  return runClaude({
    bin: input.claudeBin,
    args: buildClaudeArgs({
      sessionId: randomUUID(),
      ...(input.model ? { model: input.model } : {}),
      permissionMode: "default",
      allowedTools: [],
      disallowedTools: ACTING_TOOLS,
      isInternal: true,
    }),
    cwd: existsSync(input.cwd) ? input.cwd : os.tmpdir(),
    env: inheritedClaudeEnv(),
    prompt: input.prompt,
    timeoutMs: input.timeoutMs,
  });
}

/** The environment of this process, cleaned for a claude child (see buildClaudeEnv). */
export function inheritedClaudeEnv(): Record<string, string> {
  return buildClaudeEnv({ inherited: process.env });
}
