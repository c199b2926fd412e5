// Warm CLIs: a `claude` booted when the chat opens, so Send only writes a line.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { HookEventsBody } from "@/tests/support/api-types.ts";
import { callApi, changeWorktreeHooks } from "@/tests/support/call-api.ts";
import { findProcessesInDir } from "@/tests/support/find-processes.ts";
import { useArborWithRepo } from "@/tests/support/use-arbor-with-repo.ts";

const shared = useArborWithRepo();

const warm = (sessionId: string) =>
  callApi<{ status: string; reason: string | null }>(shared.env.arbor, "/api/chat/warm", { body: { sessionId } });

/** The claude processes running in a worktree (the CLI is a single native process). */
const claudes = (worktreePath: string) =>
  findProcessesInDir(worktreePath).filter((entry) => entry.cmdline.includes("claude"));

async function waitForClaudes(worktreePath: string, count: number): Promise<number[]> {
  await expect.poll(() => claudes(worktreePath).length, { timeout: 20_000 }).toBe(count);
  return claudes(worktreePath).map((entry) => entry.pid);
}

const sessionHeadersOf = (marker: string) =>
  shared.env.mock.requests
    .filter((request) => request.rawBody.includes(marker))
    .map((request) => request.headers["x-claude-code-session-id"]);

describe("warm CLIs", () => {
  it("boots one claude when the chat opens, and the next send is answered by that very process", async () => {
    const { sessionId, worktreePath } = await shared.repo.freshSession("warm");
    expect((await warm(sessionId)).body).toEqual({ status: "started", reason: null });
    const [warmPid] = await waitForClaudes(worktreePath, 1);
    expect((await warm(sessionId)).body.status).toBe("warm");
    expect(claudes(worktreePath).map((entry) => entry.pid)).toEqual([warmPid]);

    const { body } = await shared.send(sessionId, "[[mock:text warm answer]] marker-warm-1");
    expect(body.run.status).toBe("success");
    expect(body.assistantMessage?.content).toBe("warm answer");
    expect(sessionHeadersOf("marker-warm-1")).toEqual([body.run.claudeSessionId]);
    expect(claudes(worktreePath)).toEqual([]);
  });

  it("hook events of a warm claude belong to the run that takes it, its SessionStart from before the send included", async () => {
    const { sessionId, worktreePath } = await shared.repo.freshSession("warm-hooks");
    expect((await changeWorktreeHooks(shared.env.arbor, { repoId: shared.repo.repoId, worktreePath })).status).toBe(
      200,
    );
    const events = async () =>
      (
        await callApi<HookEventsBody>(
          shared.env.arbor,
          `/api/hooks/events?worktreePath=${encodeURIComponent(worktreePath)}`,
        )
      ).body.events;
    expect((await warm(sessionId)).body.status).toBe("started");
    // The warm claude announces itself before any run exists.
    await expect
      .poll(async () => (await events()).map((event) => event.eventName), { timeout: 30_000 })
      .toContain("SessionStart");
    const { body } = await shared.send(sessionId, "[[mock:text hooked answer]]");
    expect(body.run.status).toBe("success");
    await expect
      .poll(async () => (await events()).filter((event) => event.eventName === "Stop").length, { timeout: 30_000 })
      .toBe(1);
    const fromThisSession = (await events()).filter((event) => event.sessionId === body.run.claudeSessionId);
    expect(fromThisSession.map((event) => event.eventName)).toEqual(expect.arrayContaining(["SessionStart", "Stop"]));
    expect(fromThisSession.every((event) => event.runId === body.run.id)).toBe(true);
  });

  it("does not use a warm claude that no longer matches: a changed CLAUDE.md starts a fresh one", async () => {
    const { sessionId, worktreePath } = await shared.repo.freshSession("stale");
    await warm(sessionId);
    const [stalePid] = await waitForClaudes(worktreePath, 1);
    writeFileSync(path.join(worktreePath, "CLAUDE.md"), "# New project memory\n");
    const { body } = await shared.send(sessionId, "[[mock:text fresh answer]] marker-stale-1");
    expect(body.run.status).toBe("success");
    // The stale one was stopped when the send began; its exit may be reaped a moment later.
    await expect.poll(() => findProcessesInDir(worktreePath).some((entry) => entry.pid === stalePid)).toBe(false);
    expect(sessionHeadersOf("marker-stale-1")).toEqual([body.run.claudeSessionId]);
  });

  it("ends warm claudes when settings change, after the idle limit, and beyond the count limit", async () => {
    const first = await shared.repo.freshSession("limits-a");
    await warm(first.sessionId);
    await waitForClaudes(first.worktreePath, 1);
    await callApi(shared.env.arbor, "/api/settings", {
      method: "PUT",
      body: { warmCliMax: 1, warmCliIdleSeconds: 10 },
    });
    await waitForClaudes(first.worktreePath, 0);
    try {
      await warm(first.sessionId);
      await waitForClaudes(first.worktreePath, 1);
      const second = await shared.repo.freshSession("limits-b");
      await warm(second.sessionId);
      await waitForClaudes(second.worktreePath, 1);
      await waitForClaudes(first.worktreePath, 0);
      // Nobody sends: the idle limit ends it.
      await waitForClaudes(second.worktreePath, 0);
    } finally {
      await callApi(shared.env.arbor, "/api/settings", {
        method: "PUT",
        body: { warmCliMax: 3, warmCliIdleSeconds: 300 },
      });
    }
  });

  it("warms nothing when warm CLIs are off, and says why", async () => {
    const { sessionId, worktreePath } = await shared.repo.freshSession("off");
    await callApi(shared.env.arbor, "/api/settings", { method: "PUT", body: { warmCliMax: 0 } });
    try {
      expect((await warm(sessionId)).body).toEqual({ status: "skipped", reason: "warm CLIs are off in Settings" });
      expect(claudes(worktreePath)).toEqual([]);
    } finally {
      await callApi(shared.env.arbor, "/api/settings", { method: "PUT", body: { warmCliMax: 3 } });
    }
  });
});
