import { describe, expect, it } from "vitest";
import type { LedgerEntryView, LedgerEventView } from "@/lib/ledger/ledger-types.ts";
import { describeEntry, listEntryActions } from "./describe-entry.ts";

const event = (overrides: Partial<LedgerEventView>): LedgerEventView => ({
  id: 1,
  action: "created",
  actor: "user",
  fromStatus: null,
  toStatus: "open",
  previousText: null,
  evidence: [],
  note: null,
  actorName: null,
  createdAt: "2026-11-24T00:00:00Z",
  ...overrides,
});

const entry = (overrides: Partial<LedgerEntryView>): LedgerEntryView => ({
  id: 7,
  repoId: "r",
  kind: "task",
  text: "write the guide",
  status: "open",
  scope: "worktree",
  worktreePath: "/w",
  planId: null,
  nodeSlug: null,
  origin: "user",
  via: "command",
  sessionId: "s",
  messageId: null,
  runId: null,
  hookEventId: null,
  claudeSessionId: null,
  topicId: null,
  supersededById: null,
  createdAt: "2026-11-24T00:00:00Z",
  updatedAt: "2026-11-24T00:00:00Z",
  lastEvent: event({}),
  ...overrides,
});

describe("the panel's entry actions", () => {
  it("offers done for tasks and supersede for decisions, reopen for closed ones, undo for a model's close", () => {
    expect(listEntryActions(entry({}))).toEqual(["done", "drop", "edit"]);
    expect(listEntryActions(entry({ kind: "decision" }))).toEqual(["supersede", "drop", "edit"]);
    expect(
      listEntryActions(entry({ status: "dropped", lastEvent: event({ action: "closed", toStatus: "dropped" }) })),
    ).toEqual(["reopen", "undo"]);
    expect(
      listEntryActions(
        entry({
          status: "done",
          lastEvent: event({ action: "closed", actor: "model", toStatus: "done", evidence: [4] }),
        }),
      ),
    ).toEqual(["undo"]);
  });

  it("offers confirm and dismiss for a proposal, and undo after either", () => {
    const proposal = entry({
      status: "proposed",
      origin: "capture",
      lastEvent: event({ actor: "arbor", toStatus: "proposed" }),
    });
    expect(listEntryActions(proposal)).toEqual(["confirm", "dismiss", "edit"]);
    const confirmed = entry({
      status: "open",
      origin: "capture",
      lastEvent: event({
        action: "confirmed",
        fromStatus: "proposed",
        toStatus: "open",
        actorName: "Firefox on Linux · 3f9a",
      }),
    });
    expect(listEntryActions(confirmed)).toEqual(["done", "drop", "edit", "undo"]);
    expect(describeEntry(confirmed)).toContain("confirmed by you (Firefox on Linux · 3f9a)");
    const dismissed = entry({
      status: "dismissed",
      lastEvent: event({ action: "dismissed", fromStatus: "proposed", toStatus: "dismissed" }),
    });
    expect(listEntryActions(dismissed)).toEqual(["undo"]);
    expect(describeEntry(proposal)).toContain("proposed: not in force until you confirm it");
  });

  it("says where an entry came from and, once closed, by whom and with what evidence", () => {
    expect(describeEntry(entry({ messageId: 12 }))).toBe("task · this worktree · by you (/todo) · message #12");
    expect(
      describeEntry(
        entry({
          status: "done",
          origin: "recorder",
          via: "hook",
          scope: "repo",
          lastEvent: event({ action: "closed", actor: "model", toStatus: "done", evidence: [4, 5] }),
        }),
      ),
    ).toBe("task · repository · by a Claude Code session · done by model, evidence #4 #5");
    expect(describeEntry(entry({ kind: "decision", via: "panel", status: "superseded", supersededById: 9 }))).toBe(
      "decision · this worktree · by you · superseded by L9 by you",
    );
  });
});
