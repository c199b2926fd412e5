import { describe, expect, it } from "vitest";
import { runnerSlot } from "./runner-slot-fixture.ts";
import { freeRunnerSlots, pickRunner } from "./pick-runner.ts";
import { heartbeatMs, holdsLease } from "./runner-lease.ts";

const runner = runnerSlot;

describe("pickRunner", () => {
  it("spreads nodes: the runner with the most free slots first", () => {
    const picked = pickRunner([runner("a", { busy: 1 }), runner("b", { busy: 0 })]);
    expect(picked?.label).toBe("b");
  });

  it("never picks a runner that is full or whose lease ran out", () => {
    expect(pickRunner([runner("a", { busy: 2 }), runner("b", { isAlive: false })])).toBeNull();
    expect(pickRunner([runner("a", { busy: 2 }), runner("b", { busy: 1 })])?.label).toBe("b");
  });

  it("breaks ties toward this instance, then by label", () => {
    expect(pickRunner([runner("z"), runner("y", { isLocal: true })])?.label).toBe("y");
    expect(pickRunner([runner("z"), runner("m")])?.label).toBe("m");
  });

  it("counts free slots of live runners only, a busy count over the slots as none", () => {
    expect(freeRunnerSlots([runner("a", { busy: 3 }), runner("b", { busy: 1 }), runner("c", { isAlive: false })])).toBe(
      1,
    );
  });
});

describe("the runner lease", () => {
  it("is held strictly within the lease", () => {
    const lastSeenAt = new Date("2026-12-03T10:00:00Z");
    expect(holdsLease({ lastSeenAt, now: new Date("2026-12-03T10:00:29.999Z"), leaseMs: 30_000 })).toBe(true);
    expect(holdsLease({ lastSeenAt, now: new Date("2026-12-03T10:00:30Z"), leaseMs: 30_000 })).toBe(false);
  });

  it("is renewed three times a lease, never more often than every second", () => {
    expect(heartbeatMs(30_000)).toBe(10_000);
    expect(heartbeatMs(2_000)).toBe(1_000);
  });
});
