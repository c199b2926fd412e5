import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { serverMessageSchema } from "@/lib/realtime/protocol.ts";
import { queryKeys } from "@/lib/realtime/query-keys.ts";
import { controlledQuery } from "@/tests/support/controlled-query.ts";
import { handleServerMessage } from "./handle-server-message.ts";
import type { LiveRunsState } from "./live-run-types.ts";

const SESSION = "11111111-1111-4111-8111-111111111111";

function setup() {
  const client = new QueryClient();
  client.setQueryData(["messages", SESSION], { pages: [], pageParams: [] });
  client.setQueryData(["activity", "repo-1"], []);
  return client;
}

const isStale = (client: QueryClient, key: string[]) => client.getQueryState(key)?.isInvalidated ?? false;

const userMessage = (id: number) => ({
  id,
  sessionId: SESSION,
  role: "user" as const,
  content: `m${id}`,
  status: "complete",
  createdAt: "2026-11-29T00:00:00.000Z",
  isArchived: false,
  run: null,
});

/** A run event of run "r" in SESSION, as the server sends it. */
const runEvent = (seq: number, body: object) => ({
  type: "run_event" as const,
  sessionId: SESSION,
  runId: "r",
  seq,
  at: seq,
  event: body,
});

const finished = (answer: object) => ({
  kind: "finished",
  status: "success",
  errorKind: null,
  userMessage: null,
  assistantMessageId: 6,
  assistantMessage: answer,
});

