import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { ApprovalView } from "@/lib/realtime/approval-view.ts";
import type { MessagesBody } from "@/tests/support/api-types.ts";
import { startArborWithClaude } from "@/tests/support/arbor-with-claude.ts";
import { isProcessAlive } from "@/tests/support/claude-env.ts";
import { findProcessesInDir, findProcessHosts } from "@/tests/support/find-processes.ts";
import { useArborWithRepo } from "@/tests/support/use-arbor-with-repo.ts";
import { callApi, openSession, pinRepo, retryChat, sendChat } from "@/tests/support/call-api.ts";
import { readJsonFile } from "@/tests/support/read-json.ts";
import { readRow } from "@/tests/support/read-rows.ts";
import { connectWs } from "@/tests/support/ws-client.ts";
import { waitForPendingApproval } from "@/tests/support/pending-approval.ts";

const shared = useArborWithRepo({ maxRetries: 1 });

describe("chat failure paths through the real CLI", () => {
  it("401 from the API: says the key was refused and how to log in, and offers Retry for after the fix", async () => {
    const { sessionId } = await shared.repo.freshSession("wt");
    const { body } = await shared.send(sessionId, "[[mock:error 401 noretry]]");
    expect(body.run).toMatchObject({ status: "failed", errorKind: "auth_failed", isRetryable: true });
    expect(body.run.errorMessage).toMatch(/log ?in|API key/i);
    const retried = await retryChat(shared.env.arbor, { runId: body.run.id });
    expect(retried.status).toBe(200);
    expect(retried.body.run.id).not.toBe(body.run.id);
  });

  it("500 from the API: a server error with a Retry, shown live as retries", async () => {
    const { sessionId } = await shared.repo.freshSession("wt");
    const ws = await connectWs(shared.env.arbor);
    ws.send({ type: "subscribe_session", sessionId });
    const { body } = await shared.send(sessionId, "[[mock:error 500]]");
    expect(body.run).toMatchObject({ status: "failed", errorKind: "server_error", isRetryable: true });
    const retry = await ws.waitFor((m) => m.type === "run_event" && m.event.kind === "api_retry");
    expect(retry.type === "run_event" && retry.event.kind === "api_retry" && retry.event.maxRetries).toBe(1);
    ws.close();
  });

  it("a tool that needs approval waits for the user; denied with a message, the run succeeds and lists the refused tool", async () => {
    const { sessionId } = await shared.repo.freshSession("wt");
    const sending = shared.send(sessionId, "[[mock:bash python3 -c 'print(6*7)']]");
    const pending = await waitForPendingApproval(shared.env.arbor, sessionId);
    expect(pending).toMatchObject({ kind: "tool", toolName: "Bash", status: "pending" });
    const answer = await callApi<{ approval: ApprovalView }>(shared.env.arbor, `/api/approvals/${pending.id}`, {
      body: { decision: { action: "deny", message: "Use the test runner instead." }, by: "fault test" },
    });
    // Who answered is the signed-in browser, as the server authenticated it, never the `by` sent.
    expect(answer.body.approval).toMatchObject({
      status: "denied",
      answeredBy: expect.stringMatching(/ · [0-9a-f]{4}$/),
    });
    const { body } = await sending;
    expect(body.run.status).toBe("success");
    expect(body.run.permissionDenials).toMatchObject([{ toolName: "Bash" }]);
    expect(body.run.tools[0]).toMatchObject({ name: "Bash", result: { isError: true } });
    expect(body.run.tools[0]?.result?.content).toContain("Use the test runner instead.");
  });

  it("an allowed tool runs in the worktree and its card carries command and output", async () => {
    const { sessionId, worktreePath } = await shared.repo.freshSession("wt");
    await callApi(shared.env.arbor, "/api/settings", { method: "PUT", body: { allowedTools: ["Bash"] } });
    const { body } = await shared.send(sessionId, "[[mock:bash echo hello-from-tool > made.txt && cat made.txt]]");
    await callApi(shared.env.arbor, "/api/settings", { method: "PUT", body: { allowedTools: [] } });
    expect(body.run.status).toBe("success");
    expect(body.run.tools[0]).toMatchObject({
      name: "Bash",
      input: { command: expect.stringContaining("echo hello-from-tool") as unknown },
    });
    expect(body.run.tools[0]?.result?.content).toContain("hello-from-tool");
    expect(readFileSync(path.join(worktreePath, "made.txt"), "utf8")).toBe("hello-from-tool\n");
  });

  it("a run that outlives the timeout is killed with its process group and marked timed_out", async () => {
    const { sessionId, worktreePath } = await shared.repo.freshSession("wt");
    await callApi(shared.env.arbor, "/api/settings", { method: "PUT", body: { runTimeoutSeconds: 5 } });
    const { body } = await shared.send(sessionId, "[[mock:hang]]");
    await callApi(shared.env.arbor, "/api/settings", { method: "PUT", body: { runTimeoutSeconds: 1800 } });
    expect(body.run).toMatchObject({ status: "timed_out", errorKind: "timed_out" });
    expect(body.assistantMessage?.status).toBe("timed_out");
    expect(findProcessesInDir(worktreePath)).toEqual([]);
  });

  it("the claude process killed mid-stream: partial answer kept, run failed as crashed", async () => {
    const { sessionId, worktreePath } = await shared.repo.freshSession("wt");
    const ws = await connectWs(shared.env.arbor);
    ws.send({ type: "subscribe_session", sessionId });
    const sending = shared.send(sessionId, "[[mock:slow 300]]");
    await ws.waitFor((m) => m.type === "run_event" && m.event.kind === "text_delta");
    const [claude] = findProcessesInDir(worktreePath).filter((p) => p.cmdline.includes("claude"));
    process.kill(claude!.pid, "SIGKILL");
    const { body } = await sending;
    ws.close();
    expect(body.run).toMatchObject({ status: "failed", errorKind: "crashed", isRetryable: true });
    expect(body.assistantMessage?.content.length).toBeGreaterThan(0);
    expect(body.assistantMessage?.status).toBe("failed");
  });

  it("three worktrees in parallel leave the shared Claude config valid", async () => {
    // git worktree add takes repository locks, so the worktrees are made one by one; the runs are parallel.
    const sessions = [
      await shared.repo.freshSession("wt"),
      await shared.repo.freshSession("wt"),
      await shared.repo.freshSession("wt"),
    ];
    const results = await Promise.all(
      sessions.map(({ sessionId }) => shared.send(sessionId, "[[mock:text parallel]]")),
    );
    expect(results.map((r) => r.body.run.status)).toEqual(["success", "success", "success"]);
    for (const name of readdirSync(shared.env.home.configDir).filter((file) => file.endsWith(".json"))) {
      expect(() => readJsonFile<unknown>(path.join(shared.env.home.configDir, name))).not.toThrow();
    }
    const homeConfig = path.join(shared.env.home.home, ".claude.json");
    for (const file of [homeConfig, path.join(shared.env.home.configDir, ".claude.json")]) {
      try {
        JSON.parse(readFileSync(file, "utf8"));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      }
    }
  });
});

