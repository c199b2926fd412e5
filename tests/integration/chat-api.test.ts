import { rmSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lastUserText } from "@/tests/support/mock-anthropic/index.ts";
import { startArborWithClaude, type ArborWithClaude } from "@/tests/support/arbor-with-claude.ts";
import {
  addWorktree,
  createFixtureRoot,
  createRepoWithOrigin,
  removeGitFixture,
} from "@/tests/support/git-fixtures.ts";
import type {
  AcceptedBody,
  CancelBody,
  ErrorBody,
  MessagesBody,
  RunResultBody,
  SessionBody,
} from "@/tests/support/api-types.ts";
import { callApi, pinRepo, retryChat, sendChat } from "@/tests/support/call-api.ts";
import { readRow } from "@/tests/support/read-rows.ts";
import { connectWs } from "@/tests/support/ws-client.ts";
import { vanishClaudeBin } from "@/tests/support/vanished-claude.ts";

let env: ArborWithClaude;
let fixtureRoot: { root: string };
let repoId: string;
let mainPath: string;

async function openSession(worktreePath: string): Promise<string> {
  const { status, body } = await callApi<SessionBody>(env.arbor, "/api/chat/sessions", {
    body: { repoId, worktreePath },
  });
  expect(status).toBe(200);
  return body.session.id;
}

async function addFreshWorktree(name: string): Promise<string> {
  const worktreePath = path.join(fixtureRoot.root, name);
  await addWorktree({ mainPath, path: worktreePath, branch: `feat/${name}` });
  return worktreePath;
}

beforeAll(async () => {
  env = await startArborWithClaude();
  fixtureRoot = await createFixtureRoot();
  ({ mainPath } = await createRepoWithOrigin({ root: fixtureRoot.root, files: { "README.md": "# demo\n" } }));
  repoId = await pinRepo(env.arbor, mainPath);
});

afterAll(async () => {
  await env?.close();
  if (fixtureRoot) await removeGitFixture(fixtureRoot);
});

