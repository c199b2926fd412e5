import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type {
  HookChainBody,
  HookEventsBody,
  MarkedBody,
  NotificationsBody,
  TopicsBody,
} from "@/tests/support/api-types.ts";
import { useArborWithRepo } from "@/tests/support/use-arbor-with-repo.ts";
import { runClaudeDirectly, sessionIdOf } from "@/tests/support/run-claude-directly.ts";
import { callApi, changeWorktreeHooks, openSession } from "@/tests/support/call-api.ts";
import { connectWs } from "@/tests/support/ws-client.ts";

const shared = useArborWithRepo();

const tag = (title: string, id: string) => `<!-- [meta] project: main (id: x) | topic: ${title} (id: ${id}) -->`;

async function hookedWorktree(): Promise<string> {
  const worktreePath = await shared.repo.addWorktree("policy");
  const installed = await changeWorktreeHooks(shared.env.arbor, { repoId: shared.repo.repoId, worktreePath });
  expect(installed.body.files[0]?.isWritten).toBe(true);
  return worktreePath;
}

const topics = async () =>
  (await callApi<TopicsBody>(shared.env.arbor, `/api/repos/${shared.repo.repoId}/topics`)).body.topics;
const requestsOf = (sessionId: string) =>
  shared.env.mock.requests.filter((r) => r.headers["x-claude-code-session-id"] === sessionId);

describe("conversation recorder", () => {
  it("installs the rules file; with enforcement on, a Stop without the meta tag is blocked and the retry is recorded", async () => {
    const worktreePath = await hookedWorktree();
    expect(readFileSync(path.join(worktreePath, ".claude", "rules", "arbor-recorder.md"), "utf8")).toContain(
      "<!-- [meta] project: main",
    );
    await callApi(shared.env.arbor, `/api/repos/${shared.repo.repoId}/policies`, {
      method: "PUT",
      body: { enforceMetaTag: true },
    });
    try {
      // The Stop hook's feedback is a new turn for the mock: it takes the second queued script.
      shared.env.mock.enqueue({
        name: "untagged",
        steps: [{ type: "text", text: "Here is my answer without the tag." }],
      });
      shared.env.mock.enqueue({
        name: "tagged",
        steps: [{ type: "text", text: `Fixed answer.\n${tag("Login flow", "new")}` }],
      });
      const run = await runClaudeDirectly({ env: shared.env, cwd: worktreePath, prompt: "How should login work?" });
      expect(run.exitCode).toBe(0);
      const sessionId = sessionIdOf(run);
      const requests = requestsOf(sessionId).filter((r) => r.path.startsWith("/v1/messages"));
      expect(JSON.stringify(requests.at(-1)!.body)).toContain("Stop hook feedback");
      expect(JSON.stringify(requests.at(-1)!.body)).toContain("End your answer with Arbor's meta tag");
      const stops = (
        await callApi<HookEventsBody>(shared.env.arbor, `/api/hooks/events?sessionId=${sessionId}&eventName=Stop`)
      ).body.events;
      expect(stops).toHaveLength(2);
      expect(stops.some((e) => e.isBlock)).toBe(true);
      const login = (await topics()).find((t) => t.title === "Login flow")!;
      expect(login.entries).toHaveLength(1);
      expect(login.entries[0]?.assistantText).toContain("Fixed answer.");
      expect(login.entries[0]?.userText).toContain("How should login work?");
      await expect
        .poll(async () => (await topics()).find((t) => t.id === login.id)!.entries[0]!.summaryKind, { timeout: 60_000 })
        .not.toBe("pending");
    } finally {
      await callApi(shared.env.arbor, `/api/repos/${shared.repo.repoId}/policies`, {
        method: "PUT",
        body: { enforceMetaTag: false },
      });
    }
  });

  it("records a decision from the UI, and a new session is told about the topics, open and decided", async () => {
    const worktreePath = await hookedWorktree();
    const run = await runClaudeDirectly({
      env: shared.env,
      cwd: worktreePath,
      prompt: `[[mock:text We should cache results.\n${tag("Caching", "new")}]]`,
    });
    expect(run.exitCode).toBe(0);
    const cachingTopics = (await topics()).filter((t) => t.title === "Caching");
    expect(cachingTopics).toHaveLength(1);
    const caching = cachingTopics[0]!;
    expect(caching.status).toBe("open");
    const second = await runClaudeDirectly({ env: shared.env, cwd: worktreePath, prompt: "[[mock:text hi]]" });
    const sessionId = sessionIdOf(second);
    const told = JSON.stringify(requestsOf(sessionId).find((r) => r.path.startsWith("/v1/messages"))!.body);
    expect(told).toContain(`Caching (id: ${caching.id}, open)`);

    const decided = await callApi(shared.env.arbor, `/api/repos/${shared.repo.repoId}/topics/${caching.id}/decisions`, {
      body: { text: "Use an LRU cache" },
    });
    expect(decided.status).toBe(201);
    const after = (await topics()).find((t) => t.id === caching.id)!;
    expect(after).toMatchObject({ status: "decided", decisions: [{ text: "Use an LRU cache", status: "open" }] });
    // Deciding no longer hides the topic from the next session; the decision reaches it through the ledger.
    const third = await runClaudeDirectly({ env: shared.env, cwd: worktreePath, prompt: "[[mock:text hi again]]" });
    const toldAfter = JSON.stringify(
      requestsOf(sessionIdOf(third)).find((r) => r.path.startsWith("/v1/messages"))!.body,
    );
    expect(toldAfter).toContain(`Caching (id: ${caching.id}, decided)`);
    expect(toldAfter).toContain("Use an LRU cache");
  });
});

