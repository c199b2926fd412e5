import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { buildClaudeArgs } from "@/lib/agent/claude-args.ts";
import { buildChildEnv } from "@/lib/process-host/child-env.ts";
import type { ApprovalView } from "@/lib/realtime/approval-view.ts";
import { startArborWithClaude } from "@/tests/support/arbor-with-claude.ts";
import { DEFAULT_AGENT_NICENESS } from "@/lib/config/arbor-config.ts";
import { callApi, openSession, pinRepo, sendChat } from "@/tests/support/call-api.ts";
import { findProcessesInDir } from "@/tests/support/find-processes.ts";
import { createFixtureRoot, createRepoWithOrigin, removeGitFixture } from "@/tests/support/git-fixtures.ts";
import { lastUserText } from "@/tests/support/mock-anthropic/index.ts";
import { repoRoot } from "@/tests/support/start-arbor.ts";
import { connectWs } from "@/tests/support/ws-client.ts";
import { median, percentile, round } from "./stats.ts";

export interface ApprovalsBenchResult {
  sends: number;
  bareMedianMs: number;
  warmMedianMs: number;
  coldMedianMs: number;
  warmRatio: number;
  coldRatio: number;
  /** Arbor's own time on a cold send: its time to first token minus the bare CLI's, p50 of pairs. */
  coldAddedMsP50: number;
  cardRelayP50Ms: number;
  cardRelayP95Ms: number;
  answerRelayP50Ms: number;
  answerRelayP95Ms: number;
}

const now = () => performance.timeOrigin + performance.now();

/**
 * Time from Send to the first streamed token: Arbor with a warm CLI, Arbor cold (the CLI boots
 * while the prompt is assembled), and a bare `claude -p` given the same prompt, interleaved.
 * Approval relay: from Arbor reading the CLI's can_use_tool to a browser (WebSocket client)
 * receiving the card, and from the click (POST) to the answer going out (approval_resolved).
 */