describe("server crash and shutdown during a run", () => {
  it("kill -9 mid-stream: after restart the message is there, the run is interrupted, no claude is left, a new send works", async () => {
    const { sessionId, worktreePath } = await shared.repo.freshSession("wt");
    const ws = await connectWs(shared.env.arbor);
    ws.send({ type: "subscribe_session", sessionId });
    // The request dies with the server; its outcome is read from the database after restart.
    const cut = expect(shared.send(sessionId, "keep me [[mock:slow 400]]")).rejects.toThrow();
    await ws.waitFor((m) => m.type === "run_event" && m.event.kind === "text_delta");
    const processHost = findProcessHosts(shared.env.arbor.child.pid!);
    expect(processHost).toHaveLength(1);
    await shared.env.arbor.kill9();
    await cut;
    ws.close();
    // The process host sees the server's IPC channel close, kills the CLI's process group and exits.
    await expect.poll(() => findProcessesInDir(worktreePath).length, { timeout: 20_000 }).toBe(0);
    await expect.poll(() => isProcessAlive(processHost[0]!.pid), { timeout: 20_000 }).toBe(false);
    await shared.env.restart();
    const history = await callApi<MessagesBody>(shared.env.arbor, `/api/chat/messages?sessionId=${sessionId}`);
    const [user, assistant] = history.body.messages;
    expect(user?.content).toBe("keep me [[mock:slow 400]]");
    expect(assistant?.status).toBe("interrupted");
    expect(assistant?.run).toMatchObject({ status: "interrupted" });
    const again = await shared.send(sessionId, "[[mock:text back]]");
    expect(again.body.assistantMessage?.content).toBe("back");
  });

  it("SIGTERM mid-stream: the server cancels the run, stores it, and leaves no claude process", async () => {
    const { sessionId, worktreePath } = await shared.repo.freshSession("wt");
    const ws = await connectWs(shared.env.arbor);
    ws.send({ type: "subscribe_session", sessionId });
    // The response is cut by the shutdown; the stored run is what this test checks.
    void shared.send(sessionId, "[[mock:slow 400]]").catch(() => null);
    await ws.waitFor((m) => m.type === "run_event" && m.event.kind === "text_delta");
    ws.close();
    expect(await shared.env.arbor.stop()).toBe(0);
    expect(findProcessesInDir(worktreePath)).toEqual([]);
    const run = await readRow(shared.env.arbor.dataDir, "SELECT status FROM agent_runs WHERE session_id = ?", [
      sessionId,
    ]);
    expect(run?.status).toBe("cancelled");
    await shared.env.restart();
  });
});

describe("not logged in", () => {
  it("no API key: says to log in, keeps the message", async () => {
    const noKey = await startArborWithClaude({ apiKey: null });
    try {
      const { mainPath } = shared.repo;
      const repoId = await pinRepo(noKey.arbor, mainPath);
      const sessionId = await openSession(noKey.arbor, { repoId, worktreePath: mainPath });
      const { body } = await sendChat(noKey.arbor, { sessionId, userMessage: "hi" });
      expect(body.run).toMatchObject({ status: "failed", errorKind: "not_logged_in" });
      expect(body.run.errorMessage).toMatch(/\/login|ANTHROPIC_API_KEY/);
      expect(body.userMessage.content).toBe("hi");
      expect(noKey.mock.requests.filter((r) => r.path.startsWith("/v1/messages"))).toEqual([]);
    } finally {
      await noKey.close();
    }
  });
});
