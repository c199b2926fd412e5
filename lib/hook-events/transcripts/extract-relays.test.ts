import { describe, expect, it } from "vitest";
import { createRelayStream, extractRelays, RELAY_TOOL_RESULT_CHARS } from "./extract-relays.ts";
import { readJsonl } from "@/tests/support/claude-fixtures.ts";

const relaysOf = (name: string) => extractRelays(readJsonl(`transcripts/${name}.jsonl`));

describe("extractRelays on real 2.1.197 transcripts", () => {
  it("s05: one relay with the Bash call, its result and the closing text", () => {
    expect(relaysOf("s05-bash-allowed")).toEqual([
      {
        sessionId: "5135b8db-e643-4fa0-a5ca-29f0a6a39111",
        promptId: "45af9d69-b777-4229-ab5b-ac8b55d27baf",
        startUuid: "f40debc2-5d52-44d1-a802-c0d832130435",
        startedAt: "2026-11-21T22:06:20.695Z",
        endedAt: "2026-11-21T22:06:21.141Z",
        userText: "KW_BASH please run it",
        assistantText: "I ran the command; out.txt now contains hi.",
        toolCalls: [
          {
            id: "toolu_mock_000011_0",
            name: "Bash",
            input: { command: "echo hi > out.txt", description: "Write hi to out.txt" },
            result: { content: "(Bash completed with no output)", isError: false },
          },
        ],
        model: "claude-opus-4-8",
        entryCount: 6,
        apiError: null,
        hookBlocks: [],
        isInterrupted: false,
      },
    ]);
  });

  it("s07: the Write call keeps its full input and the result text", () => {
    const [relay] = relaysOf("s07-write-acceptedits");
    expect(relay?.toolCalls).toEqual([
      {
        id: "toolu_mock_000019_0",
        name: "Write",
        input: { file_path: "/work/example-repo/notes.txt", content: "line one\nline two\n" },
        result: {
          content: expect.stringMatching(/^File created successfully at: \/work\/example-repo\/notes\.txt/),
          isError: false,
        },
      },
    ]);
    expect(relay?.assistantText).toBe("Created notes.txt.");
  });

  it("h01: the Stop-hook feedback is not a new prompt; both answers and the block are in one relay", () => {
    const relays = relaysOf("h01-stop-block-once");
    expect(relays).toHaveLength(1);
    expect(relays[0]).toMatchObject({
      userText: "KW_HELLO hi",
      assistantText: "Hello from the mock model.\n\nGoodbye (answer produced after the Stop hook blocked).",
      entryCount: 7,
      hookBlocks: [
        {
          hookEvent: "Stop",
          source: "transcript",
          reason: "KW_AFTERBLOCK The Stop hook blocked you: please also say goodbye.",
        },
      ],
    });
  });

  it("t02: the Agent call's result is the subagent's answer; the subagent's own (sidechain) file yields no relay", () => {
    const [relay, ...rest] = relaysOf("t02-subagent");
    expect(rest).toEqual([]);
    expect(relay?.toolCalls[0]).toMatchObject({
      name: "Agent",
      input: { subagent_type: "general-purpose" },
      result: { content: expect.stringMatching(/^Hi from the subagent\.\nagentId: a7fc07e87c75c9b96/), isError: false },
    });
    expect(relay?.assistantText).toBe("The subagent said hi.");
    expect(extractRelays(readJsonl("transcripts/t02-subagent.subagents/agent-a7fc07e87c75c9b96.jsonl"))).toEqual([]);
  });

  it("t02: read as a subagent transcript, the subagent's own file is one relay; the main file none", () => {
    const subagent = readJsonl("transcripts/t02-subagent.subagents/agent-a7fc07e87c75c9b96.jsonl");
    const stream = createRelayStream({ sidechain: true });
    const relays = [...subagent.map((entry) => stream.push(entry)), stream.finish()].filter((relay) => relay !== null);
    expect(relays).toEqual([
      expect.objectContaining({
        userText: "KW_SUBHELLO Please just say hi.",
        assistantText: expect.stringContaining("Hi"),
      }),
    ]);
    const main = createRelayStream({ sidechain: true });
    expect(
      [...readJsonl("transcripts/t02-subagent.jsonl").map((entry) => main.push(entry)), main.finish()].filter(Boolean),
    ).toEqual([]);
  });

  it("keeps the start of a long tool result and says how much is left in the transcript", () => {
    const [relay] = extractRelays([
      { type: "user", uuid: "u1", message: { role: "user", content: "read it" } },
      {
        type: "assistant",
        uuid: "a1",
        message: { id: "m1", content: [{ type: "tool_use", id: "t1", name: "Read", input: {} }] },
      },
      {
        type: "user",
        uuid: "r1",
        message: { role: "user", content: [{ type: "tool_result", tool_use_id: "t1", content: "x".repeat(5000) }] },
      },
    ]);
    expect(relay?.toolCalls[0]?.result?.content).toBe(
      `${"x".repeat(RELAY_TOOL_RESULT_CHARS)}\n[… ${5000 - RELAY_TOOL_RESULT_CHARS} more characters in the transcript]`,
    );
  });

  it("x02: a SIGINT run keeps the prompt with no answer (the partial text was never persisted)", () => {
    expect(relaysOf("x02-sigint-mid-stream")).toEqual([
      expect.objectContaining({ userText: "KW_SLOW go", assistantText: "", toolCalls: [], model: null, entryCount: 3 }),
    ]);
  });

  it("e05: an API failure is an apiError, not assistant text", () => {
    const [relay] = relaysOf("e05-http529-max-retries-1");
    expect(relay).toMatchObject({
      userText: "KW_529 hi",
      assistantText: "",
      model: null,
      apiError: { code: "server_error", message: expect.stringMatching(/^API Error: 529 Overloaded/) },
    });
  });

  it("s01 after resume, continue and /compact: four relays; the compact summary and caveats start none", () => {
    const relays = relaysOf("s01-session-after-r01-r02-c01");
    expect(relays.map((relay) => relay.userText)).toEqual([
      "KW_HELLO say hi",
      "KW_BASH now run a tool",
      "KW_HELLO continue please",
      "/compact",
    ]);
    expect(relays[2]).toMatchObject({
      assistantText: "Hello from the mock model.",
      endedAt: "2026-11-21T22:10:49.429Z",
      entryCount: 2,
    });
    expect(relays[3]).toMatchObject({ assistantText: "", toolCalls: [], entryCount: 3 });
    expect(new Set(relays.map((relay) => relay.sessionId))).toEqual(new Set(["9c0f0f8c-d2d3-4f13-a8e5-95682cbd7600"]));
  });

  it("r03: a forked session carries the copied history under the new session id", () => {
    const relays = relaysOf("r03-resume-fork");
    expect(relays.map((relay) => relay.userText)).toEqual([
      "KW_HELLO say hi",
      "KW_BASH now run a tool",
      "KW_HELLO continue please",
      "KW_HELLO fork it",
    ]);
    expect(relays.every((relay) => relay.sessionId === "250322cb-8d37-410c-927b-a0d324a89d89")).toBe(true);
  });
});

