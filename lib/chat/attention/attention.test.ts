import { describe, expect, it } from "vitest";
import {
  applyLiveAttention,
  attentionState,
  countNeedingUser,
  rankAttention,
  type AttentionItem,
} from "./attention.ts";

const item = (worktreePath: string, state: AttentionItem["state"], at: string | null = null): AttentionItem => ({
  repoId: "r",
  repoLabel: "repo",
  worktreePath,
  sessionId: `s-${worktreePath}`,
  state,
  lastRun: at ? { status: "success", startedAt: at, finishedAt: at, errorMessage: null } : null,
});

describe("attention", () => {
  it("gives waiting first, then unseen failures and answers, then running, queued and idle", () => {
    expect(attentionState({ liveState: "waiting", hasUnread: true, lastRunStatus: "failed" })).toBe("waiting");
    expect(attentionState({ liveState: "running", hasUnread: true, lastRunStatus: "failed" })).toBe("running");
    expect(attentionState({ liveState: "idle", hasUnread: true, lastRunStatus: "failed" })).toBe("failed");
    expect(attentionState({ liveState: "idle", hasUnread: true, lastRunStatus: "timed_out" })).toBe("failed");
    expect(attentionState({ liveState: "idle", hasUnread: true, lastRunStatus: "cancelled" })).toBe("unread");
    expect(attentionState({ liveState: "idle", hasUnread: true, lastRunStatus: "success" })).toBe("unread");
    expect(attentionState({ liveState: "idle", hasUnread: false, lastRunStatus: "failed" })).toBe("idle");
  });

  it("sorts by urgency, then most recent activity, then path", () => {
    const ranked = rankAttention([
      item("/idle", "idle", "2026-01-01T00:00:00Z"),
      item("/run", "running", "2026-01-01T00:00:00Z"),
      item("/old-unread", "unread", "2026-01-01T00:00:00Z"),
      item("/new-unread", "unread", "2026-01-02T00:00:00Z"),
      item("/wait", "waiting"),
      item("/fail", "failed", "2026-01-01T00:00:00Z"),
      item("/b-never", "idle"),
      item("/a-never", "idle"),
    ]);
    expect(ranked.map((entry) => entry.worktreePath)).toEqual([
      "/wait",
      "/fail",
      "/new-unread",
      "/old-unread",
      "/run",
      "/idle",
      "/a-never",
      "/b-never",
    ]);
  });

  it("counts what needs the user now", () => {
    expect(countNeedingUser([item("/a", "waiting"), item("/b", "failed"), item("/c", "unread")])).toBe(2);
  });
});

describe("applyLiveAttention", () => {
  const view = [item("/a", "idle"), item("/b", "unread", "2026-01-01T00:00:00Z")];

  it("shows a worktree's live state at once and ranks it again", () => {
    const next = applyLiveAttention(view, { worktreePath: "/a", state: "waiting", lastRunStatus: null });
    expect(next.map((entry) => [entry.worktreePath, entry.state])).toEqual([
      ["/a", "waiting"],
      ["/b", "unread"],
    ]);
    expect(view[0]!.state).toBe("idle");
  });

  it("counts a run that just ended as unread, or failed by its status", () => {
    const running = [item("/a", "running"), item("/c", "queued")];
    expect(
      applyLiveAttention(running, { worktreePath: "/a", state: "idle", lastRunStatus: "success" })[0],
    ).toMatchObject({ worktreePath: "/a", state: "unread" });
    expect(
      applyLiveAttention(running, { worktreePath: "/a", state: "idle", lastRunStatus: "timed_out" })[0],
    ).toMatchObject({ worktreePath: "/a", state: "failed" });
  });

  it("leaves an idle worktree idle when told it is idle, and returns the same list when nothing changes", () => {
    expect(applyLiveAttention(view, { worktreePath: "/a", state: "idle", lastRunStatus: "success" })).toBe(view);
    expect(applyLiveAttention(view, { worktreePath: "/gone", state: "running", lastRunStatus: null })).toBe(view);
  });
});
