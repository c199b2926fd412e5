import { spawn } from "node:child_process";
import { once } from "node:events";
import { describe, expect, it } from "vitest";
import { killProcessGroup, killProcessGroupQuietly } from "./kill-process-group.ts";

describe("killProcessGroup", () => {
  it("refuses pids that would signal every process or the caller's own group", () => {
    for (const pid of [0, 1, -1, -200, Number.NaN, 1.5]) expect(() => killProcessGroup(pid)).toThrow(/Refusing/);
  });

  it("kills a detached group and reports false once it is gone", async () => {
    const child = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { detached: true, stdio: "ignore" });
    const pid = child.pid;
    if (pid === undefined) throw new Error("spawn failed");
    const exited = once(child, "exit");
    expect(killProcessGroup(pid, "SIGKILL")).toBe(true);
    const [code, signal] = await exited;
    expect({ code, signal }).toEqual({ code: null, signal: "SIGKILL" });
    expect(killProcessGroup(pid, "SIGKILL")).toBe(false);
  });

  it("quietly: kills a group, and ignores one that is gone or a pid it must refuse", async () => {
    const child = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { detached: true, stdio: "ignore" });
    const pid = child.pid;
    if (pid === undefined) throw new Error("spawn failed");
    const exited = once(child, "exit");
    killProcessGroupQuietly(pid);
    const [, signal] = await exited;
    expect(signal).toBe("SIGKILL");
    expect(() => killProcessGroupQuietly(pid)).not.toThrow();
    expect(() => killProcessGroupQuietly(1)).not.toThrow();
  });
});