describe("handleServerMessage", () => {
  it("keeps a land queue's latest progress for its repository, read as it arrives", () => {
    const client = setup();
    const progress = {
      repoId: "repo-1",
      base: "main",
      state: "testing" as const,
      current: 2,
      entries: [
        { worktreePath: "/r/a", branch: "feat/a", status: "passed" as const },
        { worktreePath: "/r/b", branch: "feat/b", status: "testing" as const },
      ],
      message: null,
    };
    const message = serverMessageSchema.parse({ type: "land_queue", progress });
    handleServerMessage(client, message);
    expect(client.getQueryData(queryKeys.landQueue("repo-1"))).toEqual(progress);
    handleServerMessage(client, { type: "land_queue", progress: { ...progress, state: "landed", current: null } });
    expect(client.getQueryData(queryKeys.landQueue("repo-1"))).toMatchObject({ state: "landed", current: null });
  });

  it("writes run events into the live-runs cache", () => {
    const client = setup();
    handleServerMessage(client, runEvent(1, { kind: "text_delta", text: "hi" }) as never);
    expect(client.getQueryData<LiveRunsState>(["live-runs", SESSION])?.runs.r?.text).toBe("hi");
    expect(isStale(client, ["messages", SESSION])).toBe(false);
  });

  it("fetches nothing for a run the tab sent: the queued message is known, the answer rides on `finished`", () => {
    const client = setup();
    const page = { messages: [userMessage(5)], hasMore: false };
    client.setQueryData(["messages", SESSION], { pages: [page], pageParams: [null] });
    handleServerMessage(client, runEvent(1, { kind: "queued", position: 1, userMessageId: 5 }) as never);
    expect(isStale(client, ["messages", SESSION])).toBe(false);
    const answer = { ...userMessage(6), role: "assistant" as const, content: "Done." };
    handleServerMessage(client, runEvent(2, finished(answer)) as never);
    const pages = client.getQueryData<{ pages: Array<{ messages: Array<{ id: number; content: string }> }> }>([
      "messages",
      SESSION,
    ]);
    expect(pages?.pages[0]?.messages.map((message) => [message.id, message.content])).toEqual([
      [5, "m5"],
      [6, "Done."],
    ]);
    expect(isStale(client, ["messages", SESSION])).toBe(false);
    expect(isStale(client, ["activity", "repo-1"])).toBe(false);
  });

  it("fetches the messages when another tab's send is queued", () => {
    const client = setup();
    client.setQueryData(["messages", SESSION], { pages: [{ messages: [], hasMore: false }], pageParams: [null] });
    handleServerMessage(client, {
      type: "run_event",
      sessionId: SESSION,
      runId: "r",
      seq: 1,
      at: 1,
      event: { kind: "queued", position: 1, userMessageId: 9 },
    });
    expect(isStale(client, ["messages", SESSION])).toBe(true);
  });

  it("does not invalidate again for a duplicate event", () => {
    const client = setup();
    const queued = {
      type: "run_event" as const,
      sessionId: SESSION,
      runId: "r",
      seq: 1,
      at: 1,
      event: { kind: "queued" as const, position: 1 },
    };
    handleServerMessage(client, queued);
    client.setQueryData(["messages", SESSION], { pages: [], pageParams: [] });
    handleServerMessage(client, queued);
    expect(isStale(client, ["messages", SESSION])).toBe(false);
  });

  it("puts worktree activity into the lists without reading them again, and invalidates any key on invalidate", () => {
    const client = setup();
    client.setQueryData(["settings"], {});
    handleServerMessage(client, {
      type: "worktree_activity",
      repoId: "repo-1",
      worktreePath: "/w",
      sessionId: SESSION,
      state: "idle",
      lastRunStatus: "success",
      hasUnread: true,
    });
    expect(client.getQueryData(["activity", "repo-1"])).toEqual([
      { worktreePath: "/w", sessionId: SESSION, state: "idle", hasUnread: true },
    ]);
    expect(isStale(client, ["activity", "repo-1"])).toBe(false);
    handleServerMessage(client, { type: "invalidate", queryKey: ["settings"] });
    expect(isStale(client, ["settings"])).toBe(true);
  });

  it("lets a read under way land when the server says its query is stale, then reads once more", async () => {
    // A scan that takes longer than the gap between two changes was cancelled by each next one,
    // so a busy repository's tree never showed a branch just made.
    const query = controlledQuery(["dashboard", "repo-1"]);
    await query.settled();
    for (let change = 0; change < 3; change += 1) {
      handleServerMessage(query.client, { type: "invalidate", queryKey: ["dashboard", "repo-1"] });
    }
    await query.settled();
    expect(query.aborted).toEqual([false]);
    query.answers[0]!(1);
    await query.settled();
    expect(query.seen).toEqual([1]);
    expect(query.started()).toBe(2);
    query.answers[1]!(2);
    await query.settled();
    expect(query.seen).toEqual([1, 2]);
    query.unsubscribe();
  });

  it("reads the messages again when a read was under way as the answer finished", () => {
    const client = setup();
    const key = ["messages", SESSION];
    // A read that began while the answer streamed, still waiting: its answer would say "streaming".
    void client.prefetchQuery({ queryKey: key, queryFn: () => new Promise<never>(() => {}) });
    const answer = { ...userMessage(6), role: "assistant" as const, content: "Done." };
    handleServerMessage(client, runEvent(1, finished(answer)) as never);
    expect(client.getQueryState(key)?.isInvalidated).toBe(true);
  });

  it("reads the activity again when its list was still being read as the message came", () => {
    const client = setup();
    const key = ["activity", "repo-1"];
    // A read that began before the run started, still waiting for its answer.
    void client.prefetchQuery({ queryKey: key, queryFn: () => new Promise<never>(() => {}) });
    handleServerMessage(client, {
      type: "worktree_activity",
      repoId: "repo-1",
      worktreePath: "/w",
      sessionId: SESSION,
      state: "running",
      lastRunStatus: null,
    });
    expect(client.getQueryState(key)?.isInvalidated).toBe(true);
  });

  it("turns a live notification into one toast and refetches the inbox", () => {
    const client = setup();
    client.setQueryData(["notifications", "unread"], []);
    const notification = { id: 4, type: "completion", worktreePath: "/w", sessionId: "s", excerpt: "Task completed." };
    handleServerMessage(client, { type: "notification", notification });
    handleServerMessage(client, { type: "notification", notification });
    expect(client.getQueryData(["notification-toasts"])).toEqual([notification]);
    expect(isStale(client, ["notifications", "unread"])).toBe(true);
  });

  it("survive the wire: a server invalidation makes the browser's cached query stale", () => {
    const client = new QueryClient();
    client.setQueryData(queryKeys.topics("repo-1"), []);
    client.setQueryData(queryKeys.topics("repo-2"), []);
    const wire = JSON.parse(JSON.stringify({ type: "invalidate", queryKey: queryKeys.topics("repo-1") })) as unknown;
    handleServerMessage(client, serverMessageSchema.parse(wire));
    expect(client.getQueryState(queryKeys.topics("repo-1"))?.isInvalidated).toBe(true);
    expect(client.getQueryState(queryKeys.topics("repo-2"))?.isInvalidated).toBe(false);
  });
});
