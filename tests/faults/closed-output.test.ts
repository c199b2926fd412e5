// Arbor's terminal goes away while it serves (a closed terminal under nohup, a stopped `| tee`): it goes
// on serving, and it does not spin writing the failure to the output that failed.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { callApi } from "@/tests/support/call-api.ts";
import { removeDataDir, startArbor, type RunningArbor } from "@/tests/support/start-arbor.ts";

/** How many write calls the process has made so far (Linux's /proc/<pid>/io). */
function writeCalls(pid: number): number {
  return Number(/^syscw: (\d+)$/m.exec(readFileSync(`/proc/${pid}/io`, "utf8"))![1]);
}

/** The write calls `requests` sequential API reads cost the server. */
async function writesOver(arbor: RunningArbor, requests: number): Promise<number> {
  const before = writeCalls(arbor.child.pid!);
  for (let index = 0; index < requests; index += 1) {
    expect((await callApi(arbor, "/api/team/instances")).status).toBe(200);
  }
  return writeCalls(arbor.child.pid!) - before;
}

describe("a server whose output was closed", () => {
  it("keeps serving, and writes no more than before its output went away", async () => {
    const arbor = await startArbor();
    try {
      const withOutput = await writesOver(arbor, 100);
      arbor.child.stdout!.destroy();
      arbor.child.stderr!.destroy();
      // Arbor prints a new sign-in link on its terminal: that write fails (EPIPE).
      const printed = await callApi(arbor, "/api/sign-in/requests", { method: "POST" });
      expect(printed.status).toBe(202);
      const withoutOutput = await writesOver(arbor, 100);
      // A failed write that is logged to the same output fails again, hundreds of times a second.
      expect(withoutOutput).toBeLessThan(withOutput * 1.5 + 50);
    } finally {
      await arbor.stop();
      removeDataDir(arbor.dataDir);
    }
  });
});
