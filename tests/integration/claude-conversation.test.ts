// Chat runs speak the Agent SDK's protocol with the real CLI (Claude Code 2.1.197): the prompt as
// a stream-json user message, tool permissions asked through control requests and answered by Arbor.
import { randomUUID } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { PermissionRequest } from "@/lib/agent/claude-conversation.ts";
import type { PermissionAnswer } from "@/lib/agent/control-messages.ts";
import { buildClaudeArgs } from "@/lib/agent/claude-args.ts";
import { runClaude, type RunOutcome } from "@/lib/agent/run-claude.ts";
import {
  buildTestClaudeEnv,
  CLAUDE_BIN,
  createClaudeTestHome,
  createTestRepo,
  expectProcessGroupGone,
  removeTestDirs,
} from "@/tests/support/claude-env.ts";
import { startMockAnthropic, type MockAnthropic, type MockScript } from "@/tests/support/mock-anthropic/index.ts";

let mock: MockAnthropic;
const createdDirs: string[] = [];

beforeAll(async () => {
  mock = await startMockAnthropic();
});
afterAll(async () => {
  await mock.close();
});
afterEach(async () => {
  await removeTestDirs(createdDirs.splice(0));
});

interface ConversationRun {
  outcome: RunOutcome;
  repo: string;
  requests: PermissionRequest[];
  closed: Array<{ requestId: string; reason: string }>;
}

/** One chat run through the real CLI; `answer` decides each permission request (it may wait). */
async function converse(params: {
  script: MockScript | ((repo: string) => MockScript);
  prompt?: string | ((repo: string) => string | Promise<string>);
  answer: (request: PermissionRequest, repo: string) => Promise<PermissionAnswer>;
  signal?: AbortSignal;
  permissionMode?: "default" | "plan" | "acceptEdits";
}): Promise<ConversationRun> {
  const home = await createClaudeTestHome();
  const repo = await createTestRepo();
  createdDirs.push(home.home, repo);
  mock.setDefaultScript(typeof params.script === "function" ? params.script(repo) : params.script);
  const requests: PermissionRequest[] = [];
  const closed: Array<{ requestId: string; reason: string }> = [];
  const prompt = typeof params.prompt === "function" ? params.prompt(repo) : (params.prompt ?? "please work");
  const outcome = await runClaude({
    bin: CLAUDE_BIN,
    args: buildClaudeArgs({
      sessionId: randomUUID(),
      permissionMode: params.permissionMode ?? "default",
      allowedTools: [],
      disallowedTools: [],
      isConversation: true,
      useProjectSettings: true,
    }),
    cwd: repo,
    env: buildTestClaudeEnv({ mockUrl: mock.url, home }),
    prompt,
    timeoutMs: 45_000,
    ...(params.signal ? { signal: params.signal } : {}),
    conversation: {
      onPermissionRequest(request) {
        requests.push(request);
        return params.answer(request, repo);
      },
      onPermissionClosed(requestId, reason) {
        closed.push({ requestId, reason });
      },
    },
  });
  return { outcome, repo, requests, closed };
}

const writeScript = (file: string, content: string): MockScript => ({
  name: "write",
  steps: [{ type: "tool_use", name: "Write", input: { file_path: file, content } }, { type: "tool_result_echo" }],
});

