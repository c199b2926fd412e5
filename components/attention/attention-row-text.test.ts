import { describe, expect, it } from "vitest";
import { attentionElapsed, attentionRowName } from "./attention-row-text.ts";

describe("attentionRowName", () => {
  it("names a row by its plan node, else its branch, else its folder", () => {
    const planNode = {
      planId: "p",
      planTitle: "Shop",
      slug: "api",
      title: "Payment API",
      description: "",
      needsUser: false,
    };
    expect(attentionRowName({ planNode, branch: "feat/api", worktreePath: "/r/shop-api" })).toBe("Payment API");
    expect(attentionRowName({ branch: "feat/api", worktreePath: "/r/shop-api" })).toBe("feat/api");
    expect(attentionRowName({ branch: null, worktreePath: "/r/shop-api/" })).toBe("shop-api");
  });
});

describe("attentionElapsed", () => {
  const now = Date.parse("2026-11-30T10:01:10Z");
  const run = (startedAt: string | null) => ({ status: "running", startedAt, finishedAt: null, errorMessage: null });

  it("counts a running row from its run's start and a waiting one from its oldest request", () => {
    expect(
      attentionElapsed({ item: { state: "running", lastRun: run("2026-11-30T10:00:00Z") }, waitingSince: null, now }),
    ).toBe("running 1 min 10 s");
    expect(
      attentionElapsed({
        item: { state: "waiting", lastRun: run("2026-11-30T09:00:00Z") },
        waitingSince: "2026-11-30T10:00:28Z",
        now,
      }),
    ).toBe("waiting 42 s");
  });

  it("says nothing for a settled row, and never counts backwards from a clock ahead", () => {
    expect(
      attentionElapsed({ item: { state: "idle", lastRun: run("2026-11-30T10:00:00Z") }, waitingSince: null, now }),
    ).toBeNull();
    expect(
      attentionElapsed({ item: { state: "running", lastRun: run("2026-11-30T10:05:00Z") }, waitingSince: null, now }),
    ).toBe("running 0 s");
  });
});
