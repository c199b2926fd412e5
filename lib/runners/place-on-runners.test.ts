import { describe, expect, it } from "vitest";
import { runnerSlot } from "./runner-slot-fixture.ts";
import type { Dispatch } from "@/lib/plans/run/plan-next-dispatches.ts";
import { emptyWork, type NodeWork } from "@/lib/plans/run/plan-run-record.ts";
import { placeOnRunners, runnerSlots } from "./place-on-runners.ts";

const runner = runnerSlot;
const dispatch = (slug: string): Dispatch => ({ slug, purpose: "spec", branchFrom: { kind: "base" } });
const now = new Date("2026-12-03T12:00:00Z");
let attempts = 0;
const newAttempt = () => `attempt-${(attempts += 1)}`;

describe("placeOnRunners", () => {
  it("spreads new nodes over the runners, each with its own attempt, and starts no more than they hold", () => {
    const work = new Map<string, NodeWork>(["a", "b", "c", "d", "e"].map((slug) => [slug, emptyWork(slug)]));
    const placed = placeOnRunners(["a", "b", "c", "d", "e"].map(dispatch), {
      work,
      runners: [runner("b1"), runner("b2")],
      now,
      newAttempt,
    });
    expect(placed.start.map((entry) => entry.slug)).toEqual(["a", "b", "c", "d"]);
    const labels = ["a", "b", "c", "d"].map((slug) => placed.work.get(slug)?.runner?.label);
    expect(labels).toEqual(["b1", "b2", "b1", "b2"]);
    expect(new Set(["a", "b", "c", "d"].map((slug) => placed.work.get(slug)?.runner?.attempt)).size).toBe(4);
    expect(placed.work.get("a")?.runner).toMatchObject({
      since: now.toISOString(),
      pushedRef: null,
      repoId: "repo-b1",
    });
    expect(placed.work.get("e")?.runner).toBeNull();
    // The input is not changed.
    expect(work.get("a")?.runner).toBeNull();
  });

  it("keeps a node with a worktree where it is, and runs a node placed on this instance's own offer here", () => {
    const onRunner = {
      ...emptyWork("fix"),
      worktreePath: "/far/wt",
      runner: { instanceId: "id-x", label: "x", repoId: "r", attempt: "old", since: "t", pushedRef: null },
    };
    const work = new Map<string, NodeWork>([
      ["fix", onRunner],
      ["new", emptyWork("new")],
    ]);
    const placed = placeOnRunners([dispatch("fix"), dispatch("new")], {
      work,
      runners: [runner("self", { isLocal: true, slots: 1 })],
      now,
      newAttempt,
    });
    expect(placed.start.map((entry) => entry.slug)).toEqual(["fix", "new"]);
    expect(placed.work.get("fix")?.runner?.attempt).toBe("old");
    expect(placed.work.get("new")?.runner).toBeNull();
  });

  it("keeps a node stacked on its parent's branch here, where that branch is", () => {
    const work = new Map<string, NodeWork>([["child", emptyWork("child")]]);
    const stacked: Dispatch = {
      slug: "child",
      purpose: "spec",
      branchFrom: { kind: "parent_branch", parentSlug: "parent" },
    };
    const placed = placeOnRunners([stacked], { work, runners: [runner("b1")], now, newAttempt });
    expect(placed.start).toEqual([stacked]);
    expect(placed.work.get("child")?.runner).toBeNull();
  });

  it("places nothing on runners that are full or gone, and leaves a repository without runners as it was", () => {
    const work = new Map<string, NodeWork>([["a", emptyWork("a")]]);
    const full = placeOnRunners([dispatch("a")], {
      work,
      runners: [runner("b1", { busy: 2 }), runner("b2", { isAlive: false })],
      now,
      newAttempt,
    });
    expect(full.start).toEqual([]);
    const none = placeOnRunners([dispatch("a")], { work, runners: [], now, newAttempt });
    expect(none.start.map((entry) => entry.slug)).toEqual(["a"]);
    expect(none.work).toBe(work);
  });
});

describe("runnerSlots", () => {
  it("counts the live runners' slots and what runs on them", () => {
    expect(
      runnerSlots([runner("a", { busy: 1 }), runner("b", { busy: 3 }), runner("c", { isAlive: false, busy: 0 })]),
    ).toEqual({
      total: 4,
      busy: 3,
      isRunners: true,
    });
  });
});