describe("extractRelays on odd input", () => {
  const user = (uuid: string, content: unknown, extra: Record<string, unknown> = {}) => ({
    type: "user",
    uuid,
    sessionId: "s",
    timestamp: `t-${uuid}`,
    message: { role: "user", content },
    ...extra,
  });
  const assistant = (uuid: string, id: string, content: unknown[]) => ({
    type: "assistant",
    uuid,
    timestamp: `t-${uuid}`,
    message: { id, model: "m", content },
  });

  it("merges entries of one message id, dedupes repeats, and skips junk, unknown types and sidechains", () => {
    const relays = extractRelays([
      null,
      "text",
      assistant("a0", "m0", [{ type: "text", text: "before any prompt" }]),
      user("u1", [{ type: "text", text: "do it" }]),
      { type: "future-thing", uuid: "f1", timestamp: "t-f1" },
      assistant("a1", "m1", [{ type: "thinking", thinking: "hmm" }]),
      assistant("a2", "m1", [{ type: "text", text: "part one" }]),
      assistant("a2", "m1", [{ type: "text", text: "part one" }]),
      assistant("a3", "m1", [{ type: "tool_use", id: "t1", name: "Read", input: { file_path: "x" } }]),
      user("s1", "sidechain prompt", { isSidechain: true }),
      user(
        "r1",
        [
          {
            type: "tool_result",
            tool_use_id: "t1",
            content: [{ type: "text", text: "file body" }, { type: "image" }],
            is_error: true,
          },
        ],
        { toolUseResult: "Error" },
      ),
      user("r2", [{ type: "tool_result", tool_use_id: "unknown", content: "stray" }]),
      user("i1", [{ type: "text", text: "[Request interrupted by user]" }]),
      user("m1", "meta", { isMeta: true }),
    ]);
    expect(relays).toHaveLength(1);
    expect(relays[0]).toMatchObject({
      userText: "do it",
      assistantText: "part one",
      toolCalls: [
        { id: "t1", name: "Read", input: { file_path: "x" }, result: { content: "file body\n[image]", isError: true } },
      ],
      entryCount: 9,
      endedAt: "t-m1",
      isInterrupted: true,
    });
  });

  it("returns no relay for an empty list or a transcript without a human prompt", () => {
    expect(extractRelays([])).toEqual([]);
    expect(extractRelays([assistant("a", "m", [{ type: "text", text: "x" }])])).toEqual([]);
  });
});
