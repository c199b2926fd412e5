import { spawn } from "node:child_process";
import { once } from "node:events";
import { describe, expect, it } from "vitest";
import { isProcessAlive, markOf, parseProcStat } from "./process-mark.ts";

describe("parseProcStat", () => {
  it("reads the state and start time past a process name holding spaces and parentheses", () => {
    const text = "4242 (node (x) y) S 1 4242 4242 0 -1 4194560 9 0 0 0 1 2 0 0 20 0 11 0 618195 1 2\n";
    expect(parseProcStat(text)).toEqual({ state: "S", startedAt: "618195" });
  });

  it("gives null for a line it cannot read", () => {
    expect(parseProcStat("garbage")).toBeNull();
  });
});

describe("isProcessAlive", () => {
  it("knows this process, and not a process of the same pid started at another time (a reused pid)", () => {
    const mark = markOf(process.pid);
    expect(isProcessAlive(mark)).toBe(true);
    if (mark.startedAt !== undefined) expect(isProcessAlive({ ...mark, startedAt: "1" })).toBe(false);
  });

  it("knows a process that exited is gone", async () => {
    const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
    const mark = markOf(child.pid!);
    await once(child, "exit");
    expect(isProcessAlive(mark)).toBe(false);
  });
});
