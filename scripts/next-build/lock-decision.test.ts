import { describe, expect, it } from "vitest";
import { judgeHeldLock, parseLockHolder, type LockHolder } from "./lock-decision.ts";
import type { ProcessMark } from "./process-mark.ts";

const holder: LockHolder = { pid: 100, startedAt: "5000", since: 1, child: { pid: 200, startedAt: "5001" } };
const aliveOnly =
  (...pids: number[]) =>
  (mark: ProcessMark) =>
    pids.includes(mark.pid);

describe("judgeHeldLock", () => {
  it("waits for a holder that runs, naming its pid", () => {
    expect(judgeHeldLock(holder, aliveOnly(100, 200))).toEqual({ action: "wait", pid: 100 });
  });

  it("waits for the holder's `next build` when only the holder was killed (it still writes the build)", () => {
    expect(judgeHeldLock(holder, aliveOnly(200))).toEqual({ action: "wait", pid: 200 });
  });

  it("takes over once the holder and its build are both gone", () => {
    expect(judgeHeldLock(holder, aliveOnly())).toEqual({
      action: "take-over",
      reason: "process 100 that held it is gone",
    });
    expect(judgeHeldLock({ pid: 100, since: 1 }, aliveOnly(200))).toMatchObject({ action: "take-over" });
  });

  it("takes over a lock file that cannot be read (it is always written whole)", () => {
    expect(judgeHeldLock(null, aliveOnly(100))).toEqual({ action: "take-over", reason: "the lock file is unreadable" });
  });
});

describe("parseLockHolder", () => {
  it("reads what the lock holds", () => {
    expect(parseLockHolder(JSON.stringify(holder))).toEqual(holder);
  });

  it.each([
    ["empty", ""],
    ["not JSON", "{pid: 1"],
    ["no pid", '{"since":1}'],
    ["pid 0", '{"pid":0,"since":1}'],
    ["no time", '{"pid":5}'],
    ["bad child", '{"pid":5,"since":1,"child":{"pid":"x"}}'],
    ["null", "null"],
  ])("gives null for %s", (_name, text) => {
    expect(parseLockHolder(text)).toBeNull();
  });
});
