import { randomUUID } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { InstanceView } from "@/lib/team/instances.ts";
import type {
  ErrorBody,
  HookEventsBody,
  MessagesBody,
  PinsBody,
  PlanBody,
  TreeSpecBody,
} from "@/tests/support/api-types.ts";
import { callApi, openSession, sendChat } from "@/tests/support/call-api.ts";
import { rawRequest } from "@/tests/support/raw-request.ts";
import { withAdmin } from "@/tests/support/test-database.ts";
import { useTwoInstances } from "@/tests/support/use-two-instances.ts";
import { connectSessionWs, connectWs } from "@/tests/support/ws-client.ts";

/**
 * Team mode: two Arbor servers (their own ports and data directories) on one PostgreSQL database.
 * The first owns the repository and runs the real claude CLI against the mock model; the second
 * sees its conversation, run state and hook events live (LISTEN/NOTIFY); it acts there only through
 * the owner (drive-from-anywhere.test.ts), never in the owner's worktrees itself.
 */
const team = useTwoInstances({ key: "team" });
const { skipReason } = team;
const title = "two Arbor instances on one PostgreSQL database";

describe.skipIf(skipReason)(skipReason ? `${title} (skipped: ${skipReason})` : title, () => {
  it("streams on one instance while the other sees the messages and the run state live, read-only", async () => {
    const worktreePath = await team.repos[0]!.addWorktree("team");
    const sessionId = await openSession(team.owner.arbor, { repoId: team.repos[0]!.repoId, worktreePath });
    const watcher = await connectSessionWs(team.other, { repoId: team.repos[0]!.repoId, sessionId });

    const sent = sendChat(team.owner.arbor, { sessionId, userMessage: "Stream slowly [[mock:slow 150]]" });
    const running = await watcher.waitFor(
      (m) => m.type === "worktree_activity" && m.sessionId === sessionId && m.state === "running",
    );
    expect(running).toMatchObject({ repoId: team.repos[0]!.repoId, worktreePath });
    const { body } = await sent;
    expect(body.run.status).toBe("success");
    const idle = await watcher.waitFor(
      (m) => m.type === "worktree_activity" && m.sessionId === sessionId && m.state === "idle",
    );
    expect(idle).toMatchObject({ lastRunStatus: "success" });
    expect(
      watcher.messages.some(
        (m) => m.type === "invalidate" && m.queryKey.includes(sessionId) && m.queryKey[0] === "messages",
      ),
    ).toBe(true);
    watcher.close();

    const seen = await callApi<MessagesBody>(team.other, `/api/chat/messages?sessionId=${sessionId}`);
    expect(seen.body.messages.map((m) => [m.role, m.content])).toEqual(
      body.assistantMessage
        ? [
            ["user", "Stream slowly [[mock:slow 150]]"],
            ["assistant", body.assistantMessage.content],
          ]
        : [],
    );
    expect(body.assistantMessage?.content.length).toBeGreaterThan(0);

    // A send from the team.other is the owner's to run, and this owner has not trusted the repository.
    const refused = await callApi<ErrorBody>(team.other, "/api/chat/send", {
      body: { sessionId, userMessage: "mine now" },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toContain("has not trusted this repository");
    expect(team.owner.mock.requests.filter((r) => JSON.stringify(r.body).includes("mine now"))).toEqual([]);
  });

  it("shows a hook event from the owner's worktree in the other instance's Logs, live", async () => {
    const worktreePath = await team.repos[0]!.addWorktree("hooks");
    const watcher = await connectWs(team.other);
    watcher.send({ type: "subscribe_hooks", worktreePath: null });
    watcher.send({ type: "ping" });
    await watcher.waitFor((m) => m.type === "pong");
    const hookToken = readFileSync(path.join(team.owner.arbor.dataDir, "hook-token"), "utf8").trim();
    const delivered = await rawRequest({
      url: team.owner.arbor.url,
      path: "/api/hooks/ingest",
      method: "POST",
      headers: {
        host: `127.0.0.1:${team.owner.arbor.port}`,
        "content-type": "application/json",
        "x-arbor-hook-token": hookToken,
        "x-arbor-event-id": "team-hook-1",
      },
      body: JSON.stringify({
        hook_event_name: "Notification",
        session_id: "team-session",
        cwd: worktreePath,
        message: "Claude needs your permission to use Bash",
      }),
    });
    expect(delivered.status).toBeLessThan(300);
    const live = await watcher.waitFor((m) => m.type === "hook_event" && m.event.sessionId === "team-session");
    expect(live.type === "hook_event" && live.event).toMatchObject({ worktreePath, eventName: "Notification" });
    watcher.close();

    const logs = await callApi<HookEventsBody>(
      team.other,
      `/api/hooks/events?worktreePath=${encodeURIComponent(worktreePath)}`,
    );
    expect(logs.body.events.map((event) => [event.sessionId, event.eventName])).toEqual([
      ["team-session", "Notification"],
    ]);
  });

  it("lets both instances save the same design tree at once: one wins, the other is told and nothing is overwritten", async () => {
    const created = await callApi<PlanBody>(team.other, "/api/plans", {
      body: { repoId: team.repos[0]!.repoId, title: "Shared plan", goal: "Both instances edit it" },
    });
    expect(created.status).toBe(201);
    const planId = created.body.plan.id;
    const treeOf = (slug: string) => ({
      nodes: [{ slug, title: slug, description: null, status: "planned" }],
      edges: [],
    });
    const first = await callApi<TreeSpecBody>(team.owner.arbor, "/api/tree-spec", {
      body: { planId, tree: treeOf("start"), baseVersion: null },
    });
    expect(first.body.plan.treeVersion).toBe(1);

    const [fromOwner, fromViewer] = await Promise.all([
      callApi<TreeSpecBody | ErrorBody>(team.owner.arbor, "/api/tree-spec", {
        body: { planId, tree: treeOf("owner-edit"), baseVersion: 1 },
      }),
      callApi<TreeSpecBody | ErrorBody>(team.other, "/api/tree-spec", {
        body: { planId, tree: treeOf("viewer-edit"), baseVersion: 1 },
      }),
    ]);
    const statuses = [fromOwner.status, fromViewer.status].sort();
    expect(statuses).toEqual([200, 409]);
    const [winner, loser] = fromOwner.status === 200 ? [fromOwner, fromViewer] : [fromViewer, fromOwner];
    const winningSlug = winner === fromOwner ? "owner-edit" : "viewer-edit";
    expect((loser.body as ErrorBody).error.message).toMatch(
      /saved by someone else \(now version 2.*Nothing was overwritten/,
    );

    for (const instance of [team.owner.arbor, team.other]) {
      const stored = await callApi<PlanBody>(instance, `/api/plans/${planId}`);
      expect(stored.body.plan.treeVersion).toBe(2);
      expect(stored.body.plan.tree?.nodes.map((node) => node.slug)).toEqual([winningSlug]);
    }
  });

  it("names the owner by its editable label: renamed on one instance, the other shows it and says whose the repository is", async () => {
    const renamed = await callApi<{ instance: InstanceView }>(team.owner.arbor, "/api/team/instances", {
      method: "PATCH",
      body: { label: "  build box  " },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.instance).toMatchObject({ label: "build box", isLocal: true, repoCount: 1 });
    const refusedName = await callApi<ErrorBody>(team.owner.arbor, "/api/team/instances", {
      method: "PATCH",
      body: { label: "bad\u0007name" },
    });
    expect(refusedName.status).toBe(422);

    const seen = await callApi<{ instances: InstanceView[] }>(team.other, "/api/team/instances");
    expect(seen.body.instances.map((instance) => [instance.label, instance.isLocal, instance.repoCount])).toEqual([
      [expect.stringContaining(path.basename(team.other.dataDir)), true, 0],
      ["build box", false, 1],
    ]);
    const worktreePath = await team.repos[0]!.addWorktree("named");
    const sessionId = await openSession(team.owner.arbor, { repoId: team.repos[0]!.repoId, worktreePath });
    const refused = await callApi<ErrorBody>(team.other, "/api/chat/summarize", { body: { sessionId } });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toContain('belongs to Arbor "build box"');
    const sent = await callApi<ErrorBody>(team.other, "/api/chat/send", { body: { sessionId, userMessage: "hi" } });
    expect(sent.body.error.message).toContain('Arbor "build box" has not trusted this repository');
  });

  it("refuses, where each request enters, every route that acts on the owner's worktrees, whatever names the repository", async () => {
    const worktreePath = await team.repos[0]!.addWorktree("edge");
    const sessionId = await openSession(team.owner.arbor, { repoId: team.repos[0]!.repoId, worktreePath });
    const { body: sent } = await sendChat(team.owner.arbor, { sessionId, userMessage: "One short answer" });
    const runId = sent.run.id;
    const planId = (
      await callApi<PlanBody>(team.owner.arbor, "/api/plans", {
        body: { repoId: team.repos[0]!.repoId, title: "Edge" },
      })
    ).body.plan.id;
    const pins = await callApi<PinsBody>(team.owner.arbor, "/api/repo-pins");
    const pinId = pins.body.pins.find((pin) => pin.repoId === team.repos[0]!.repoId)!.id;
    // An "Allow always" rule and a waiting request of the owner's repository, as its runs leave them.
    const [ruleId, approvalId] = [randomUUID(), randomUUID()];
    await withAdmin(team.databaseUrl, async (client) => {
      await client.query(
        "INSERT INTO permission_rules (id, scope, repo_id, tool_name) VALUES ($1, 'repo', $2, 'Bash')",
        [ruleId, team.repos[0]!.repoId],
      );
      await client.query(
        `INSERT INTO approval_requests (id, run_id, session_id, repo_id, worktree_path, cli_request_id, kind, tool_name, input, status, expires_at)
         VALUES ($1, $2, $3, $4, $5, 'cli-1', 'tool', 'Bash', '{}', 'pending', now() + interval '1 hour')`,
        [approvalId, runId, sessionId, team.repos[0]!.repoId, worktreePath],
      );
    });
    const target = { repoId: team.repos[0]!.repoId, worktreePath };
    const query = `repoId=${team.repos[0]!.repoId}&worktreePath=${encodeURIComponent(worktreePath)}`;
    const repoRoute = `/api/repos/${team.repos[0]!.repoId}`;
    const requests: Array<[method: string, route: string, body?: unknown]> = [
      ["POST", "/api/worktrees/abort", target],
      ["POST", "/api/worktrees/land-blockers", target],
      ["POST", "/api/worktrees/land-check", target],
      ["POST", "/api/worktrees/land", { ...target, method: "merge" }],
      ["POST", "/api/worktrees/operation", target],
      ["POST", "/api/worktrees/push", target],
      ["POST", "/api/worktrees/remove", target],
      ["POST", "/api/worktrees/resolve", target],
      ["GET", `/api/worktrees?repoId=${team.repos[0]!.repoId}`],
      ["POST", "/api/worktrees", { repoId: team.repos[0]!.repoId, branch: "feat/refused" }],
      ["GET", `/api/worktrees/pull-request?${query}`],
      ["POST", "/api/worktrees/pull-request", { ...target, base: "main", title: "Refused", body: "" }],
      ["POST", "/api/changes/commit-message", { ...target, files: [] }],
      ["POST", "/api/changes/commit", { ...target, message: "Refused", files: [] }],
      ["GET", `/api/changes/diff?${query}&scope=uncommitted&path=README.md`],
      ["GET", `/api/changes/files?${query}&scope=uncommitted`],
      ["GET", `/api/changes/lines?${query}&path=README.md&start=1&end=2`],
      ["GET", `/api/changes/overview?${query}`],
      ["GET", `/api/changes/runs/${runId}?${query}`],
      ["GET", `/api/changes/runs/${runId}/restore?${query}`],
      ["POST", `/api/changes/runs/${runId}/restore`, { ...target, expectedTree: "0".repeat(40) }],
      ["POST", "/api/chat/purge", { sessionId, keepLastN: 0 }],
      ["POST", "/api/chat/sessions/archive", { sessionId }],
      ["POST", "/api/chat/sessions/plan", { sessionId, planId: null }],
      ["POST", "/api/chat/summarize", { sessionId }],
      ["GET", `/api/hooks/chain?${query}`],
      ["POST", "/api/hooks/import", target],
      ["DELETE", "/api/hooks/import", target],
      ["POST", "/api/hooks/install", { ...target, scope: "worktree", action: "install", apply: false }],
      ["GET", `/api/hooks/status?${query}`],
      ["DELETE", `/api/permission-rules/${ruleId}`],
      ["PUT", "/api/worktree-mode", { ...target, mode: "default" }],
      ["GET", `/api/plans/${planId}/merge-order`],
      ["POST", `/api/plans/${planId}/nodes/api/branch`, {}],
      ["POST", `/api/plans/${planId}/propose`, {}],
      ["DELETE", `/api/repo-pins/${pinId}`],
      ["PUT", `${repoRoute}/policies`, { recorderEnabled: false }],
      ["POST", `${repoRoute}/retention`, { apply: true }],
      ["PUT", `${repoRoute}/rules`, { freeTextRules: "Refused" }],
      ["PUT", `${repoRoute}/settings`, { model: "refused" }],
      ["POST", `${repoRoute}/tidy/preview`, { removeMerged: true, deleteDependencies: true }],
      ["POST", `${repoRoute}/tidy/reclaim`, { actions: [] }],
      ["POST", `${repoRoute}/topics/1/decisions`, { text: "Refused" }],
      ["GET", `${repoRoute}/trust`],
      ["POST", `${repoRoute}/trust`, { digest: "0".repeat(64) }],
      ["DELETE", `${repoRoute}/trust`],
      ["PUT", `${repoRoute}/worktree-setup`, { copyFiles: [], command: [], timeoutSeconds: 60 }],
    ];
    const answers = [];
    for (const [method, route, body] of requests) {
      const answer = await callApi<ErrorBody>(team.other, route, { method, body });
      answers.push([`${method} ${route}`, answer.status, answer.body.error?.message.includes("here it is read-only")]);
    }
    expect(answers).toEqual(requests.map(([method, route]) => [`${method} ${route}`, 403, true]));
    // Opening, sending, stopping, retrying and answering are passed to the owner (drive-from-anywhere.test.ts), which
    // refuses them here: it has not trusted this repository.
    const forwarded: Array<[route: string, body: unknown]> = [
      ["/api/chat/sessions", target],
      ["/api/chat/cancel", { runId }],
      ["/api/chat/retry", { runId }],
      ["/api/chat/send", { sessionId, userMessage: "mine now" }],
      [`/api/approvals/${approvalId}`, { decision: { action: "allow_once" } }],
    ];
    for (const [route, body] of forwarded) {
      const answer = await callApi<ErrorBody>(team.other, route, { body });
      expect([route, answer.status, answer.body.error?.message]).toEqual([
        route,
        403,
        expect.stringContaining("has not trusted this repository"),
      ]);
    }

    // The WebSocket's worktree watch is refused where it enters too.
    const watcher = await connectWs(team.other);
    watcher.send({ type: "watch_worktree", repoId: team.repos[0]!.repoId, worktreePath });
    const refused = await watcher.waitFor((m) => m.type === "error");
    expect(refused.type === "error" && refused.message).toContain("here it is read-only");
    watcher.close();

    // Nothing ran: the worktree, the pin, the conversation and the rule are as the owner left them.
    expect(existsSync(worktreePath)).toBe(true);
    const after = await callApi<PinsBody>(team.owner.arbor, "/api/repo-pins");
    expect(after.body.pins.some((pin) => pin.id === pinId)).toBe(true);
    const [session] = await withAdmin(
      team.databaseUrl,
      async (client) =>
        (await client.query<{ status: string }>("SELECT status FROM chat_sessions WHERE id = $1", [sessionId])).rows,
    );
    expect(session).toEqual({ status: "active" });
    const rules = await withAdmin(
      team.databaseUrl,
      async (client) =>
        (await client.query<{ id: string }>("SELECT id FROM permission_rules WHERE id = $1", [ruleId])).rows,
    );
    expect(rules).toHaveLength(1);
  });
});