export async function runApprovalsBench({ sends = 8 }: { sends?: number } = {}): Promise<ApprovalsBenchResult> {
  // The agents run at the niceness users' do (test servers give them a fair share of the CPU).
  const env = await startArborWithClaude({ serverEnv: { ARBOR_AGENT_NICENESS: String(DEFAULT_AGENT_NICENESS) } });
  const fixture = await createFixtureRoot();
  try {
    const { mainPath } = await createRepoWithOrigin({ root: fixture.root, files: { "a.txt": "a\n" } });
    const repoId = await pinRepo(env.arbor, mainPath);
    const sessionId = await openSession(env.arbor, { repoId, worktreePath: mainPath });
    await callApi(env.arbor, "/api/settings", { method: "PUT", body: { recentMessageCount: 2 } });
    const ws = await connectWs(env.arbor);
    ws.send({ type: "subscribe_session", sessionId });
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
        CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
      },
    });

    const firstToken = async (message: string): Promise<{ ms: number; claudeSessionId: string }> => {
      const seen = ws.messages.length;
      const started = now();
      const sending = sendChat(env.arbor, { sessionId, userMessage: message });
      await ws.waitFor(
        (item) => ws.messages.indexOf(item) >= seen && item.type === "run_event" && item.event.kind === "text_delta",
      );
      const ms = now() - started;
      const { body } = await sending;
      if (!body.run.claudeSessionId) throw new Error(`run ${body.run.id} has no Claude session id`);
      return { ms, claudeSessionId: body.run.claudeSessionId };
    };

    const bare: number[] = [];
    const warm: number[] = [];
    const cold: number[] = [];
    for (let index = -1; index < sends; index += 1) {
      const coldRun = await firstToken(`cold ${index} [[mock:text ok]]`);
      const request = env.mock.requests.find((r) => r.headers["x-claude-code-session-id"] === coldRun.claudeSessionId);
      const bareMs = await timeBareFirstToken({ cwd: mainPath, env: claudeEnv, prompt: lastUserText(request!)! });
      await callApi(env.arbor, "/api/chat/warm", { body: { sessionId } });
      await waitUntilIdle(mainPath);
      const warmRun = await firstToken(`warm ${index} [[mock:text ok]]`);
      if (index < 0) continue; // the first round warms caches
      cold.push(coldRun.ms);
      bare.push(bareMs);
      warm.push(warmRun.ms);
    }

    const cardRelay: number[] = [];
    const answerRelay: number[] = [];
    for (let index = 0; index < sends; index += 1) {
      const seen = ws.messages.length;
      const sending = sendChat(env.arbor, {
        sessionId,
        userMessage: `[[mock:bash node -e 'console.log(${index})']]`,
      });
      const requested = await ws.waitFor(
        (item) =>
          ws.messages.indexOf(item) >= seen && item.type === "run_event" && item.event.kind === "approval_requested",
      );
      const arrivedAt = now();
      const approval = (requested as { event: { approval: ApprovalView } }).event.approval;
      if (approval.askedAt === null) throw new Error("the approval card carries no askedAt");
      cardRelay.push(arrivedAt - approval.askedAt);
      const clicked = now();
      const answered = callApi(env.arbor, `/api/approvals/${approval.id}`, {
        body: { decision: { action: "allow_once" }, by: "bench" },
      });
      await ws.waitFor(
        (item) =>
          item.type === "run_event" && item.event.kind === "approval_resolved" && item.event.approvalId === approval.id,
      );
      answerRelay.push(now() - clicked);
      await answered;
      await sending;
    }
    ws.close();
    return {
      sends,
      bareMedianMs: round(median(bare)),
      warmMedianMs: round(median(warm)),
      coldMedianMs: round(median(cold)),
      warmRatio: round(median(warm) / median(bare), 3),
      coldRatio: round(median(cold) / median(bare), 3),
      coldAddedMsP50: round(median(cold.map((ms, index) => ms - bare[index]!))),
      cardRelayP50Ms: round(percentile(cardRelay, 50)),
      cardRelayP95Ms: round(percentile(cardRelay, 95)),
      answerRelayP50Ms: round(percentile(answerRelay, 50)),
      answerRelayP95Ms: round(percentile(answerRelay, 95)),
    };
  } finally {
    await env.close();
    await removeGitFixture(fixture);
  }
}

/** A bare `claude -p` with the prompt on stdin: time until its first streamed text delta. */
async function timeBareFirstToken(input: {
  cwd: string;
  env: Record<string, string>;
  prompt: string;
}): Promise<number> {
  const args = buildClaudeArgs({
    sessionId: randomUUID(),
    permissionMode: "default",
    allowedTools: [],
    disallowedTools: [],
    useProjectSettings: false,
  });
  const started = now();
  let firstAt: number | null = null;
  await new Promise<void>((resolve, reject) => {
    const child = spawn("claude", args, {
      cwd: input.cwd,
      env: input.env as NodeJS.ProcessEnv,
      stdio: ["pipe", "pipe", "pipe"],
    });
    let buffer = "";
    child.stdout.on("data", (chunk: Buffer) => {
      if (firstAt !== null) return;
      buffer += chunk.toString("utf8");
      if (buffer.includes('"text_delta"')) firstAt = now();
    });
    child.stderr.resume();
    child.on("error", reject);
    child.on("close", () => resolve());
    child.stdin.end(input.prompt);
  });
  return (firstAt ?? now()) - started;
}

/** Waits until the warm claude in `cwd` has booted: its CPU time stops growing for 300 ms. */
async function waitUntilIdle(cwd: string): Promise<void> {
  const cpuOf = (pid: number) => {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return Number(fields[11]) + Number(fields[12]);
  };
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const claude = findProcessesInDir(cwd).find((entry) => entry.cmdline.includes("claude"));
    if (claude) {
      const before = cpuOf(claude.pid);
      await new Promise((resolve) => setTimeout(resolve, 300));
      if (cpuOf(claude.pid) === before) return;
    } else {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
