import { describe, expect, it } from "vitest";
import type { AttentionItem, AttentionState } from "@/lib/chat/attention/attention.ts";
import { attentionTabTitle, baseTabTitle } from "./tab-title.ts";

const item = (worktreePath: string, state: AttentionState): AttentionItem => ({
  repoId: "r1",
  repoLabel: "demo",
  worktreePath,
  branch: null,
  sessionId: `s-${worktreePath}`,
  state,
  lastRun: null,
  failingChecks: null,
  costUsd: null,
});

describe("attentionTabTitle", () => {
  it("counts the worktrees waiting for the user or failed, not the running, unread, queued or idle ones", () => {
    const items = [
      item("/a", "waiting"),
      item("/b", "failed"),
      item("/c", "failed"),
      item("/d", "running"),
      item("/e", "unread"),
      item("/f", "queued"),
      item("/g", "idle"),
    ];
    expect(attentionTabTitle({ title: "Arbor", items })).toBe("(3) Arbor");
  });

  it("is the page's own title when nothing needs the user", () => {
    expect(attentionTabTitle({ title: "Arbor", items: [item("/a", "running")] })).toBe("Arbor");
    expect(attentionTabTitle({ title: "(2) Settings · Arbor", items: [] })).toBe("Settings · Arbor");
  });

  it("replaces the count it wrote before instead of stacking a second one", () => {
    expect(attentionTabTitle({ title: "(5) Logs · Arbor", items: [item("/a", "waiting")] })).toBe("(1) Logs · Arbor");
  });
});

describe("baseTabTitle", () => {
  it("strips only a leading count", () => {
    expect(baseTabTitle("(12) Arbor")).toBe("Arbor");
    expect(baseTabTitle("Arbor (beta)")).toBe("Arbor (beta)");
  });
});
