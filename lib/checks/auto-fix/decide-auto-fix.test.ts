import { describe, expect, it } from "vitest";
import { decideAutoFix } from "./decide-auto-fix.ts";
import { describeAutoFix, toAutoFixView } from "./auto-fix-view.ts";

const on = { isEnabled: true, maxAttempts: 2, attemptsUsed: 0 };
const failing = {
  state: on,
  statuses: ["passed", "failed"] as const,
  isTrusted: true,
  worktreeState: "idle" as const,
  closure: null,
};

describe("decideAutoFix", () => {
  it("sends while attempts are left, then gives up and asks the user", () => {
    expect(decideAutoFix(failing)).toEqual({ action: "send" });
    expect(decideAutoFix({ ...failing, statuses: ["timed_out"] })).toEqual({ action: "send" });
    expect(decideAutoFix({ ...failing, state: { ...on, attemptsUsed: 1 } })).toEqual({ action: "send" });
    expect(decideAutoFix({ ...failing, state: { ...on, attemptsUsed: 2 } })).toEqual({ action: "give_up" });
  });

  it("never sends when off, passing, superseded, untrusted, held or busy", () => {
    const why = (input: Partial<Parameters<typeof decideAutoFix>[0]>) => {
      const decision = decideAutoFix({ ...failing, ...input });
      return decision.action === "none" ? decision.why : decision.action;
    };
    expect(why({ state: { ...on, isEnabled: false } })).toBe("off");
    expect(why({ statuses: ["passed"] })).toBe("not_failing");
    expect(why({ statuses: [] })).toBe("not_failing");
    expect(why({ statuses: ["failed", "cancelled"] })).toBe("superseded");
    expect(why({ isTrusted: false })).toBe("untrusted");
    expect(why({ closure: "landing" })).toBe("closed");
    expect(why({ worktreeState: "queued" })).toBe("busy");
    expect(why({ worktreeState: "running" })).toBe("busy");
    // Held and out of attempts: nothing is sent, and it is not the automatic fixes that stopped.
    expect(why({ closure: "landing", state: { ...on, attemptsUsed: 2 } })).toBe("closed");
  });
});

describe("toAutoFixView", () => {
  it("counts what is left, and has given up only when on with none left", () => {
    expect(toAutoFixView({ ...on, attemptsUsed: 1 })).toEqual({
      enabled: true,
      maxAttempts: 2,
      attemptsUsed: 1,
      remaining: 1,
      hasGivenUp: false,
    });
    expect(toAutoFixView({ ...on, attemptsUsed: 2 })).toMatchObject({ remaining: 0, hasGivenUp: true });
    expect(toAutoFixView({ ...on, isEnabled: false, attemptsUsed: 2 })).toMatchObject({ hasGivenUp: false });
    // A lowered maximum never shows a negative count.
    expect(toAutoFixView({ ...on, maxAttempts: 1, attemptsUsed: 3 }).remaining).toBe(0);
  });
});

describe("describeAutoFix", () => {
  it("says how many fixes are left, that it is off, or that it stopped", () => {
    const say = (state: typeof on, isFailing = false) => describeAutoFix(toAutoFixView(state), { isFailing });
    expect(say(on)).toBe("2 automatic fixes left");
    expect(say({ ...on, attemptsUsed: 1 }, true)).toBe("1 automatic fix left");
    expect(say({ ...on, attemptsUsed: 2 }, true)).toBe(
      "Stopped after 2 automatic fixes: the checks still fail and need you",
    );
    expect(say({ ...on, attemptsUsed: 2 })).toMatch(/^No automatic fix left: the next failure waits for you/);
    expect(say({ ...on, isEnabled: false })).toMatch(/^Off/);
  });
});
