import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { callApi } from "@/tests/support/call-api.ts";
import { findProcessesInDir } from "@/tests/support/find-processes.ts";
import { startArbor } from "@/tests/support/start-arbor.ts";
import { useArborWithRepo } from "@/tests/support/use-arbor-with-repo.ts";

const shared = useArborWithRepo({ serverEnv: { ARBOR_AGENT_NICENESS: "7" } });

/** The nice value of a process: the 19th field of /proc/<pid>/stat (the 17th after the command's name). */
function niceOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]);
}

describe("ARBOR_AGENT_NICENESS", () => {
  it("sets how far below other programs Claude's processes run, their autogroup included", async () => {
    const { sessionId, worktreePath } = await shared.repo.freshSession("niceness");
    await callApi(shared.env.arbor, "/api/chat/warm", { body: { sessionId } });
    const claudes = () => findProcessesInDir(worktreePath).filter((entry) => entry.cmdline.includes("claude"));
    await expect.poll(() => claudes().length, { timeout: 20_000 }).toBe(1);
    const [claude] = claudes();
    expect(niceOf(claude!.pid)).toBe(7);
    expect(readFileSync(`/proc/${claude!.pid}/autogroup`, "utf8")).toMatch(/ nice 7$/m);
  });

  it("refuses to start with a value out of range, saying which variable and what it takes", async () => {
    await expect(startArbor({ env: { ARBOR_AGENT_NICENESS: "25" } })).rejects.toThrow(
      /Invalid configuration ARBOR_AGENT_NICENESS: ARBOR_AGENT_NICENESS must be a whole number from 0 to 19/,
    );
  });
});
