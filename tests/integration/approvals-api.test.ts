// The agent asks, the user answers: approvals through Arbor's API with the real CLI (mock model).
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { PermissionRuleView } from "@/lib/approvals/permission-rules.ts";
import type { ApprovalView } from "@/lib/realtime/approval-view.ts";
import type { ServerMessage } from "@/lib/realtime/protocol.ts";
import { signInWithLink } from "@/tests/support/browser-credential.ts";
import { callApi, retryChat } from "@/tests/support/call-api.ts";
import { findProcessesInDir } from "@/tests/support/find-processes.ts";
import { useArborWithRepo } from "@/tests/support/use-arbor-with-repo.ts";
import { connectWs } from "@/tests/support/ws-client.ts";
import type { ArborAddress } from "@/tests/support/start-arbor.ts";
import { itOnSqliteOnly } from "@/tests/support/engine-tests.ts";

const shared = useArborWithRepo();

/** The request the session's run waits on, once the CLI has asked (the first not yet seen). */
async function nextPending(sessionId: string, seen: string[] = []): Promise<ApprovalView> {
  let found: ApprovalView | undefined;
  await expect
    .poll(
      async () => {
        const { body } = await callApi<{ approvals: ApprovalView[] }>(
          shared.env.arbor,
          `/api/approvals?sessionId=${sessionId}`,
        );
        found = body.approvals.find((approval) => !seen.includes(approval.id));
        return found?.status;
      },
      { timeout: 30_000 },
    )
    .toBe("pending");
  return found!;
}

/** Answers as the harness's signed-in browser, or as `arbor` (another browser); a `by` in the body is ignored. */
const answer = (approvalId: string, decision: unknown, arbor: ArborAddress = shared.env.arbor) =>
  callApi<{ approval: ApprovalView; error?: { message: string } }>(arbor, `/api/approvals/${approvalId}`, {
    body: { decision, by: "forged name" },
  });

