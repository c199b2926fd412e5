import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { serverMessageSchema } from "@/lib/realtime/protocol.ts";
import { queryKeys } from "@/lib/realtime/query-keys.ts";
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

describe("handleServerMessage", () => {
  it("writes run events into the live-runs cache", () => {
    const client = setup();
    handleServerMessage(client, {
      type: "run_event",
      sessionId: SESSION,
      runId: "r",
      seq: 1,
      at: 1,
      event: { kind: "text_delta", text: "hi" },
    });
    expect(client.getQueryData<LiveRunsState>(["live-runs", SESSION])?.runs.r?.text).toBe("hi");
    expect(isStale(client, ["messages", SESSION])).toBe(false);
  });

  it("refetches messages when a run is queued and messages + activity when it finishes", () => {
    const client = setup();
    handleServerMessage(client, {
      type: "run_event",
      sessionId: SESSION,
      runId: "r",
      seq: 1,
      at: 1,
      event: { kind: "queued", position: 1 },
    });
    expect(isStale(client, ["messages", SESSION])).toBe(true);
    expect(isStale(client, ["activity", "repo-1"])).toBe(false);
    handleServerMessage(client, {
      type: "run_event",
      sessionId: SESSION,
      runId: "r",
      seq: 2,
      at: 2,
      event: { kind: "finished", status: "success", errorKind: null, userMessage: null, assistantMessageId: 3 },
    });
    expect(isStale(client, ["activity", "repo-1"])).toBe(true);
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

  it("invalidates activity on worktree_activity and any key on invalidate", () => {
    const client = setup();
    client.setQueryData(["settings"], {});
    handleServerMessage(client, {
      type: "worktree_activity",
      repoId: "repo-1",
      worktreePath: "/w",
      sessionId: SESSION,
      state: "running",
      lastRunStatus: null,
    });
    expect(isStale(client, ["activity", "repo-1"])).toBe(true);
    handleServerMessage(client, { type: "invalidate", queryKey: ["settings"] });
    expect(isStale(client, ["settings"])).toBe(true);
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
