import { describe, expect, it } from "vitest";
import { createLiveRun } from "@/components/realtime/apply-run-event.ts";
import type { LiveRun } from "@/components/realtime/live-run-types.ts";
import type { ApprovalView } from "@/lib/realtime/approval-view.ts";
import { describeRunPulse } from "./run-pulse.ts";

const run = (overrides: Partial<LiveRun>): LiveRun => ({
  ...createLiveRun({ runId: "r", at: 0 }),
  seq: 1,
  ...overrides,
});

describe("a running answer's sign of life", () => {
  it("shows elapsed time in whole seconds and the last activity", () => {
    const pulse = describeRunPulse({
      run: run({ lastAt: 64_000, lastActivity: "running Bash" }),
      now: 65_400,
      silenceMs: 120_000,
    });
    expect(pulse).toEqual({ line: "1 min 5 s · running Bash", silentFor: null });
    expect(describeRunPulse({ run: run({}), now: 300, silenceMs: 1000 }).line).toBe("0 s · starting");
  });

  it("says how long the run has been silent once past the threshold", () => {
    const pulse = describeRunPulse({ run: run({ lastAt: 10_000 }), now: 130_000, silenceMs: 120_000 });
    expect(pulse.silentFor).toBe("2 min");
    expect(describeRunPulse({ run: run({ lastAt: 10_000 }), now: 129_999, silenceMs: 120_000 }).silentFor).toBeNull();
  });

  it("does not call waiting for the user silence", () => {
    const pending = { id: "a", status: "pending" } as ApprovalView;
    const pulse = describeRunPulse({ run: run({ approvals: [pending] }), now: 999_000, silenceMs: 1000 });
    expect(pulse.silentFor).toBeNull();
  });
});
