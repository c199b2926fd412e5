import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import type { AttentionItem } from "@/lib/chat/attention/attention.ts";
import { queryKeys } from "@/lib/realtime/query-keys.ts";
import { applyLiveAttentionToCache, withStatesAnnouncedSince } from "./live-attention.ts";

const item = (worktreePath: string, state: AttentionItem["state"]): AttentionItem => ({
  repoId: "r",
  repoLabel: "repo",
  worktreePath,
  branch: null,
  sessionId: `s-${worktreePath}`,
  state,
  lastRun: null,
  failingChecks: null,
  costUsd: null,
});

const statesOf = (items: AttentionItem[] | undefined) => items?.map((entry) => `${entry.worktreePath}:${entry.state}`);

describe("live attention", () => {
  it("puts an announced state into the cached view before any refetch", () => {
    const client = new QueryClient();
    client.setQueryData(queryKeys.attention(), [item("/x", "idle"), item("/y", "idle")]);
    applyLiveAttentionToCache(client, { worktreePath: "/y", state: "running", lastRunStatus: null });
    expect(statesOf(client.getQueryData(queryKeys.attention()))).toEqual(["/y:running", "/x:idle"]);
  });

  it("keeps a state announced during a read that started before it, and drops older ones once read", () => {
    const client = new QueryClient();
    const readStarted = performance.now();
    applyLiveAttentionToCache(client, { worktreePath: "/p", state: "waiting", lastRunStatus: null });
    // The answer of the read under way was computed before the request came: it still says idle.
    expect(statesOf(withStatesAnnouncedSince([item("/p", "idle")], readStarted))).toEqual(["/p:waiting"]);
    // A read that started after the announcement has the server's word, which wins (here: answered already).
    const laterRead = performance.now() + 1;
    expect(statesOf(withStatesAnnouncedSince([item("/p", "idle")], laterRead))).toEqual(["/p:idle"]);
    expect(statesOf(withStatesAnnouncedSince([item("/p", "idle")], readStarted))).toEqual(["/p:idle"]);
  });
});
