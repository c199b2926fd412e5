import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { buildClaudeArgs } from "@/lib/agent/claude-args.ts";
import { buildChildEnv } from "@/lib/process-host/child-env.ts";
import { lastUserText } from "@/tests/support/mock-anthropic/index.ts";
import { startArborWithClaude } from "@/tests/support/arbor-with-claude.ts";
import { createFixtureRoot, createRepoWithOrigin, removeGitFixture } from "@/tests/support/git-fixtures.ts";
import { callApi, openSession, pinRepo, sendChat } from "@/tests/support/call-api.ts";
import { repoRoot } from "@/tests/support/start-arbor.ts";
import { connectWs } from "@/tests/support/ws-client.ts";
import { median, percentile, round } from "./stats.ts";

export interface ChatBenchResult {
  sends: number;
  arborMedianMs: number;
  directMedianMs: number;
  ratio: number;
  addedMsP50: number;
  relayDeltas: number;
  relayP50Ms: number;
  relayP99Ms: number;
}

/**
 * Send overhead: the full round trip of POST /api/chat/send against the same `claude -p`
 * invocation run directly with the same prompt and the same mock, interleaved in one run.
 * Relay latency: from the server reading a stream-json line (the event's `at`) to the
 * WebSocket message arriving at a connected client, over a long streamed answer.
 */
export async function runChatBench({ sends = 10 }: { sends?: number } = {}): Promise<ChatBenchResult> {
  const env = await startArborWithClaude();
  const fixture = await createFixtureRoot();
  try {
    const { mainPath } = await createRepoWithOrigin({ root: fixture.root, files: { "a.txt": "a\n" } });
    const repoId = await pinRepo(env.arbor, mainPath);
    const sessionId = await openSession(env.arbor, { repoId, worktreePath: mainPath });
    await callApi(env.arbor, "/api/settings", { method: "PUT", body: { recentMessageCount: 4 } });
    const claudeEnv = buildChildEnv({
      program: "claude",
      passNames: [],
      secrets: [],
      inherited: {
        PATH: `${path.join(repoRoot, "node_modules", ".bin")}:${process.env.PATH}`,
        HOME: env.home.home,
        CLAUDE_CONFIG_DIR: env.home.configDir,
        ANTHROPIC_BASE_URL: env.mock.url,
        ANTHROPIC_API_KEY: "sk-test",
        DISABLE_TELEMETRY: "1",
        DISABLE_ERROR_REPORTING: "1",
        ARBOR_CLAUDE_ENV_CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
      },
    });

    const arborTimes: number[] = [];
    const directTimes: number[] = [];
    for (let index = -1; index < sends; index += 1) {
      const started = performance.now();
      const { body } = await sendChat(env.arbor, { sessionId, userMessage: `bench ${index} [[mock:text ok]]` });
      const arborMs = performance.now() - started;
      const request = env.mock.requests.find((r) => r.headers["x-claude-code-session-id"] === body.run.claudeSessionId);
      const prompt = lastUserText(request!)!;
      const directMs = await timeDirectRun({ cwd: mainPath, env: claudeEnv, prompt });
      if (index >= 0) {
        arborTimes.push(arborMs);
        directTimes.push(directMs);
      }
    }

    const ws = await connectWs(env.arbor);
    const latencies: number[] = [];
    ws.onMessage((message) => {
      if (message.type === "run_event" && message.event.kind === "text_delta")
        latencies.push(performance.timeOrigin + performance.now() - message.at);
    });
    ws.send({ type: "subscribe_session", sessionId });
    await sendChat(env.arbor, { sessionId, userMessage: "[[mock:long 400]]" });
    ws.close();

    const arborMedianMs = median(arborTimes);
    const directMedianMs = median(directTimes);
    return {
      sends,
      arborMedianMs: round(arborMedianMs),
      directMedianMs: round(directMedianMs),
      ratio: round(arborMedianMs / directMedianMs, 3),
      addedMsP50: round(median(arborTimes.map((t, i) => t - directTimes[i]!))),
      relayDeltas: latencies.length,
      relayP50Ms: round(percentile(latencies, 50)),
      relayP99Ms: round(percentile(latencies, 99)),
    };
  } finally {
    await env.close();
    await removeGitFixture(fixture);
  }
}

async function timeDirectRun(input: { cwd: string; env: Record<string, string>; prompt: string }): Promise<number> {
  const args = buildClaudeArgs({
    sessionId: randomUUID(),
    permissionMode: "default",
    allowedTools: [],
    disallowedTools: [],
    // Arbor runs the bench's (never trusted) repository without its project settings: so does this run.
    useProjectSettings: false,
  });
  const started = performance.now();
  await new Promise<void>((resolve, reject) => {
    const child = spawn("claude", args, {
      cwd: input.cwd,
      env: input.env as NodeJS.ProcessEnv,
      stdio: ["pipe", "pipe", "pipe"],
    });
    child.stdout.resume();
    child.stderr.resume();
    child.on("error", reject);
    child.on("close", () => resolve());
    child.stdin.end(input.prompt);
  });
  return performance.now() - started;
}

const isDirectRun = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isDirectRun) {
  const result = await runChatBench();
  console.log(JSON.stringify(result, null, 2));
}
