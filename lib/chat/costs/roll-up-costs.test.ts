import { describe, expect, it } from "vitest";
import { formatUsd, rollUpCosts } from "./roll-up-costs.ts";

const dayOf = (date: Date) => date.toISOString().slice(0, 10);
const now = new Date("2026-11-30T12:00:00.000Z");

describe("rollUpCosts", () => {
  it("adds runs up per worktree and per day, today apart, without float drift", () => {
    const costs = rollUpCosts(
      [
        { worktreePath: "/r/a", costUsd: 0.1, at: new Date("2026-11-30T09:00:00.000Z") },
        { worktreePath: "/r/a", costUsd: 0.2, at: new Date("2026-11-29T09:00:00.000Z") },
        { worktreePath: "/r/b", costUsd: 0.116168, at: new Date("2026-11-30T10:00:00.000Z") },
        { worktreePath: "/r/b", costUsd: 5, at: new Date("2026-10-01T10:00:00.000Z") },
      ],
      { now, days: 3, dayOf },
    );
    expect(costs.totalUsd).toBe(5.416168);
    expect(costs.todayUsd).toBe(0.216168);
    expect(costs.byDay).toEqual([
      { day: "2026-11-28", usd: 0 },
      { day: "2026-11-29", usd: 0.2 },
      { day: "2026-11-30", usd: 0.216168 },
    ]);
    expect(costs.byWorktree).toEqual([
      { worktreePath: "/r/b", totalUsd: 5.116168, todayUsd: 0.116168, runs: 2 },
      { worktreePath: "/r/a", totalUsd: 0.3, todayUsd: 0.1, runs: 2 },
    ]);
  });

  it("gives zeros, and every day of the window, when nothing ran", () => {
    const costs = rollUpCosts([], { now, days: 2, dayOf });
    expect(costs).toEqual({
      totalUsd: 0,
      todayUsd: 0,
      byWorktree: [],
      byDay: [
        { day: "2026-11-29", usd: 0 },
        { day: "2026-11-30", usd: 0 },
      ],
    });
  });

  it("formats dollars, saying so when a cost is under a cent", () => {
    expect(formatUsd(1.234)).toBe("$1.23");
    expect(formatUsd(0)).toBe("$0.00");
    expect(formatUsd(0.004)).toBe("<$0.01");
  });
});
