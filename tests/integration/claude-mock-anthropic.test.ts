import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  lastUserText,
  startMockAnthropic,
  type MockAnthropic,
  type RequestMessage,
} from "@/tests/support/mock-anthropic/index.ts";

let mock: MockAnthropic;

beforeAll(async () => {
  mock = await startMockAnthropic();
});
afterAll(async () => {
  await mock.close();
});

/** A user turn shaped like the CLI's: a system-reminder block, then the prompt, then a role "system" entry. */
function userTurn(prompt: string): RequestMessage[] {
  return [
    {
      role: "user",
      content: [
        { type: "text", text: "<system-reminder>\n# currentDate\nToday's date is 2026-11-21.\n</system-reminder>\n" },
        { type: "text", text: prompt },
      ],
    },
    { role: "system", content: "Available agent types for the Agent tool: …" },
  ];
}

async function postMessages(params: {
  messages: RequestMessage[];
  stream?: boolean;
  session?: string;
  system?: string;
}): Promise<Response> {
  return fetch(`${mock.url}/v1/messages?beta=true`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-claude-code-session-id": params.session ?? crypto.randomUUID() },
    body: JSON.stringify({
      model: "claude-opus-4-8",
      max_tokens: 64000,
      stream: params.stream ?? true,
      system: [{ type: "text", text: params.system ?? "You are a test." }],
      messages: params.messages,
    }),
  });
}

/** Parses an SSE body into `{ event, data }` pairs. */
async function readSse(response: Response): Promise<Array<{ event: string; data: Record<string, unknown> }>> {
  const text = await response.text();
  return text
    .split("\n\n")
    .filter((chunk) => chunk.trim().length > 0)
    .map((chunk) => {
      const event = /^event: (.*)$/m.exec(chunk)?.[1] ?? "";
      const data = JSON.parse(/^data: (.*)$/m.exec(chunk)?.[1] ?? "null") as Record<string, unknown>;
      return { event, data };
    });
}

function deltasOf(events: Array<{ data: Record<string, unknown> }>, key: "text" | "partial_json"): string[] {
  return events.flatMap(({ data }) => {
    const delta = data.delta as Record<string, unknown> | undefined;
    return data.type === "content_block_delta" && typeof delta?.[key] === "string" ? [delta[key]] : [];
  });
}

