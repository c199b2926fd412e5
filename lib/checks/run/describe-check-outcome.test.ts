import { describe, expect, it } from "vitest";
import { describeCheckOutcome } from "./describe-check-outcome.ts";
import type { CheckCommandResult } from "./run-check-command.ts";

const check = { name: "unit", command: "npm test", timeoutSeconds: 5 };
const ran: CheckCommandResult = {
  exitCode: 0,
  signal: null,
  isTimedOut: false,
  isCancelled: false,
  spawnError: null,
  output: "",
  droppedBytes: 0,
};

describe("describeCheckOutcome", () => {
  it("reads exit codes, time limits and cancellations as statuses with what to do", () => {
    expect(describeCheckOutcome({ check, result: ran })).toEqual({ status: "passed", message: null });
    expect(describeCheckOutcome({ check, result: { ...ran, exitCode: 2 } })).toEqual({
      status: "failed",
      message: '"unit" failed with exit code 2.',
    });
    expect(describeCheckOutcome({ check, result: { ...ran, exitCode: 127 } }).message).toMatch(/on Arbor's PATH/);
    expect(describeCheckOutcome({ check, result: { ...ran, exitCode: null, isTimedOut: true } })).toMatchObject({
      status: "timed_out",
      message: expect.stringMatching(/within 5 s/),
    });
    expect(describeCheckOutcome({ check, result: ran, isFolderGone: true })).toMatchObject({
      status: "failed",
      message: expect.stringMatching(/removed the folder it ran in/),
    });
    // Cancelled wins over the time limit: the user replaced the run, whatever else happened.
    const both = { ...ran, exitCode: null, isTimedOut: true, isCancelled: true };
    expect(describeCheckOutcome({ check, result: both }).status).toBe("cancelled");
  });
});