describe("chat runs over the SDK transport", () => {
  it("asks before a Write, runs it once allowed, and the prompt may arrive after the CLI started", async () => {
    let release: (prompt: string) => void = () => {};
    const late = new Promise<string>((resolve) => (release = resolve));
    const home = await createClaudeTestHome();
    const repo = await createTestRepo();
    createdDirs.push(home.home, repo);
    const file = path.join(repo, "notes.txt");
    mock.setDefaultScript(writeScript(file, "hello\n"));
    const requests: PermissionRequest[] = [];
    const running = runClaude({
      bin: CLAUDE_BIN,
      args: buildClaudeArgs({
        sessionId: randomUUID(),
        permissionMode: "default",
        allowedTools: [],
        disallowedTools: [],
        isConversation: true,
        useProjectSettings: true,
      }),
      cwd: repo,
      env: buildTestClaudeEnv({ mockUrl: mock.url, home }),
      prompt: late,
      timeoutMs: 45_000,
      conversation: {
        onPermissionRequest(request) {
          requests.push(request);
          return Promise.resolve({ behavior: "allow", updatedInput: request.input });
        },
      },
    });
    const before = mock.requests.length;
    release("write the notes");
    const outcome = await running;
    expect(mock.requests.length).toBeGreaterThan(before);
    expect(outcome.status).toBe("success");
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ toolName: "Write", input: { file_path: file, content: "hello\n" } });
    expect(readFileSync(file, "utf8")).toBe("hello\n");
    expect(outcome.text).toContain("Write returned:");
  });

  it("sends a deny with the user's message, which the model receives as the tool's error", async () => {
    const run = await converse({
      script: {
        name: "bash",
        steps: [
          { type: "tool_use", name: "Bash", input: { command: "echo hi > out.txt", description: "write out.txt" } },
          { type: "tool_result_echo" },
        ],
      },
      answer: () => Promise.resolve({ behavior: "deny", message: "Not in this repository, please." }),
    });
    expect(run.outcome.status).toBe("success");
    expect(run.requests[0]?.toolName).toBe("Bash");
    expect(run.requests[0]?.suggestions.length).toBeGreaterThan(0);
    expect(run.outcome.text).toContain("Not in this repository, please.");
    expect(existsSync(path.join(run.repo, "out.txt"))).toBe(false);
  });

  it("answers AskUserQuestion with the user's choice", async () => {
    const run = await converse({
      script: {
        name: "ask",
        steps: [
          {
            type: "tool_use",
            name: "AskUserQuestion",
            input: {
              questions: [
                {
                  question: "Which database?",
                  header: "Database",
                  options: [
                    { label: "SQLite", description: "embedded" },
                    { label: "PostgreSQL", description: "server" },
                  ],
                  multiSelect: false,
                },
              ],
            },
          },
          { type: "tool_result_echo" },
        ],
      },
      answer: (request) =>
        Promise.resolve({
          behavior: "allow",
          updatedInput: { ...request.input, answers: { "Which database?": "PostgreSQL" } },
        }),
    });
    expect(run.requests[0]?.toolName).toBe("AskUserQuestion");
    expect(run.outcome.text).toContain('"Which database?"="PostgreSQL"');
  });

  it("approves a plan and switches the rest of the run to accept edits, so the next Write does not ask", async () => {
    const run = await converse({
      permissionMode: "plan",
      script: (repo) => ({
        name: "plan",
        steps: [
          { type: "tool_use", name: "ExitPlanMode", input: { plan: "# Plan\n1. Write plan.txt" } },
          { type: "tool_use", name: "Write", input: { file_path: path.join(repo, "plan.txt"), content: "done\n" } },
          { type: "tool_result_echo" },
        ],
      }),
      answer: (request) =>
        Promise.resolve({
          behavior: "allow",
          updatedInput: request.input,
          updatedPermissions: [{ type: "setMode", mode: "acceptEdits", destination: "session" }],
        }),
    });
    expect(run.requests.map((request) => request.toolName)).toEqual(["ExitPlanMode"]);
    expect(run.outcome.status).toBe("success");
    expect(readFileSync(path.join(run.repo, "plan.txt"), "utf8")).toBe("done\n");
  });

  it("withdraws a waiting request when the run is stopped, and ends cancelled with no process left", async () => {
    const controller = new AbortController();
    const run = await converse({
      script: {
        name: "bash",
        steps: [
          { type: "tool_use", name: "Bash", input: { command: "echo hi > out.txt", description: "write out.txt" } },
          { type: "tool_result_echo" },
        ],
      },
      signal: controller.signal,
      answer: () => {
        controller.abort();
        return new Promise(() => {}); // the user never answers: Stop decides
      },
    });
    const pid = run.outcome.pid;
    expect(run.outcome.status).toBe("cancelled");
    expect(run.closed).toEqual([{ requestId: run.requests[0]!.requestId, reason: "withdrawn" }]);
    await expectProcessGroupGone(pid);
    expect(existsSync(path.join(run.repo, "out.txt"))).toBe(false);
  });
});
