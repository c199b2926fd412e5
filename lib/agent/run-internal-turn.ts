import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { getConfig } from "@/lib/config/current-config.ts";
import { childEnv } from "@/lib/process-host/child-env-source.ts";
import { buildClaudeArgs } from "./claude-args.ts";
import { runClaude, type ClaudeCommand, type RunOutcome } from "./run-claude.ts";

/** Tools an internal turn never gets: it reads and answers, it does not act. */
const ACTING_TOOLS = ["Bash", "Edit", "Write", "NotebookEdit", "WebFetch", "WebSearch"];

/**
 * One of Arbor's own helper turns (summaries, relay lines, tree proposals): a fresh session, no
 * tools that act, no hooks, no transcript, and never the repository's own settings (its `env`
 * could send the conversation elsewhere, trusted or not; see `isInternal` in buildClaudeArgs). It
 * runs in an empty private folder of Arbor's, never in a worktree: everything it needs is in the
 * prompt, and in a worktree the CLI itself would run git (whose config may name programs, see
 * lib/git/safety/git-safety.ts) and look for project files. Throws AppError when the model name is invalid.
 */
export function runInternalTurn(input: {
  claude: ClaudeCommand;
  model?: string | null | undefined;
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
    cwd: internalTurnFolder(),
    env: inheritedClaudeEnv(),
    prompt: input.prompt,
    timeoutMs: input.timeoutMs,
  });
}

/** The environment of a claude child: this process's, allow-listed (see buildChildEnv), with `overrides` last. */
export function inheritedClaudeEnv(overrides?: Record<string, string>): Record<string, string> {
  return childEnv("claude", overrides);
}

/** `<data dir>/internal-turns`: empty, private (0700), outside every repository. */
function internalTurnFolder(): string {
  const folder = path.join(getConfig().dataDir, "internal-turns");
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  return folder;
}
