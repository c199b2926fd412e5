import { chmodSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { ServerMessage } from "@/lib/realtime/protocol.ts";
import { findProcessesInDir } from "@/tests/support/find-processes.ts";
import { useArborWithRepo } from "@/tests/support/use-arbor-with-repo.ts";
import { callApi } from "@/tests/support/call-api.ts";
import { connectWs } from "@/tests/support/ws-client.ts";

const shared = useArborWithRepo();

type RunEventMessage = Extract<ServerMessage, { type: "run_event" }>;
const textOf = (events: RunEventMessage[]) =>
  events.map((m) => (m.event.kind === "text_delta" ? m.event.text : "")).join("");

describe("the browser disconnects and reconnects mid-run", () => {
  it("resubscribing with the last sequence number gives exactly the missed events: no gap, no duplicate", async () => {
    const { sessionId } = await shared.repo.freshSession("stream");
    const first = await connectWs(shared.env.arbor);
    first.send({ type: "subscribe_session", sessionId });
    const sending = shared.send(sessionId, "[[mock:slow 250]]");
    const firstDelta = (await first.waitFor(
      (m) => m.type === "run_event" && m.event.kind === "text_delta",
    )) as RunEventMessage;
    first.socket.terminate();
    const seen = first.messages.filter(
      (m): m is RunEventMessage => m.type === "run_event" && m.runId === firstDelta.runId,
    );
    const lastSeq = Math.max(...seen.map((m) => m.seq));

    const second = await connectWs(shared.env.arbor);
    second.send({ type: "subscribe_session", sessionId, afterSeq: { [firstDelta.runId]: lastSeq } });
    await second.waitFor((m) => m.type === "run_event" && m.event.kind === "finished");
    const { body } = await sending;
    second.close();
    const rest = second.messages.filter(
      (m): m is RunEventMessage => m.type === "run_event" && m.runId === firstDelta.runId,
    );
    const all = [...seen, ...rest];
    expect(all.map((m) => m.seq)).toEqual(all.map((_, index) => index + 1));
    expect(textOf(all)).toBe(body.assistantMessage?.content);
  });
});

describe("two sends to one worktree at the same instant", () => {
  it("one runs, the other waits its turn; never two claude processes in the worktree", async () => {
    const { sessionId, worktreePath } = await shared.repo.freshSession("stream");
    const ws = await connectWs(shared.env.arbor);
    ws.send({ type: "subscribe_session", sessionId });
    let maxProcesses = 0;
    ws.socket.on("message", () => {
      maxProcesses = Math.max(
        maxProcesses,
        findProcessesInDir(worktreePath).filter((p) => p.cmdline.includes("claude")).length,
      );
    });
    const [a, b] = await Promise.all([
      shared.send(sessionId, "one [[mock:slow 100]]"),
      shared.send(sessionId, "two [[mock:slow 100]]"),
    ]);
    ws.close();
    expect([a.status, b.status]).toEqual([200, 200]);
    // A missing time parses as NaN, which fails the comparison.
    const time = (at: string | null | undefined) => Date.parse(at ?? "");
    const [early, late] = [a.body.run, b.body.run].sort((x, y) => time(x.startedAt) - time(y.startedAt));
    expect(time(late?.startedAt)).toBeGreaterThanOrEqual(time(early?.finishedAt));
    expect(maxProcesses).toBe(1);
    expect(ws.messages.some((m) => m.type === "run_event" && m.event.kind === "queued")).toBe(true);
  });
});

describe("a claude that writes garbage to stdout", () => {
  it("non-JSON lines are tolerated and logged; the answer and the run are stored", async () => {
    const { sessionId } = await shared.repo.freshSession("stream");
    const dir = mkdtempSync(path.join(os.tmpdir(), "arbor-garbage-claude-"));
    const bin = path.join(dir, "claude");
    // The real CLI never prints garbage, so this one case uses a stand-in binary.
    writeFileSync(
      bin,
      `#!${process.execPath}
// Speaks like the real CLI in a chat run: answers the first stream-json message, then exits when Arbor closes stdin.
let input = "";
let isAnswered = false;
process.stdin.on("end", () => process.exit(0));
process.stdin.on("data", (chunk) => {
  input += chunk;
  if (isAnswered || !input.includes("\\n")) return;
  isAnswered = true;
  const line = (v) => process.stdout.write(JSON.stringify(v) + "\\n");
  process.stdout.write("Warning: something odd \\u0000\\n{not json\\n");
  line({ type: "system", subtype: "init", session_id: "s", model: "fake", cwd: process.cwd(), tools: [] });
  line({ type: "stream_event", parent_tool_use_id: null, event: { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "still " } } });
  process.stdout.write("\\u001b[31mgarbage\\u001b[0m\\n");
  line({ type: "stream_event", parent_tool_use_id: null, event: { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "fine" } } });
  line({ type: "result", subtype: "success", is_error: false, result: "still fine", num_turns: 1, modelUsage: { fake: {} } });
});
`,
    );
    chmodSync(bin, 0o755);
    await callApi(shared.env.arbor, "/api/settings", { method: "PUT", body: { claudeBin: bin } });
    try {
      const { body } = await shared.send(sessionId, "hello");
      expect(body.run.status).toBe("success");
      expect(body.assistantMessage?.content).toBe("still fine");
      expect(shared.env.arbor.output()).toMatch(/3 non-JSON line\(s\) on claude's stdout/);
    } finally {
      await callApi(shared.env.arbor, "/api/settings", { method: "PUT", body: { claudeBin: "claude" } });
    }
  });
});