describe("POST /api/chat/send", () => {
  it("runs claude in the worktree, streams, stores the answer and the run, and tells the model the five sections", async () => {
    const sessionId = await openSession(mainPath);
    const ws = await connectWs(env.arbor);
    ws.send({ type: "subscribe_session", sessionId });
    const userMessage = "Say hi [[mock:text Hi there, **friend**.]]";
    // The send answers at once, with the stored message and the run queued; the answer streams over the socket.
    const accepted = await callApi<AcceptedBody>(env.arbor, "/api/chat/send", { body: { sessionId, userMessage } });
    expect(accepted.status).toBe(202);
    expect(accepted.body.userMessage).toMatchObject({ role: "user", content: userMessage });
    expect(accepted.body.run.status).toBe("queued");
    const ended = await callApi<RunResultBody>(env.arbor, `/api/chat/runs/${accepted.body.run.id}?wait=1`);
    expect(ended.status).toBe(200);
    const body = ended.body;
    expect(body.userMessage?.id).toBe(accepted.body.userMessage.id);
    expect(body.run.status).toBe("success");
    expect(body.assistantMessage?.content).toBe("Hi there, **friend**.");
    expect(body.assistantMessage?.status).toBe("complete");
    expect(body.run).toMatchObject({ numTurns: 1, errorKind: null });
    expect(body.run.durationMs).toBeGreaterThan(0);
    expect(body.run.model).toBeTypeOf("string");
    // What the wait answered (from the `finished` event) is what is stored.
    const stored = await callApi<RunResultBody>(env.arbor, `/api/chat/runs/${accepted.body.run.id}`);
    expect(stored.body).toEqual(body);

    const finished = await ws.waitFor((m) => m.type === "run_event" && m.event.kind === "finished");
    const runEvents = ws.messages.filter((m) => m.type === "run_event");
    expect(runEvents.map((m) => (m.type === "run_event" ? m.seq : 0))).toEqual(runEvents.map((_, index) => index + 1));
    expect(runEvents.some((m) => m.type === "run_event" && m.event.kind === "text_delta")).toBe(true);
    expect(finished.type === "run_event" && finished.event.kind === "finished" && finished.event.status).toBe(
      "success",
    );
    ws.close();

    const request = env.mock.requests.find((r) => r.headers["x-claude-code-session-id"] === body.run.claudeSessionId);
    const prompt = lastUserText(request!)!;
    const headings = ["# 1. System", "# 2. Context", "# 3. Plan", "# 4. Memory", "# 5. User message"].map((h) =>
      prompt.indexOf(h),
    );
    expect(headings.every((index) => index >= 0)).toBe(true);
    expect([...headings].sort((a, b) => a - b)).toEqual(headings);
    expect(prompt.endsWith(userMessage)).toBe(true);

    const history = await callApi<MessagesBody>(env.arbor, `/api/chat/messages?sessionId=${sessionId}`);
    expect(history.body.messages.map((m) => [m.role, m.content])).toEqual([
      ["user", userMessage],
      ["assistant", "Hi there, **friend**."],
    ]);
    const row = await readRow(env.arbor.dataDir, "SELECT * FROM agent_runs WHERE id = ?", [body.run.id]);
    expect(row).toMatchObject({
      status: "success",
      worktree_path: mainPath,
      exit_code: 0,
      claude_session_id: body.run.claudeSessionId,
    });
    expect(String(row?.input_prompt_digest)).toMatch(/^[0-9a-f]{64}$/);
  });

  it("delivers shell metacharacters, a leading dash, newlines and non-ASCII byte for byte, and a 300 KB message", async () => {
    const sessionId = await openSession(mainPath);
    const tricky = "--upload-pack=evil $(whoami) `id` 'single' \"double\"\nline two 日本語 é \\ {{x}} [[mock:text ok]]";
    const first = await sendChat(env.arbor, { sessionId, userMessage: tricky });
    expect(first.body.run.status).toBe("success");
    const seen = env.mock.requests.find(
      (r) => r.headers["x-claude-code-session-id"] === first.body.run.claudeSessionId,
    )!;
    expect(lastUserText(seen)!.endsWith(tricky)).toBe(true);

    const big = `${"x".repeat(300 * 1024)} [[mock:text big ok]]`;
    const second = await sendChat(env.arbor, { sessionId, userMessage: big });
    expect(second.body.run.status).toBe("success");
    expect(second.body.assistantMessage?.content).toBe("big ok");
    const bigRequest = env.mock.requests.find(
      (r) => r.headers["x-claude-code-session-id"] === second.body.run.claudeSessionId,
    )!;
    expect(lastUserText(bigRequest)!.endsWith(big)).toBe(true);
  });

  it("refuses an empty message and one over the configured limit, saying what the limit is", async () => {
    const sessionId = await openSession(mainPath);
    const empty = await callApi<ErrorBody>(env.arbor, "/api/chat/send", { body: { sessionId, userMessage: "  \n " } });
    expect(empty.status).toBe(422);
    expect(empty.body.error.message).toMatch(/empty/);
    await callApi(env.arbor, "/api/settings", { method: "PUT", body: { maxMessageBytes: 2048 } });
    const tooBig = await callApi<ErrorBody>(env.arbor, "/api/chat/send", {
      body: { sessionId, userMessage: "y".repeat(3000) },
    });
    await callApi(env.arbor, "/api/settings", { method: "PUT", body: { maxMessageBytes: 1024 * 1024 } });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error.details?.limitBytes).toBe(2048);
    expect(tooBig.body.error.message).toMatch(/2048/);
  });

  it("keeps the user message and explains an overloaded API; Retry re-runs that same message", async () => {
    const sessionId = await openSession(mainPath);
    const failed = await sendChat(env.arbor, { sessionId, userMessage: "please [[mock:error 529]]" });
    expect(failed.body.run).toMatchObject({ status: "failed", errorKind: "overloaded", isRetryable: true });
    expect(failed.body.run.errorMessage).toMatch(/overloaded/i);
    expect(failed.body.userMessage.content).toBe("please [[mock:error 529]]");

    const retried = await retryChat(env.arbor, { runId: failed.body.run.id });
    // The retry re-sends the same user message, whose directive still asks for a 529.
    expect(retried.body.run.status).toBe("failed");
    expect(retried.body.userMessage.id).toBe(failed.body.userMessage.id);
    const history = await callApi<MessagesBody>(env.arbor, `/api/chat/messages?sessionId=${sessionId}`);
    const copies = history.body.messages.filter((m) => m.content === "please [[mock:error 529]]");
    expect(copies).toHaveLength(1);
  });

  it("names the binary it tried when claude is not installed", async () => {
    const sessionId = await openSession(mainPath);
    const vanished = await vanishClaudeBin(env.arbor);
    const result = await sendChat(env.arbor, { sessionId, userMessage: "hello" });
    await vanished.restore();
    expect(result.body.run).toMatchObject({ status: "failed", errorKind: "claude_not_found" });
    expect(result.body.run.errorMessage).toContain(vanished.bin);
    expect(result.body.userMessage.content).toBe("hello");
  });

  it("stops a running answer: the partial text is kept and marked cancelled", async () => {
    const sessionId = await openSession(await addFreshWorktree("cancel-me"));
    const ws = await connectWs(env.arbor);
    ws.send({ type: "subscribe_session", sessionId });
    const sending = sendChat(env.arbor, { sessionId, userMessage: "go [[mock:slow 300]]" });
    const delta = await ws.waitFor((m) => m.type === "run_event" && m.event.kind === "text_delta");
    const runId = delta.type === "run_event" ? delta.runId : "";
    const cancel = await callApi<CancelBody>(env.arbor, "/api/chat/cancel", { body: { runId } });
    expect(cancel.body).toMatchObject({ ok: true, wasActive: true });
    const { body } = await sending;
    ws.close();
    expect(body.run.status).toBe("cancelled");
    expect(body.assistantMessage?.status).toBe("cancelled");
    expect(body.assistantMessage?.content.length).toBeGreaterThan(0);
    expect(body.assistantMessage?.content).not.toContain("done.");
  });

  it("queues a second send to the same worktree and runs worktrees in parallel", async () => {
    const busy = await addFreshWorktree("busy");
    const other = await addFreshWorktree("other");
    const busySession = await openSession(busy);
    const otherSession = await openSession(other);
    const ws = await connectWs(env.arbor);
    ws.send({ type: "subscribe_session", sessionId: busySession });
    // The first answer never comes (the mock model hangs) until it is stopped: no race on timings.
    let isFirstSettled = false;
    const first = sendChat(env.arbor, { sessionId: busySession, userMessage: "one [[mock:hang]]" }).finally(() => {
      isFirstSettled = true;
    });
    const started = await ws.waitFor((m) => m.type === "run_event" && m.event.kind === "started");
    const firstRunId = started.type === "run_event" ? started.runId : "";
    const second = sendChat(env.arbor, { sessionId: busySession, userMessage: "two [[mock:text second]]" });
    const queued = await ws.waitFor((m) => m.type === "run_event" && m.event.kind === "queued");
    expect(queued.type === "run_event" && queued.event.kind === "queued" && queued.event).toMatchObject({
      position: 1,
      reason: { kind: "worktree" },
    });
    // Another worktree answers in full while the first is still running.
    const parallel = await sendChat(env.arbor, { sessionId: otherSession, userMessage: "[[mock:text parallel]]" });
    expect(parallel.body.run.status).toBe("success");
    expect(parallel.body.assistantMessage?.content).toBe("parallel");
    expect(isFirstSettled).toBe(false);
    const cancel = await callApi<CancelBody>(env.arbor, "/api/chat/cancel", { body: { runId: firstRunId } });
    expect(cancel.body).toMatchObject({ ok: true, wasActive: true });
    const [firstResult, secondResult] = await Promise.all([first, second]);
    ws.close();
    expect(firstResult.body.run.status).toBe("cancelled");
    expect(secondResult.body.assistantMessage?.content).toBe("second");
    expect(new Date(secondResult.body.run.startedAt!).getTime()).toBeGreaterThanOrEqual(
      new Date(firstResult.body.run.finishedAt!).getTime(),
    );
  });

  it("follows the machine for agents at once unless set, and queues a send when every slot is busy, saying how many", async () => {
    const held = await addFreshWorktree("slot-held");
    const waiting = await addFreshWorktree("slot-waiting");
    const heldSession = await openSession(held);
    const waitingSession = await openSession(waiting);
    const byDefault = await callApi<{ settings: { maxConcurrentRuns: number | null }; agentsAtOnce: unknown }>(
      env.arbor,
      "/api/settings",
    );
    expect(byDefault.body.settings.maxConcurrentRuns).toBeNull();
    expect(byDefault.body.agentsAtOnce).toMatchObject({
      isFromMachine: true,
      explanation: expect.stringMatching(/ at once: \d+ cores? allows? \d+ \(2 per core\), .* free memory allows/),
    });
    const setToOne = await callApi(env.arbor, "/api/settings", { method: "PUT", body: { maxConcurrentRuns: 1 } });
    expect(setToOne.body).toMatchObject({
      agentsAtOnce: { concurrency: 1, isFromMachine: false, explanation: "1 agent at once, as set in Settings." },
    });
    const ws = await connectWs(env.arbor);
    try {
      ws.send({ type: "subscribe_session", sessionId: heldSession });
      ws.send({ type: "subscribe_session", sessionId: waitingSession });
      const first = sendChat(env.arbor, { sessionId: heldSession, userMessage: "hold [[mock:hang]]" });
      const started = await ws.waitFor((m) => m.type === "run_event" && m.event.kind === "started");
      const second = sendChat(env.arbor, { sessionId: waitingSession, userMessage: "[[mock:text got a slot]]" });
      const queued = await ws.waitFor((m) => m.type === "run_event" && m.event.kind === "queued");
      expect(queued.type === "run_event" && queued.sessionId).toBe(waitingSession);
      expect(queued.type === "run_event" && queued.event.kind === "queued" && queued.event).toMatchObject({
        position: 1,
        reason: { kind: "slots", running: 1, max: 1 },
      });
      await callApi(env.arbor, "/api/chat/cancel", {
        body: { runId: started.type === "run_event" ? started.runId : "" },
      });
      expect((await first).body.run.status).toBe("cancelled");
      expect((await second).body.assistantMessage?.content).toBe("got a slot");
    } finally {
      ws.close();
      await callApi(env.arbor, "/api/settings", { method: "PUT", body: { maxConcurrentRuns: null } });
    }
  });

  it("keeps the message and explains when the worktree directory was deleted", async () => {
    const doomed = await addFreshWorktree("doomed");
    const sessionId = await openSession(doomed);
    rmSync(doomed, { recursive: true, force: true });
    const result = await sendChat(env.arbor, { sessionId, userMessage: "still there?" });
    expect(result.body.run).toMatchObject({ status: "failed", errorKind: "worktree_missing" });
    expect(result.body.run.errorMessage).toContain(doomed);
    expect(result.body.userMessage.content).toBe("still there?");
  });

  it("refuses paths that are not a worktree of the pinned repository", async () => {
    for (const worktreePath of [`${mainPath}/../main`, path.dirname(mainPath), "/etc", "relative/path"]) {
      const result = await callApi<SessionBody>(env.arbor, "/api/chat/sessions", { body: { repoId, worktreePath } });
      if (worktreePath.endsWith("/../main")) {
        expect(result.status).toBe(200);
        expect(result.body.session.worktreePath).toBe(mainPath);
      } else {
        expect(result.status).toBe(422);
      }
    }
  });
});
