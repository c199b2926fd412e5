import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { lastUserText, startMockAnthropic, type MockAnthropic } from "@/tests/support/mock-anthropic/index.ts";
import { buildClaudeArgs } from "@/lib/agent/claude-args.ts";
import { runClaude, type RunOutcome } from "@/lib/agent/run-claude.ts";
import type { ClaudeStreamEvent } from "@/lib/agent/stream/stream-event.ts";
import {
  buildTestClaudeEnv,
  CLAUDE_BIN,
  createClaudeTestHome,
  createTestRepo,
  expectProcessGroupGone,
  removeTestDirs,
  type ClaudeTestHome,
} from "@/tests/support/claude-env.ts";
import { readJsonFile } from "@/tests/support/read-json.ts";

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

interface Run {
  outcome: RunOutcome;
  events: ClaudeStreamEvent[];
  sessionId: string;
  repo: string;
  home: ClaudeTestHome;
}

async function newHome(): Promise<ClaudeTestHome> {
  const home = await createClaudeTestHome();
  createdDirs.push(home.home);
  return home;
}

async function newRepo(): Promise<string> {
  const repo = await createTestRepo();
  createdDirs.push(repo);
  return repo;
}

/** Runs the real CLI against the mock in a fresh repo (and, unless given, a fresh HOME). */
async function runReal(params: {
  prompt: string;
  allowedTools?: string[];
  home?: ClaudeTestHome;
  apiKey?: string | null;
  maxRetries?: number;
  timeoutMs?: number;
  signal?: AbortSignal;
  onEvent?: (event: ClaudeStreamEvent) => void;
}): Promise<Run> {
  const home = params.home ?? (await newHome());
  const repo = await newRepo();
  const sessionId = randomUUID();
  const events: ClaudeStreamEvent[] = [];
  const outcome = await runClaude({
    bin: CLAUDE_BIN,
    args: buildClaudeArgs({
      sessionId,
      permissionMode: "default",
      allowedTools: params.allowedTools ?? [],
      disallowedTools: [],
      useProjectSettings: true,
    }),
    cwd: repo,
    env: buildTestClaudeEnv({ mockUrl: mock.url, home, apiKey: params.apiKey, maxRetries: params.maxRetries }),
    prompt: params.prompt,
    timeoutMs: params.timeoutMs ?? 45_000,
    signal: params.signal,
    onEvent: (event) => {
      events.push(event);
      params.onEvent?.(event);
    },
  });
  return { outcome, events, sessionId, repo, home };
}

function requestsOf(sessionId: string) {
  return mock.requests.filter(
    (request) => request.pathname === "/v1/messages" && request.headers["x-claude-code-session-id"] === sessionId,
  );
}

function kindsOf(events: ClaudeStreamEvent[]): string[] {
  return events.map((event) => event.kind);
}