describe("mock Anthropic API", () => {
  it("answers HEAD / and unknown paths with a 404 error body", async () => {
    const head = await fetch(`${mock.url}/`, { method: "HEAD" });
    expect(head.status).toBe(404);
    const unknown = await fetch(`${mock.url}/v1/models`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({
      type: "error",
      error: { type: "not_found_error", message: "Not found: GET /v1/models" },
    });
  });

  it("counts tokens", async () => {
    const response = await fetch(`${mock.url}/v1/messages/count_tokens`, {
      method: "POST",
      body: JSON.stringify({ messages: userTurn("hi") }),
    });
    expect(((await response.json()) as { input_tokens: number }).input_tokens).toBeGreaterThan(0);
  });

  it("streams the default answer as a complete SSE message and records the prompt", async () => {
    const session = crypto.randomUUID();
    const response = await postMessages({ messages: userTurn("plain question"), session });
    expect(response.headers.get("content-type")).toBe("text/event-stream");
    const events = await readSse(response);

    expect(events.map((event) => event.event)).toEqual([
      "message_start",
      "content_block_start",
      "content_block_delta",
      "content_block_delta",
      "content_block_delta",
      "content_block_stop",
      "message_delta",
      "message_stop",
    ]);
    expect(deltasOf(events, "text").join("")).toBe("Hello from the mock model.");
    expect(events[6]?.data).toMatchObject({
      delta: { stop_reason: "end_turn" },
      usage: { output_tokens: expect.any(Number) as unknown },
    });
    const recorded = await mock.waitForRequest((request) => request.headers["x-claude-code-session-id"] === session);
    expect(lastUserText(recorded)).toBe("plain question");
    expect(recorded.body?.messages?.[1]?.role).toBe("system");
  });

  it("answers non-streaming calls with one JSON message without using queued scripts", async () => {
    mock.enqueue({ name: "queued", steps: [{ type: "text", text: "queued answer" }] });
    const side = await postMessages({ messages: userTurn("classify this"), stream: false });
    expect(await side.json()).toMatchObject({
      type: "message",
      role: "assistant",
      content: [{ type: "text", text: "Mock reply." }],
      stop_reason: "end_turn",
    });
    expect(deltasOf(await readSse(await postMessages({ messages: userTurn("next turn") })), "text").join("")).toBe(
      "queued answer",
    );
  });

  it("keeps a queued script on its turn across retries and gives the next turn the next script", async () => {
    mock.enqueue({ name: "first", steps: [{ type: "text", text: "one" }] });
    mock.enqueue({ name: "second", steps: [{ type: "text", text: "two" }] });
    const session = crypto.randomUUID();
    const first = deltasOf(await readSse(await postMessages({ messages: userTurn("a"), session })), "text").join("");
    const retry = deltasOf(await readSse(await postMessages({ messages: userTurn("a"), session })), "text").join("");
    const other = deltasOf(await readSse(await postMessages({ messages: userTurn("b") })), "text").join("");
    expect([first, retry, other]).toEqual(["one", "one", "two"]);
  });

  it("runs a tool flow: tool_use first, then a reply built from the tool_result", async () => {
    const turn = userTurn("[[mock:bash ls -la]]");
    const first = await readSse(await postMessages({ messages: turn }));
    const start = first.find((event) => event.event === "content_block_start")?.data.content_block as {
      id: string;
      name: string;
    };
    expect(start).toMatchObject({ type: "tool_use", name: "Bash" });
    expect(JSON.parse(deltasOf(first, "partial_json").join(""))).toEqual({
      command: "ls -la",
      description: "Run a command",
    });
    expect(first.find((event) => event.event === "message_delta")?.data).toMatchObject({
      delta: { stop_reason: "tool_use" },
    });

    const followUp: RequestMessage[] = [
      ...turn,
      { role: "assistant", content: [{ type: "tool_use", id: start.id, name: "Bash", input: { command: "ls -la" } }] },
      { role: "user", content: [{ type: "tool_result", tool_use_id: start.id, content: "total 0", is_error: false }] },
    ];
    expect(deltasOf(await readSse(await postMessages({ messages: followUp })), "text").join("")).toBe(
      "Bash returned: total 0",
    );
  });

  it("writes files relative to the working directory named in the system prompt", async () => {
    const events = await readSse(
      await postMessages({
        messages: userTurn("[[mock:write notes.txt hello there]]"),
        system: "Env:\n - Primary working directory: /work/repo\n - Is a git repository: true",
      }),
    );
    expect(JSON.parse(deltasOf(events, "partial_json").join(""))).toEqual({
      file_path: "/work/repo/notes.txt",
      content: "hello there",
    });
  });

  it("returns Anthropic error bodies, with x-should-retry: false on request", async () => {
    const overloaded = await postMessages({ messages: userTurn("[[mock:error 529]]") });
    expect(overloaded.status).toBe(529);
    expect(overloaded.headers.get("x-should-retry")).toBeNull();
    expect(await overloaded.json()).toMatchObject({ type: "error", error: { type: "overloaded_error" } });

    const unauthorized = await postMessages({ messages: userTurn("[[mock:error 401 noretry]]") });
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.headers.get("x-should-retry")).toBe("false");
    expect(await unauthorized.json()).toMatchObject({ error: { type: "authentication_error" } });
  });

  it("fails once and then answers for `error <status> once`", async () => {
    const session = crypto.randomUUID();
    const failed = await postMessages({ messages: userTurn("[[mock:error 529 once]]"), session });
    await failed.body?.cancel();
    const retried = await postMessages({ messages: userTurn("[[mock:error 529 once]]"), session });
    expect([failed.status, retried.status]).toEqual([529, 200]);
    expect(deltasOf(await readSse(retried), "text").join("")).toBe("Recovered after a 529.");
  });

  it("serves text, echo, slow and long directives", async () => {
    const text = async (prompt: string) =>
      deltasOf(await readSse(await postMessages({ messages: userTurn(prompt) })), "text");
    expect((await text("[[mock:text Bonjour, monde]]")).join("")).toBe("Bonjour, monde");
    expect((await text("echo me 日本語 🌳 [[mock:echo]]")).join("")).toBe("echo me 日本語 🌳 [[mock:echo]]");
    expect(await text("[[mock:slow 1]]")).toHaveLength(10);
    expect((await text("[[mock:long 30]]")).join("").split("\n")).toHaveLength(30);
  });

  it("rejects a request without messages", async () => {
    const response = await fetch(`${mock.url}/v1/messages`, { method: "POST", body: "{not json" });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { type: "invalid_request_error" } });
  });
});

describe("mock Anthropic API lifecycle", () => {
  it("holds a hanging request until close, and rejects pending waits on close", async () => {
    const own = await startMockAnthropic();
    const session = crypto.randomUUID();
    const hanging = fetch(`${own.url}/v1/messages`, {
      method: "POST",
      headers: { "x-claude-code-session-id": session },
      body: JSON.stringify({ stream: true, messages: userTurn("[[mock:hang]]") }),
    });
    await own.waitForRequest((request) => request.headers["x-claude-code-session-id"] === session);
    const hangingRejects = expect(hanging).rejects.toThrow();
    const waitRejects = expect(own.waitForRequest(() => false)).rejects.toThrow(/closed/);
    await own.close();
    await hangingRejects;
    await waitRejects;
  });

  it("times out waitForRequest when asked to", async () => {
    await expect(mock.waitForRequest(() => false, { timeoutMs: 20 })).rejects.toThrow(
      /no matching request within 20 ms/,
    );
  });
});