describe("approvals", () => {
  itOnSqliteOnly("shows an Edit as before/after, and the file changes once it is allowed", async () => {
    const { sessionId, worktreePath } = await shared.repo.freshSession("edit");
    writeFileSync(path.join(worktreePath, "notes.txt"), "one\ntwo\n");
    const sending = shared.send(sessionId, "[[mock:edit notes.txt two => TWO]]");
    const pending = await nextPending(sessionId);
    expect(pending).toMatchObject({ kind: "tool", toolName: "Edit", reason: null });
    expect(pending.preview).toMatchObject({ before: "one\ntwo\n", after: "one\nTWO\n", note: null });
    expect((await answer(pending.id, { action: "allow_once" })).status).toBe(200);
    const { body } = await sending;
    expect(body.run.status).toBe("success");
    expect(readFileSync(path.join(worktreePath, "notes.txt"), "utf8")).toBe("one\nTWO\n");
    // Its checkpoints differ, so the answer offers "Changes by this run".
    expect(body.run.changedWorktree).toBe(true);
  });

  it("lets the first of two simultaneous answers win; the other learns who answered and nothing changes", async () => {
    const { sessionId, worktreePath } = await shared.repo.freshSession("race");
    const sending = shared.send(sessionId, "[[mock:bash echo raced > raced.txt]]");
    const pending = await nextPending(sessionId);
    const otherBrowser = {
      ...shared.env.arbor,
      browser: await signInWithLink(await shared.env.arbor.mintSignInLink()),
    };
    const [first, second] = await Promise.all([
      answer(pending.id, { action: "allow_once" }),
      answer(pending.id, { action: "deny", message: "no" }, otherBrowser),
    ]);
    const statuses = [first.status, second.status].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = first.status === 409 ? first : second;
    // Named by the server from the winner's sign-in, never by the name the request carried.
    expect(loser.body.error?.message).toMatch(/already answered by A browser · [0-9a-f]{4}/);
    expect(loser.body.error?.message).not.toMatch(/forged/);
    const { body } = await sending;
    expect(body.run.status).toBe("success");
    const winner = first.status === 200 ? "allowed" : "denied";
    expect(existsSync(path.join(worktreePath, "raced.txt"))).toBe(winner === "allowed");
    // Read from its checkpoints, not guessed from the Bash it asked for.
    expect(body.run.changedWorktree).toBe(winner === "allowed");
    expect((await answer(pending.id, { action: "allow_once" })).status).toBe(409);
  });

  itOnSqliteOnly("answers 404 for a request that does not exist, with a message", async () => {
    const missing = await answer("00000000-0000-4000-8000-000000000000", { action: "allow_once" });
    expect(missing.status).toBe(404);
    expect(missing.body.error?.message).toMatch(/no longer exists/);
    const malformed = await callApi(shared.env.arbor, "/api/approvals/x", { body: { decision: { action: "maybe" } } });
    expect(malformed.status).toBe(422);
  });

  itOnSqliteOnly(
    "'Allow always' for a command saves a rule: the next identical command runs without asking",
    async () => {
      const { sessionId, worktreePath } = await shared.repo.freshSession("always");
      const first = shared.send(sessionId, "[[mock:bash node -e 'console.log(40 + 2)']]");
      const pending = await nextPending(sessionId);
      expect(pending.alwaysRules).toEqual([{ toolName: "Bash", ruleContent: expect.stringContaining("node -e") }]);
      expect((await answer(pending.id, { action: "allow_always", scope: "worktree" })).status).toBe(200);
      expect((await first).body.run.status).toBe("success");
      const rules = await callApi<{ rules: PermissionRuleView[] }>(
        shared.env.arbor,
        `/api/permission-rules?repoId=${shared.repo.repoId}&worktreePath=${encodeURIComponent(worktreePath)}`,
      );
      expect(rules.body.rules).toMatchObject([{ scope: "worktree", toolName: "Bash" }]);

      const second = await shared.send(sessionId, "[[mock:bash node -e 'console.log(40 + 2)']]");
      expect(second.body.run.status).toBe("success");
      // A Bash that only printed changed nothing: no "Changes by this run" under its answer.
      expect(second.body.run.changedWorktree).toBe(false);
      const all = await callApi<{ approvals: ApprovalView[] }>(
        shared.env.arbor,
        `/api/approvals?sessionId=${sessionId}&status=all`,
      );
      expect(all.body.approvals).toHaveLength(1);

      const removed = await callApi(shared.env.arbor, `/api/permission-rules/${rules.body.rules[0]!.id}`, {
        method: "DELETE",
      });
      expect(removed.status).toBe(200);
      const third = shared.send(sessionId, "[[mock:bash node -e 'console.log(40 + 2)']]");
      const asked = await nextPending(sessionId, [pending.id]);
      expect((await answer(asked.id, { action: "deny" })).status).toBe(200);
      expect((await third).body.run.status).toBe("success");
    },
  );

  itOnSqliteOnly(
    "answers an AskUserQuestion and approves a plan, refusing Bypass in an untrusted repository",
    async () => {
      const { sessionId, worktreePath } = await shared.repo.freshSession("ask");
      const asking = shared.send(sessionId, "[[mock:ask Which database?|SQLite|PostgreSQL]]");
      const question = await nextPending(sessionId);
      expect(question).toMatchObject({ kind: "question", alwaysRules: null });
      expect((await answer(question.id, { action: "answer", answers: {} })).status).toBe(422);
      expect((await answer(question.id, { action: "allow_once" })).status).toBe(422);
      expect(
        (await answer(question.id, { action: "answer", answers: { "Which database?": "PostgreSQL" } })).status,
      ).toBe(200);
      expect((await asking).body.assistantMessage?.content).toContain('"Which database?"="PostgreSQL"');

      const mode = await callApi(shared.env.arbor, "/api/worktree-mode", {
        method: "PUT",
        body: { repoId: shared.repo.repoId, worktreePath, mode: "plan" },
      });
      expect(mode.status).toBe(200);
      const planning = shared.send(sessionId, "[[mock:plan # Plan\\n1. Add the table]]");
      const plan = await nextPending(sessionId, [question.id]);
      expect(plan).toMatchObject({ kind: "plan", input: { plan: "# Plan\n1. Add the table" } });
      const bypass = await answer(plan.id, { action: "approve_plan", mode: "bypassPermissions" });
      expect(bypass.status).toBe(422);
      expect(bypass.body.error?.message).toMatch(/trusted repository/);
      const modeNow = async () =>
        (
          await callApi<{ mode: string }>(
            shared.env.arbor,
            `/api/worktree-mode?repoId=${shared.repo.repoId}&worktreePath=${encodeURIComponent(worktreePath)}`,
          )
        ).body.mode;
      // The refused answer changed nothing.
      expect(await modeNow()).toBe("plan");
      expect((await answer(plan.id, { action: "approve_plan", mode: "acceptEdits" })).status).toBe(200);
      expect((await planning).body.assistantMessage?.content).toContain("User has approved your plan");
      // The worktree's next runs continue in the mode the plan was approved into, not in Plan again.
      expect(await modeNow()).toBe("acceptEdits");
    },
  );

  itOnSqliteOnly("denies a request nobody answers in time, and the model is told why", async () => {
    await callApi(shared.env.arbor, "/api/settings", { method: "PUT", body: { approvalTimeoutSeconds: 5 } });
    try {
      const { sessionId } = await shared.repo.freshSession("timeout");
      const { body } = await shared.send(sessionId, "[[mock:bash echo late > late.txt]]");
      expect(body.run.status).toBe("success");
      expect(body.run.tools[0]?.result?.content).toMatch(/Nobody answered within 5 s/);
      const all = await callApi<{ approvals: ApprovalView[] }>(
        shared.env.arbor,
        `/api/approvals?sessionId=${sessionId}&status=all`,
      );
      expect(all.body.approvals[0]).toMatchObject({ status: "expired", outcome: "No answer within 5 s: denied" });
    } finally {
      await callApi(shared.env.arbor, "/api/settings", { method: "PUT", body: { approvalTimeoutSeconds: 1800 } });
    }
  });

  itOnSqliteOnly(
    "Stop while a card is open withdraws it and ends the run cancelled, with no process left",
    async () => {
      const { sessionId, worktreePath } = await shared.repo.freshSession("stop");
      const sending = shared.send(sessionId, "[[mock:bash echo stopped > stopped.txt]]");
      const pending = await nextPending(sessionId);
      expect((await callApi(shared.env.arbor, "/api/chat/cancel", { body: { runId: pending.runId } })).status).toBe(
        200,
      );
      const { body } = await sending;
      expect(body.run.status).toBe("cancelled");
      const all = await callApi<{ approvals: ApprovalView[] }>(
        shared.env.arbor,
        `/api/approvals?sessionId=${sessionId}&status=all`,
      );
      expect(all.body.approvals[0]?.status).toBe("withdrawn");
      expect((await answer(pending.id, { action: "allow_once" })).status).toBe(409);
      await expect.poll(() => findProcessesInDir(worktreePath)).toEqual([]);
      expect(existsSync(path.join(worktreePath, "stopped.txt"))).toBe(false);
    },
  );

  itOnSqliteOnly(
    "replays a waiting request to a browser that reconnects, and publishes 'waiting' for the worktree",
    async () => {
      const { sessionId } = await shared.repo.freshSession("replay");
      const watcher = await connectWs(shared.env.arbor);
      watcher.send({ type: "subscribe_repo", repoId: shared.repo.repoId });
      const sending = shared.send(sessionId, "[[mock:bash echo again > again.txt]]");
      const pending = await nextPending(sessionId);
      await watcher.waitFor((message) => message.type === "worktree_activity" && message.state === "waiting");
      watcher.close();
      const reconnected = await connectWs(shared.env.arbor);
      reconnected.send({ type: "subscribe_session", sessionId, afterSeq: {} });
      const replayed = await reconnected.waitFor(
        (message: ServerMessage) => message.type === "run_event" && message.event.kind === "approval_requested",
      );
      expect(replayed).toMatchObject({ event: { approval: { id: pending.id, status: "pending" } } });
      expect((await answer(pending.id, { action: "deny" })).status).toBe(200);
      await reconnected.waitFor(
        (message) =>
          message.type === "run_event" &&
          message.event.kind === "approval_resolved" &&
          message.event.status === "denied",
      );
      await sending;
      reconnected.close();
    },
  );

  itOnSqliteOnly(
    "'Allow and retry' runs the same message again with the refused tool allowed for that run only",
    async () => {
      const { sessionId, worktreePath } = await shared.repo.freshSession("retry");
      const first = shared.send(
        sessionId,
        '[[mock:bash node -e \'require("fs").writeFileSync("retried.txt", "ok")\']]',
      );
      const pending = await nextPending(sessionId);
      await answer(pending.id, { action: "deny" });
      const denied = (await first).body;
      expect(denied.run.permissionDenials).toMatchObject([{ toolName: "Bash" }]);
      expect(existsSync(path.join(worktreePath, "retried.txt"))).toBe(false);

      const retried = await retryChat(shared.env.arbor, {
        runId: denied.run.id,
        allowTools: [{ toolName: "Bash", ruleContent: null }],
      });
      expect(retried.body.run.status).toBe("success");
      expect(readFileSync(path.join(worktreePath, "retried.txt"), "utf8")).toBe("ok");
      const all = await callApi<{ approvals: ApprovalView[] }>(
        shared.env.arbor,
        `/api/approvals?sessionId=${sessionId}&status=all`,
      );
      expect(all.body.approvals).toHaveLength(1);
      const unsafe = await callApi(shared.env.arbor, "/api/chat/retry", {
        body: { runId: denied.run.id, allowTools: [{ toolName: "--dangerously-skip-permissions", ruleContent: null }] },
      });
      expect(unsafe.status).toBe(422);
    },
  );

  itOnSqliteOnly("a CLI that dies while a card waits ends the run as crashed and closes the card", async () => {
    const { sessionId, worktreePath } = await shared.repo.freshSession("crash");
    const sending = shared.send(sessionId, "[[mock:bash echo crash > crash.txt]]");
    const pending = await nextPending(sessionId);
    const claude = findProcessesInDir(worktreePath).find((entry) => entry.cmdline.includes("claude"));
    expect(claude).toBeDefined();
    process.kill(claude!.pid, "SIGKILL");
    const { body } = await sending;
    expect(body.run).toMatchObject({ status: "failed", errorKind: "crashed" });
    const all = await callApi<{ approvals: ApprovalView[] }>(
      shared.env.arbor,
      `/api/approvals?sessionId=${sessionId}&status=all`,
    );
    expect(all.body.approvals.find((approval) => approval.id === pending.id)?.status).toBe("closed");
    expect((await answer(pending.id, { action: "allow_once" })).status).toBe(409);
  });
});
