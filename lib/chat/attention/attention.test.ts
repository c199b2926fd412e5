import { describe, expect, it } from "vitest";
import {
  applyLiveAttention,
  attentionState,
  countNeedingUser,
  describeFailingChecks,
  rankAttention,
  type AttentionItem,
  applyLiveActivity,
  applyPlanNodes,
  markAttentionRead,
} from "./attention.ts";

const item = (worktreePath: string, state: AttentionItem["state"], at: string | null = null): AttentionItem => ({
  repoId: "r",
  repoLabel: "repo",
  worktreePath,
  branch: null,
  sessionId: `s-${worktreePath}`,
  state,
  lastRun: at ? { status: "success", startedAt: at, finishedAt: at, errorMessage: null } : null,
  failingChecks: null,
  costUsd: null,
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

  it("takes the conversation's cost so far from a run's end, and keeps it when a message does not say", () => {
    const ended = applyLiveAttention(view, {
      worktreePath: "/a",
      state: "idle",
      lastRunStatus: "success",
      costUsd: 0.25,
    });
    expect(ended.find((entry) => entry.worktreePath === "/a")?.costUsd).toBe(0.25);
    const started = applyLiveAttention(ended, { worktreePath: "/a", state: "running", lastRunStatus: null });
    expect(started.find((entry) => entry.worktreePath === "/a")?.costUsd).toBe(0.25);
    // Only the cost changed: still a new list, so the row shows it.
    const idle = [item("/a", "idle")];
    expect(
      applyLiveAttention(idle, { worktreePath: "/a", state: "idle", lastRunStatus: null, costUsd: 1 })[0]?.costUsd,
    ).toBe(1);
  });
});

describe("live activity", () => {
  const row = (path: string, state: "idle" | "running", hasUnread = false) => ({
    worktreePath: path,
    sessionId: `s-${path}`,
    state,
    hasUnread,
  });

  it("puts an announced state into the worktree's row, adds a new one, and keeps the array when nothing changes", () => {
    const rows = [row("/a", "idle"), row("/b", "running")];
    const ended = applyLiveActivity(rows, { worktreePath: "/b", sessionId: "s-/b", state: "idle", hasUnread: true });
    expect(ended[1]).toEqual(row("/b", "idle", true));
    expect(ended[0]).toBe(rows[0]);
    const started = applyLiveActivity(rows, { worktreePath: "/c", sessionId: "s-/c", state: "running" });
    expect(started.map((r) => r.worktreePath)).toEqual(["/a", "/b", "/c"]);
    expect(applyLiveActivity(rows, { worktreePath: "/a", sessionId: "s-/a", state: "idle" })).toBe(rows);
  });

  it("gives the attention view the run that just ended, so it re-ranks without a fresh read", () => {
    const items = [
      {
        repoId: "r",
        repoLabel: "r",
        worktreePath: "/a",
        branch: null,
        sessionId: "s",
        state: "running" as const,
        lastRun: null,
        failingChecks: null,
        costUsd: null,
      },
    ];
    const lastRun = {
      status: "success",
      startedAt: "2026-11-29T00:00:00Z",
      finishedAt: "2026-11-29T00:01:00Z",
      errorMessage: null,
    };
    const next = applyLiveAttention(items, { worktreePath: "/a", state: "idle", lastRunStatus: "success", lastRun });
    expect(next[0]).toMatchObject({ state: "unread", lastRun });
  });
});

describe("reading a chat", () => {
  it("makes its unread or failed answer idle, and leaves a waiting one alone", () => {
    const items = [item("/a", "unread"), item("/b", "waiting"), item("/c", "failed")];
    const read = markAttentionRead(items, "s-/a")!;
    expect(read.find((entry) => entry.worktreePath === "/a")?.state).toBe("idle");
    expect(markAttentionRead(items, "s-/b")).toBe(items);
    expect(markAttentionRead(read, "s-/c")!.find((entry) => entry.worktreePath === "/c")?.state).toBe("idle");
  });
});

describe("failing checks", () => {
  const failing = { name: "unit", status: "failed" as const, count: 1, autoFixesSpent: null };
  const withChecks = (path: string, state: AttentionItem["state"]) => ({
    ...item(path, state),
    failingChecks: failing,
  });

  it("rank after a failed run and before an unread answer, stay while idle, and count as needing the user", () => {
    const state = (input: Partial<Parameters<typeof attentionState>[0]>) =>
      attentionState({ liveState: "idle", hasUnread: false, lastRunStatus: null, hasFailingChecks: true, ...input });
    expect(state({})).toBe("checks_failed");
    expect(state({ hasUnread: true, lastRunStatus: "success" })).toBe("checks_failed");
    expect(state({ hasUnread: true, lastRunStatus: "failed" })).toBe("failed");
    expect(state({ liveState: "running" })).toBe("running");
    const ranked = rankAttention([
      item("/unread", "unread"),
      withChecks("/checks", "checks_failed"),
      item("/f", "failed"),
    ]);
    expect(ranked.map((entry) => entry.state)).toEqual(["failed", "checks_failed", "unread"]);
    expect(countNeedingUser([withChecks("/checks", "checks_failed"), item("/u", "unread")])).toBe(1);
  });

  it("stay when the chat is read or a run ends, until the checks pass", () => {
    const items = [withChecks("/a", "failed"), withChecks("/b", "running")];
    expect(markAttentionRead(items, "s-/a")!.find((entry) => entry.worktreePath === "/a")?.state).toBe("checks_failed");
    const ended = applyLiveAttention(items, { worktreePath: "/b", state: "idle", lastRunStatus: "success" });
    expect(ended.find((entry) => entry.worktreePath === "/b")?.state).toBe("checks_failed");
  });

  it("name the check, or say the automatic fixes gave up", () => {
    expect(describeFailingChecks(failing)).toBe('Check "unit" failed');
    expect(describeFailingChecks({ ...failing, status: "timed_out", count: 3 })).toBe(
      'Check "unit" timed out (and 2 more)',
    );
    expect(describeFailingChecks({ ...failing, autoFixesSpent: 2 })).toBe(
      "Checks still fail after 2 automatic fixes — look at it",
    );
  });
});

describe("plan nodes", () => {
  const node = { slug: "api", title: "API", description: "running", needsUser: false, worktreePath: "/w/api" };

  it("names a node's worktree by the node and follows its state, keeping the plan's title", () => {
    const labelled = {
      ...item("/w/api", "running"),
      planNode: {
        planId: "p",
        planTitle: "Launch",
        slug: "api",
        title: "API",
        description: "running",
        needsUser: false,
      },
    };
    const items = [labelled, item("/w/other", "idle")];
    const next = applyPlanNodes(items, {
      planId: "p",
      nodes: [{ ...node, description: "ready to land", needsUser: true }],
    });
    expect(next[0]!.planNode).toEqual({
      planId: "p",
      planTitle: "Launch",
      slug: "api",
      title: "API",
      description: "ready to land",
      needsUser: true,
    });
    expect(next[1]).toBe(items[1]);
  });

  it("labels a row that had no node yet, and returns the same list when nothing changes", () => {
    const items = [item("/w/api", "running")];
    const next = applyPlanNodes(items, { planId: "p", nodes: [node, { ...node, slug: "ui", worktreePath: null }] });
    expect(next[0]!.planNode).toMatchObject({ planId: "p", planTitle: "", title: "API" });
    expect(applyPlanNodes(next, { planId: "p", nodes: [node] })).toBe(next);
    expect(applyPlanNodes(items, { planId: "p", nodes: [] })).toBe(items);
  });
});
