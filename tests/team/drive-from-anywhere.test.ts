import { existsSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { ApprovalView } from "@/lib/realtime/approval-view.ts";
import type { InstanceView } from "@/lib/team/instances.ts";
import type { CancelBody, ErrorBody, MessagesBody } from "@/tests/support/api-types.ts";
import { callApi, openSession, sendChat, trustRepo } from "@/tests/support/call-api.ts";
import { forgeCommand, localInstanceId } from "@/tests/support/forge-command.ts";
import { withAdmin } from "@/tests/support/test-database.ts";
import { useTwoInstances } from "@/tests/support/use-two-instances.ts";
import { connectSessionWs } from "@/tests/support/ws-client.ts";
import { waitForPendingApproval } from "@/tests/support/pending-approval.ts";

/**
 * Drive from anywhere: two Arbor servers on one PostgreSQL database. The owner holds the
 * repositories and runs the real claude CLI against the mock model; the other instance sends,
 * answers approvals and stops runs there through its own API, and the owner runs them as its own.
 */
const team = useTwoInstances({ key: "drive", repoCount: 2 });
const { skipReason } = team;
const title = "driving another instance's agents";

beforeAll(async () => {
  if (!skipReason) await trustRepo(team.owner.arbor, team.repos[0]!.repoId);
});

const messagesOf = async (sessionId: string) =>
  (await callApi<MessagesBody>(team.other, `/api/chat/messages?sessionId=${sessionId}`)).body.messages.map((m) => [
    m.role,
    m.content,
  ]);

const modelRequestsWith = (text: string) =>
  team.owner.mock.requests.filter((request) => JSON.stringify(request.body).includes(text)).length;

describe.skipIf(skipReason)(skipReason ? `${title} (skipped: ${skipReason})` : title, () => {
  it("runs a send from the other instance on the owner, streams it back token by token and stores it once", async () => {
    const worktreePath = await team.repos[0]!.addWorktree("afar");
    const sessionId = await openSession(team.owner.arbor, { repoId: team.repos[0]!.repoId, worktreePath });
    const watcher = await connectSessionWs(team.other, { repoId: team.repos[0]!.repoId, sessionId });

    // The other instance's own API, as for a worktree of its own: 202, then the run followed to its end there.
    const sent = await sendChat(team.other, { sessionId, userMessage: "From afar [[mock:slow 40]]" });
    expect(sent.status).toBe(200);
    expect(sent.body.run.status).toBe("success");
    expect(sent.body.assistantMessage?.content.length).toBeGreaterThan(0);
    await watcher.waitFor((m) => m.type === "worktree_activity" && m.sessionId === sessionId && m.state === "running");
    // Token by token, as the owner's own page sees them, then the end.
    const events = watcher.messages.flatMap((m) =>
      m.type === "run_event" && m.runId === sent.body.run.id ? [m.event] : [],
    );
    const streamed = events.flatMap((event) => (event.kind === "text_delta" ? [event.text] : []));
    expect(streamed.length).toBeGreaterThan(3);
    expect(streamed.join("")).toBe(sent.body.assistantMessage!.content);
    await watcher.waitFor((m) => m.type === "run_event" && m.runId === sent.body.run.id && m.event.kind === "finished");
    watcher.close();

    // Stored once, asked of the model once, and the same on both instances.
    expect(await messagesOf(sessionId)).toEqual([
      ["user", "From afar [[mock:slow 40]]"],
      ["assistant", sent.body.assistantMessage!.content],
    ]);
    expect(modelRequestsWith("From afar")).toBe(1);
    const onOwner = await callApi<MessagesBody>(team.owner.arbor, `/api/chat/messages?sessionId=${sessionId}`);
    expect(onOwner.body.messages).toHaveLength(2);
  });

  it("unblocks the owner's agent with an approval answered on the other instance, naming who and where", async () => {
    const worktreePath = await team.repos[0]!.addWorktree("approve");
    const sessionId = await openSession(team.owner.arbor, { repoId: team.repos[0]!.repoId, worktreePath });
    const sending = sendChat(team.other, { sessionId, userMessage: "[[mock:bash echo far > far.txt]]" });
    const pending = await waitForPendingApproval(team.other, sessionId);
    expect(pending).toMatchObject({ toolName: "Bash" });

    // An API client's token only reads, here as on the owner: only a signed-in browser answers.
    const asClient = await callApi<ErrorBody>(team.other, `/api/approvals/${pending.id}`, {
      body: { decision: { action: "allow_once" } },
      as: "api-client",
    });
    expect(asClient.status).toBe(403);
    expect(asClient.body.error.message).toContain("signed-in browser");

    const answered = await callApi<{ approval: ApprovalView }>(team.other, `/api/approvals/${pending.id}`, {
      body: { decision: { action: "allow_once" }, by: "forged name" },
    });
    expect(answered.status).toBe(200);
    expect(answered.body.approval.status).toBe("allowed");
    const remoteLabel = (
      await callApi<{ instances: InstanceView[] }>(team.other, "/api/team/instances")
    ).body.instances.find((instance) => instance.isLocal)!.label;
    expect(answered.body.approval.answeredBy).toMatch(/^A browser · [0-9a-f]{4} on Arbor "/);
    expect(answered.body.approval.answeredBy).toContain(remoteLabel);

    const { body } = await sending;
    expect(body.run.status).toBe("success");
    expect(existsSync(path.join(worktreePath, "far.txt"))).toBe(true);
    // The first answer won: a second, from the owner's own browser, is told so.
    const late = await callApi<ErrorBody>(team.owner.arbor, `/api/approvals/${pending.id}`, {
      body: { decision: { action: "deny" } },
    });
    expect(late.status).toBe(409);
  });

  it("stops the owner's running answer from the other instance, and retries it", async () => {
    const worktreePath = await team.repos[0]!.addWorktree("stop");
    const sessionId = await openSession(team.owner.arbor, { repoId: team.repos[0]!.repoId, worktreePath });
    const accepted = await callApi<{ run: { id: string } }>(team.other, "/api/chat/send", {
      body: { sessionId, userMessage: "Never ends [[mock:hang]]" },
    });
    expect(accepted.status).toBe(202);
    await team.owner.mock.waitForRequest((request) => request.rawBody.includes("Never ends"), { timeoutMs: 60_000 });
    const stopped = await callApi<CancelBody>(team.other, "/api/chat/cancel", {
      body: { runId: accepted.body.run.id },
    });
    expect(stopped.status).toBe(200);
    expect(stopped.body).toMatchObject({ ok: true, wasActive: true });
    const ended = await callApi<{ run: { status: string } }>(
      team.other,
      `/api/chat/runs/${accepted.body.run.id}?wait=1`,
    );
    expect(ended.body.run.status).toBe("cancelled");

    // Retried from the other instance: the owner queues a new run of the same message.
    const retried = await callApi<{ run: { id: string } }>(team.other, "/api/chat/retry", {
      body: { runId: accepted.body.run.id },
    });
    expect(retried.status).toBe(202);
    expect(retried.body.run.id).not.toBe(accepted.body.run.id);
    await expect.poll(() => modelRequestsWith("Never ends"), { timeout: 60_000 }).toBe(2);
    const again = await callApi<CancelBody>(team.other, "/api/chat/cancel", { body: { runId: retried.body.run.id } });
    expect(again.body).toMatchObject({ ok: true, wasActive: true });
  });

  it("takes no work for a repository its owner has not trusted: refused with what to do, nothing stored or run", async () => {
    const worktreePath = await team.repos[1]!.addWorktree("refused");
    const sessionId = await openSession(team.owner.arbor, { repoId: team.repos[1]!.repoId, worktreePath });
    const refused = await callApi<ErrorBody>(team.other, "/api/chat/send", {
      body: { sessionId, userMessage: "Not reviewed" },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toMatch(/has not trusted this repository.*trust the repository on /);
    expect(await messagesOf(sessionId)).toEqual([]);
    expect(modelRequestsWith("Not reviewed")).toBe(0);
  });
});

// It kills the owner and starts it again.
describe.skipIf(skipReason)(
  skipReason ? `an owner that is gone (skipped: ${skipReason})` : "an owner that is gone",
  () => {
    it("says the owner did not take the request, and nothing is stored or run later", async () => {
      const worktreePath = await team.repos[0]!.addWorktree("gone");
      const sessionId = await openSession(team.owner.arbor, { repoId: team.repos[0]!.repoId, worktreePath });
      await team.owner.arbor.kill9();
      const refused = await callApi<ErrorBody>(team.other, "/api/chat/send", {
        body: { sessionId, userMessage: "Nobody home" },
      });
      expect(refused.status).toBe(503);
      expect(refused.body.error.message).toMatch(/did not take the request in time.*Nothing was done there/);
      // Withdrawn from the queue: the owner's next start does not run it either.
      await team.owner.restart();
      const health = await callApi(team.owner.arbor, "/api/team/instances");
      expect(health.status).toBe(200);
      expect(await messagesOf(sessionId)).toEqual([]);
      expect(modelRequestsWith("Nobody home")).toBe(0);
    }, 90_000);
  },
);

describe.skipIf(skipReason)(
  skipReason ? `commands forged in the database (skipped: ${skipReason})` : "commands forged in the database",
  () => {
    /** A job written straight into the owner's queue, as anyone with the database's password could. */
    const forge = async (data: unknown) =>
      forgeCommand(team.databaseUrl, await localInstanceId(team.owner.arbor), data);

    it("refuses a command from no instance of the database, one from the owner itself, and a malformed one", async () => {
      const worktreePath = await team.repos[0]!.addWorktree("forged");
      const sessionId = await openSession(team.owner.arbor, { repoId: team.repos[0]!.repoId, worktreePath });
      const send = { kind: "send", sessionId, userMessage: "Forged send" };
      const stranger = await forge({ from: "no-such-instance", by: "someone", command: send });
      expect(stranger.status).toBe(403);
      expect(stranger.body.error.message).toContain("does not come from another Arbor of this database");

      const ownerId = await localInstanceId(team.owner.arbor);
      const itself = await forge({ from: ownerId, by: "someone", command: send });
      expect(itself.status).toBe(403);

      const malformed = await forge({ from: ownerId, by: "someone", command: { kind: "run_shell", line: "id" } });
      expect(malformed.status).toBe(422);
      expect(await messagesOf(sessionId)).toEqual([]);
      expect(modelRequestsWith("Forged send")).toBe(0);
    });

    it("runs nothing for an untrusted repository even from a real instance's id, and never takes a permission mode", async () => {
      const worktreePath = await team.repos[1]!.addWorktree("forged-untrusted");
      const sessionId = await openSession(team.owner.arbor, { repoId: team.repos[1]!.repoId, worktreePath });
      const remoteId = await localInstanceId(team.other);
      const forged = await forge({
        from: remoteId,
        by: "someone",
        command: { kind: "send", sessionId, userMessage: "Forged into untrusted", permissionMode: "bypassPermissions" },
      });
      expect(forged.status).toBe(403);
      expect(forged.body.error.message).toContain("has not trusted this repository");
      expect(await messagesOf(sessionId)).toEqual([]);

      // A wake-up notice naming a job that does not exist changes nothing, and the owner keeps serving.
      await withAdmin(team.databaseUrl, (client) =>
        client.query("SELECT pg_notify('arbor_team', $1)", [
          JSON.stringify({ from: remoteId, sentAt: Date.now(), notice: { kind: "command", to: "x", jobId: "y" } }),
        ]),
      );
      const health = await callApi(team.owner.arbor, "/api/team/instances");
      expect(health.status).toBe(200);

      // In a trusted repository, a forged mode is not read: the owner's permission rules still ask.
      const trustedPath = await team.repos[0]!.addWorktree("forged-mode");
      const trustedSession = await openSession(team.owner.arbor, {
        repoId: team.repos[0]!.repoId,
        worktreePath: trustedPath,
      });
      const accepted = await forge({
        from: remoteId,
        by: "someone",
        command: {
          kind: "send",
          sessionId: trustedSession,
          userMessage: "[[mock:bash echo forged > forged.txt]]",
          permissionMode: "bypassPermissions",
        },
      });
      expect(accepted.status).toBe(202);
      const pending = await waitForPendingApproval(team.other, trustedSession);
      expect(pending).toMatchObject({ toolName: "Bash", status: "pending" });
      const denied = await callApi(team.owner.arbor, `/api/approvals/${pending.id}`, {
        body: { decision: { action: "deny" } },
      });
      expect(denied.status).toBe(200);
      const run = (accepted.body as unknown as { run: { id: string } }).run;
      await callApi(team.owner.arbor, `/api/chat/runs/${run.id}?wait=1`);
      expect(existsSync(path.join(trustedPath, "forged.txt"))).toBe(false);
    });
  },
);
