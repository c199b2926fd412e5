import { spawn } from "node:child_process";
import path from "node:path";
import type { ArborWithClaude } from "./arbor-with-claude.ts";
import { repoRoot } from "./start-arbor.ts";

/**
 * Runs the real `claude -p` in a directory the way a user would in a terminal (same HOME and
 * config dir as Arbor's runs, talking to the same mock model). Resolves with stdout lines.
 */
export function runClaudeDirectly(input: {
  env: ArborWithClaude;
  cwd: string;
  prompt: string;
  args?: string[];
}): Promise<{ exitCode: number | null; lines: Array<Record<string, unknown>> }> {
  const childEnv: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && key !== "CLAUDECODE" && !key.startsWith("CLAUDE_CODE_")) childEnv[key] = value;
  }
  Object.assign(childEnv, {
    PATH: `${path.join(repoRoot, "node_modules", ".bin")}:${process.env.PATH ?? "/usr/bin:/bin"}`,
    HOME: input.env.home.home,
    CLAUDE_CONFIG_DIR: input.env.home.configDir,
    ANTHROPIC_BASE_URL: input.env.mock.url,
    ANTHROPIC_API_KEY: "sk-test",
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    CLAUDE_CODE_MAX_RETRIES: "1",
    DISABLE_TELEMETRY: "1",
  });
  return new Promise((resolve, reject) => {
    const child = spawn("claude", ["-p", "--output-format", "stream-json", "--verbose", ...(input.args ?? [])], {
      cwd: input.cwd,
      env: childEnv as NodeJS.ProcessEnv,
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.resume();
    child.on("error", reject);
    child.on("close", (exitCode) =>
      resolve({
        exitCode,
        lines: stdout
          .split("\n")
          .filter((line) => line.startsWith("{"))
          .map((line) => JSON.parse(line) as Record<string, unknown>),
      }),
    );
    child.stdin.end(input.prompt);
  });
}

/** The Claude session id that a run printed on its `result` line. */
export function sessionIdOf(run: { lines: Array<Record<string, unknown>> }): string {
  const result = run.lines.find((line) => line.type === "result");
  if (!result) throw new Error(`claude printed no result line (${run.lines.length} other lines)`);
  return String(result.session_id);
}