describe("completion / error notifier", () => {
  it("a completion phrase creates a notification, live over the WebSocket, once; read per worktree", async () => {
    const worktreePath = await hookedWorktree();
    const ws = await connectWs(shared.env.arbor);
    ws.send({ type: "subscribe_notifications" });
    await ws.waitFor((m) => m.type === "hello");
    await runClaudeDirectly({
      env: shared.env,
      cwd: worktreePath,
      prompt: "[[mock:text Task completed: the cache is in place.]]",
    });
    const live = await ws.waitFor((m) => m.type === "notification");
    ws.close();
    expect(live.type === "notification" && live.notification).toMatchObject({
      type: "completion",
      worktreePath,
      excerpt: "Task completed: the cache is in place.",
    });
    const inbox = (
      await callApi<NotificationsBody>(
        shared.env.arbor,
        `/api/notifications?unread=1&worktreePath=${encodeURIComponent(worktreePath)}`,
      )
    ).body.notifications;
    expect(inbox).toHaveLength(1);
    await runClaudeDirectly({
      env: shared.env,
      cwd: worktreePath,
      prompt: "[[mock:text Here is the file you asked for.]]",
    });
    expect(
      (
        await callApi<NotificationsBody>(
          shared.env.arbor,
          `/api/notifications?worktreePath=${encodeURIComponent(worktreePath)}`,
        )
      ).body.notifications,
    ).toHaveLength(1);
    const marked = await callApi<MarkedBody>(shared.env.arbor, "/api/notifications/read", { body: { worktreePath } });
    expect(marked.body.marked).toBe(1);
    expect(
      (
        await callApi<NotificationsBody>(
          shared.env.arbor,
          `/api/notifications?unread=1&worktreePath=${encodeURIComponent(worktreePath)}`,
        )
      ).body.notifications,
    ).toHaveLength(0);
  });

  it("reading a worktree's chat in Arbor marks its notifications read", async () => {
    const worktreePath = await hookedWorktree();
    await runClaudeDirectly({
      env: shared.env,
      cwd: worktreePath,
      prompt: "[[mock:text Task completed: the chat will be read.]]",
    });
    const unread = async () =>
      (
        await callApi<NotificationsBody>(
          shared.env.arbor,
          `/api/notifications?unread=1&worktreePath=${encodeURIComponent(worktreePath)}`,
        )
      ).body.notifications;
    // The hook event reaches Arbor through its spool: wait for the notification it makes.
    await expect.poll(async () => (await unread()).length).toBe(1);
    const sessionId = await openSession(shared.env.arbor, { repoId: shared.repo.repoId, worktreePath });
    const read = await callApi(shared.env.arbor, "/api/chat/sessions/read", { body: { sessionId } });
    expect(read.status).toBe(200);
    expect(await unread()).toHaveLength(0);
    // Read again, nothing is left to mark; the notification is still listed as read.
    expect((await callApi(shared.env.arbor, "/api/chat/sessions/read", { body: { sessionId } })).status).toBe(200);
    const all = await callApi<NotificationsBody>(
      shared.env.arbor,
      `/api/notifications?worktreePath=${encodeURIComponent(worktreePath)}`,
    );
    expect(all.body.notifications).toHaveLength(1);
  });
});

describe("state restore", () => {
  it("saves the state at SessionEnd and injects it when the session is resumed; Arbor's own prompt carries it too", async () => {
    const worktreePath = await hookedWorktree();
    const first = await runClaudeDirectly({
      env: shared.env,
      cwd: worktreePath,
      prompt: `[[mock:text Working on it.\n${tag("Rate limiter", "new")}]]`,
    });
    const sessionId = sessionIdOf(first);
    const resumed = await runClaudeDirectly({
      env: shared.env,
      cwd: worktreePath,
      prompt: "[[mock:text continuing]]",
      args: ["--resume", sessionId],
    });
    expect(resumed.exitCode).toBe(0);
    const lastRequest = requestsOf(sessionId)
      .filter((r) => r.path.startsWith("/v1/messages"))
      .at(-1)!;
    const text = JSON.stringify(lastRequest.body);
    expect(text).toContain("Where the work stood before this resume");
    expect(text).toContain('topic \\"Rate limiter\\"');

    const chatSession = await openSession(shared.env.arbor, { repoId: shared.repo.repoId, worktreePath });
    const sent = await shared.send(chatSession, "[[mock:text ok]]");
    const prompt = JSON.stringify(
      requestsOf(sent.body.run.claudeSessionId!).find((r) => r.path.startsWith("/v1/messages"))!.body,
    );
    expect(prompt).toContain("Where the work stands");
  });
});

describe("hook chain inspector", () => {
  it("lists the user's hook and Arbor's hooks per level, in registration order", async () => {
    const worktreePath = await hookedWorktree();
    const projectSettings = path.join(worktreePath, ".claude", "settings.json");
    mkdirSync(path.dirname(projectSettings), { recursive: true });
    writeFileSync(
      projectSettings,
      `${JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: "command", command: "echo user-stop-hook" }] }] } }, null, 2)}\n`,
    );
    const chain = (
      await callApi<HookChainBody>(
        shared.env.arbor,
        `/api/hooks/chain?repoId=${shared.repo.repoId}&worktreePath=${encodeURIComponent(worktreePath)}`,
      )
    ).body;
    const stop = chain.handlers.filter((h) => h.event === "Stop");
    expect(stop.map((h) => `${h.level}:${h.isArbor}`)).toEqual(["project:false", "local:true"]);
    expect(stop[0]?.command).toBe("echo user-stop-hook");
    expect(stop[1]?.command).toContain("arbor-hook' --sync");
  });
});