describe("runClaude with the real CLI against the mock API", () => {
  it("returns a successful plain text answer and sends the prompt byte for byte", async () => {
    const prompt = "Say hello to the test suite.";
    const { outcome, events, sessionId, repo } = await runReal({ prompt });

    expect(outcome).toMatchObject({
      status: "success",
      errorKind: null,
      exitCode: 0,
      signal: null,
      text: "Hello from the mock model.",
      invalidLineCount: 0,
      isRetryable: false,
    });
    expect(outcome.result).toMatchObject({
      subtype: "success",
      isError: false,
      apiErrorStatus: null,
      text: "Hello from the mock model.",
      sessionId,
      numTurns: 1,
      terminalReason: "completed",
      permissionDenials: [],
    });
    expect(outcome.result?.models.length).toBeGreaterThan(0);
    expect(outcome.result?.usage.outputTokens).toBeGreaterThan(0);
    expect(outcome.finishedAt.getTime()).toBeGreaterThanOrEqual(outcome.startedAt.getTime());
    expect(events.find((event) => event.kind === "init")).toMatchObject({
      sessionId,
      cwd: repo,
      permissionMode: "default",
    });
    const requests = requestsOf(sessionId);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.isStreaming).toBe(true);
    expect(lastUserText(requests[0]!)).toBe(prompt);
    await expectProcessGroupGone(outcome.pid);
  });

  it("delivers shell metacharacters, a leading dash, newlines and non-ASCII unchanged", async () => {
    const prompt = `--version -p $(whoami) \`id\` "double" 'single' \\back; rm -rf / && echo $HOME\nsecond line\tTAB 日本語 é 🌳\n  indented [[mock:echo]]`;
    const { outcome, sessionId } = await runReal({ prompt });

    expect(outcome.status).toBe("success");
    expect(lastUserText(requestsOf(sessionId)[0]!)).toBe(prompt);
    expect(outcome.result?.text).toBe(prompt);
    expect(outcome.text).toBe(prompt);
  });

  it("accepts a 300 KB prompt on stdin", async () => {
    const line = "0123456789 abcdefghijklmnopqrstuvwxyz ÄÖÜ 日本語\n";
    const prompt = line.repeat(Math.ceil((300 * 1024) / Buffer.byteLength(line)));
    expect(Buffer.byteLength(prompt)).toBeGreaterThan(300 * 1024);
    const { outcome, sessionId } = await runReal({ prompt });

    expect(outcome.status).toBe("success");
    expect(lastUserText(requestsOf(sessionId)[0]!)).toBe(prompt);
  });

  it("relays text deltas as they stream, before the result", async () => {
    const seenAt = new Map<string, number>();
    const { outcome, events } = await runReal({
      prompt: "[[mock:slow 60]]",
      onEvent: (event) => {
        if (!seenAt.has(event.kind)) seenAt.set(event.kind, Date.now());
      },
    });

    expect(outcome.status).toBe("success");
    const deltas = events.flatMap((event) => (event.kind === "text_delta" ? [event.text] : []));
    expect(deltas).toHaveLength(10);
    expect(deltas.join("")).toBe(outcome.result?.text);
    expect(kindsOf(events).lastIndexOf("text_delta")).toBeLessThan(kindsOf(events).indexOf("result"));
    // The mock spaces the 10 deltas 60 ms apart: a buffered relay would deliver them together.
    expect(seenAt.get("result")! - seenAt.get("text_delta")!).toBeGreaterThanOrEqual(400);
  });

  it("cancels a slow answer after the first delta, keeps the partial text and leaves no process", async () => {
    const controller = new AbortController();
    const { outcome } = await runReal({
      prompt: "[[mock:slow 400]]",
      signal: controller.signal,
      onEvent: (event) => {
        if (event.kind === "text_delta") controller.abort();
      },
    });

    expect(outcome).toMatchObject({ status: "cancelled", errorKind: "cancelled" });
    expect(outcome.text.startsWith("Slow ")).toBe(true);
    expect(outcome.text.length).toBeLessThan("Slow stream chunk number one, two, three, four, five, done.".length);
    // SIGINT lets the CLI close the turn itself and exit 0. Usually it prints an aborted result
    // first, but a SIGINT right after the first delta sometimes ends the run with no result line
    // (about 1 run in 15 here), so cancellation must not depend on the result.
    expect(outcome.exitCode).toBe(0);
    if (outcome.result) expect(outcome.result).toMatchObject({ isError: true, terminalReason: "aborted_streaming" });
    await expectProcessGroupGone(outcome.pid);
  });

  it("times out a request the API never answers and kills the process group", async () => {
    // The limit counts from the spawn, so it must outlast the CLI's boot on a loaded machine
    // (6 s did not always), or the run times out before its request reaches the API.
    const { outcome, sessionId } = await runReal({ prompt: "[[mock:hang]]", timeoutMs: 12_000 });

    expect(outcome).toMatchObject({ status: "timed_out", errorKind: "timed_out", result: null, isRetryable: true });
    expect(requestsOf(sessionId)).toHaveLength(1);
    expect(outcome.exitCode === 143 || outcome.signal === "SIGKILL").toBe(true);
    await expectProcessGroupGone(outcome.pid);
  });

  it("reports a 529 as overloaded after the CLI's retries (CLAUDE_CODE_MAX_RETRIES=1)", async () => {
    const { outcome, events, sessionId } = await runReal({ prompt: "[[mock:error 529]]", maxRetries: 1 });

    expect(events.filter((event) => event.kind === "api_retry")).toEqual([
      expect.objectContaining({ attempt: 1, maxRetries: 1, errorStatus: 529 }),
    ]);
    expect(outcome).toMatchObject({
      status: "failed",
      errorKind: "overloaded",
      isRetryable: true,
      exitCode: 1,
      text: "",
    });
    expect(outcome.result).toMatchObject({ subtype: "success", isError: true, apiErrorStatus: 529 });
    expect(requestsOf(sessionId)).toHaveLength(2);
  });

  it("reports a 500 as server_error", async () => {
    const { outcome } = await runReal({ prompt: "[[mock:error 500]]", maxRetries: 0 });

    expect(outcome).toMatchObject({ status: "failed", errorKind: "server_error", exitCode: 1 });
    expect(outcome.result?.apiErrorStatus).toBe(500);
  });

  it("reports a 401 with x-should-retry: false as auth_failed without retrying", async () => {
    const { outcome, events, sessionId } = await runReal({ prompt: "[[mock:error 401 noretry]]", maxRetries: 3 });

    expect(outcome).toMatchObject({ status: "failed", errorKind: "auth_failed", isRetryable: false });
    expect(events.some((event) => event.kind === "api_retry")).toBe(false);
    expect(requestsOf(sessionId)).toHaveLength(1);
  });

  it("reports a missing API key as not_logged_in without calling the API", async () => {
    const { outcome, sessionId } = await runReal({ prompt: "hello", apiKey: null });

    expect(outcome).toMatchObject({ status: "failed", errorKind: "not_logged_in", exitCode: 1 });
    expect(outcome.userMessage).toContain("/login");
    expect(requestsOf(sessionId)).toHaveLength(0);
  });

  it("runs an allowed Bash tool and reports the tool call and its result", async () => {
    const { outcome, events } = await runReal({ prompt: "[[mock:bash echo hi]]", allowedTools: ["Bash"] });

    expect(outcome.status).toBe("success");
    const toolUse = events
      .flatMap((event) => (event.kind === "assistant_message" ? event.blocks : []))
      .find((block) => block.type === "tool_use");
    expect(toolUse).toMatchObject({ type: "tool_use", name: "Bash", input: { command: "echo hi" } });
    const toolResult = events.find((event) => event.kind === "tool_result");
    expect(toolResult).toMatchObject({
      content: "hi",
      isError: false,
      toolUseId: toolUse?.type === "tool_use" ? toolUse.id : "?",
    });
    expect(outcome.result).toMatchObject({ text: "Bash returned: hi", numTurns: 2, permissionDenials: [] });
  });

  it("lists a Bash call that needs approval in permission_denials when Bash is not allowed", async () => {
    const { outcome, events, repo } = await runReal({ prompt: "[[mock:bash echo hi > out.txt]]" });

    // A denial is not a failed run: the model is told and the turn ends normally.
    expect(outcome.status).toBe("success");
    expect(events.find((event) => event.kind === "tool_result")).toMatchObject({ isError: true });
    expect(outcome.result?.permissionDenials).toEqual([
      expect.objectContaining({
        toolName: "Bash",
        toolInput: expect.objectContaining({ command: "echo hi > out.txt" }) as unknown,
      }),
    ]);
    expect(existsSync(path.join(repo, "out.txt"))).toBe(false);
  });

  it("runs a read-only Bash command (echo hi) without any permission (2.1.197 behaviour)", async () => {
    const { outcome } = await runReal({ prompt: "[[mock:bash echo hi]]" });

    expect(outcome.result).toMatchObject({ text: "Bash returned: hi", permissionDenials: [] });
  });

  it("runs three sessions in parallel sharing one CLAUDE_CONFIG_DIR", async () => {
    const home = await newHome();
    const runs = await Promise.all([1, 2, 3].map((n) => runReal({ prompt: `parallel ${n} [[mock:echo]]`, home })));

    expect(runs.map((run) => run.outcome.status)).toEqual(["success", "success", "success"]);
    expect(runs.map((run) => run.outcome.text)).toEqual([
      "parallel 1 [[mock:echo]]",
      "parallel 2 [[mock:echo]]",
      "parallel 3 [[mock:echo]]",
    ]);
    // Upstream #28922: concurrent CLIs can corrupt .claude.json. Whatever exists must still parse.
    const globalConfig = path.join(home.configDir, ".claude.json");
    if (existsSync(globalConfig)) expect(() => readJsonFile<unknown>(globalConfig)).not.toThrow();
  });
});
