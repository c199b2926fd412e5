import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cancelCheckRun, debounceCheckRun, type CheckRequest, type PendingCheckRun } from "./check-debouncer.ts";

type Finished = () => void;

describe("debounceCheckRun", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const setUp = () => {
    const pending = new Map<string, PendingCheckRun<Finished>>();
    const fired: Array<CheckRequest<Finished>> = [];
    const ask = (request: Partial<CheckRequest<Finished>>, delayMs: number, key = "w") =>
      debounceCheckRun({
        pending,
        key,
        request: { isEditOnly: true, isBusy: () => false, onFinished: undefined, ...request },
        delayMs,
        fire: (merged) => fired.push(merged),
      });
    return { pending, fired, ask };
  };

  it("runs once for a burst of edits, after the last one has been quiet for the whole delay", () => {
    const { fired, ask, pending } = setUp();
    ask({}, 2000);
    vi.advanceTimersByTime(1500);
    ask({}, 2000);
    vi.advanceTimersByTime(1500);
    ask({}, 2000);
    vi.advanceTimersByTime(1999);
    expect(fired).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(fired).toHaveLength(1);
    expect(fired[0]!.isEditOnly).toBe(true);
    expect(pending.size).toBe(0);
    ask({}, 2000, "other");
    vi.advanceTimersByTime(2000);
    expect(fired).toHaveLength(2);
  });

  it("keeps a Claude run's unconditional run and its auto-fix when an edit comes in the same quiet period", () => {
    const { fired, ask } = setUp();
    const autoFix: Finished = () => {};
    ask({ isEditOnly: false, onFinished: autoFix }, 750);
    vi.advanceTimersByTime(500);
    ask({}, 2000);
    vi.advanceTimersByTime(2000);
    expect(fired).toEqual([expect.objectContaining({ isEditOnly: false, onFinished: autoFix })]);
    // The other way round too: the later Claude run decides.
    ask({}, 2000);
    ask({ isEditOnly: false, onFinished: autoFix }, 750);
    vi.advanceTimersByTime(750);
    expect(fired[1]).toMatchObject({ isEditOnly: false, onFinished: autoFix });
  });

  it("drops a cancelled run", () => {
    const { fired, ask, pending } = setUp();
    ask({}, 2000);
    cancelCheckRun(pending, "w");
    vi.advanceTimersByTime(5000);
    expect(fired).toEqual([]);
    expect(pending.size).toBe(0);
  });
});
