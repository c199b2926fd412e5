import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import os from "node:os";
import { buildClaudeArgs } from "./claude-args.ts";
import { buildClaudeEnv } from "./claude-env.ts";
import { runClaude, type ClaudeCommand, type RunOutcome } from "./run-claude.ts";

/** Tools an internal turn never gets: it reads and answers, it does not act. */
const ACTING_TOOLS = ["Bash", "Edit", "Write", "NotebookEdit", "WebFetch", "WebSearch"];

/**
 * One of Arbor's own helper turns (summaries, relay lines, tree proposals): a fresh session, no
 * tools that act, no hooks, no transcript, and never the repository's own settings (its `env`
 * could send the conversation elsewhere, trusted or not; see `isInternal` in buildClaudeArgs),
 * run in `cwd` when it still exists (else a temp dir). Throws AppError when the model name is invalid.
 */
export function runInternalTurn(input: {
  claude: ClaudeCommand;
  model?: string | null | undefined;
  cwd: string;
  prompt: string;
  timeoutMs: number;
}): Promise<RunOutcome> {
  return runClaude({
    bin: input.claude.bin,
    binProblem: input.claude.problem,
    args: buildClaudeArgs({
      sessionId: randomUUID(),
      ...(input.model ? { model: input.model } : {}),
      permissionMode: "default",
      allowedTools: [],
      disallowedTools: ACTING_TOOLS,
      isInternal: true,
      useProjectSettings: false,
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
