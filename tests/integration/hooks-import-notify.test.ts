import path from "node:path";
import { describe, expect, it } from "vitest";
import type { NotificationsBody, RelaysBody } from "@/tests/support/api-types.ts";
import { useArborWithRepo } from "@/tests/support/use-arbor-with-repo.ts";
import { deliverHookEvent } from "@/tests/support/deliver-hook.ts";
import { runClaudeDirectly, sessionIdOf } from "@/tests/support/run-claude-directly.ts";
import { callApi } from "@/tests/support/call-api.ts";
import { importHistoryToEnd } from "@/tests/support/history-folder.ts";

const shared = useArborWithRepo();

const ingestStop = (input: { id: string; cwd: string; sessionId: string; text: string }) =>
  deliverHookEvent(
    shared.env.arbor,
    {
      hook_event_name: "Stop",
      session_id: input.sessionId,
      cwd: input.cwd,
      prompt_id: `p-${input.sessionId}`,
      stop_hook_active: false,
      last_assistant_message: input.text,
    },
    { eventId: input.id },
  );

describe("import history", () => {
  it("reads the worktree's past sessions from the Claude config dir into relays, once", async () => {
    const worktreePath = await shared.repo.addWorktree("history");
    const past = await runClaudeDirectly({
      env: shared.env,
      cwd: worktreePath,
      prompt: "an old question [[mock:text an old answer]]",
    });
    const sessionId = sessionIdOf(past);
    const first = await importHistoryToEnd(shared.env.arbor, { repoId: shared.repo.repoId, worktreePath });
    expect(first).toMatchObject({ status: "finished", filesTotal: 1, relays: 1 });
    expect(first.folder).toContain(path.join("projects", "-"));
    const relays = (await callApi<RelaysBody>(shared.env.arbor, `/api/hooks/relays?sessionId=${sessionId}`)).body
      .relays;
    expect(relays).toHaveLength(1);
    expect(relays[0]).toMatchObject({
      worktreePath,
      userText: expect.stringContaining("an old question") as unknown,
      assistantText: "an old answer",
    });
    await importHistoryToEnd(shared.env.arbor, { repoId: shared.repo.repoId, worktreePath });
    expect(
      (await callApi<RelaysBody>(shared.env.arbor, `/api/hooks/relays?sessionId=${sessionId}`)).body.relays,
    ).toHaveLength(1);
  });
});

describe("notifications under concurrency", () => {
  it("many worktrees stopping at once, each delivered twice: one notification each, none lost", async () => {
    // git worktree add takes repository locks: create them one by one, then stop all at once.
    const worktrees: string[] = [];
    for (let index = 0; index < 6; index += 1) worktrees.push(await shared.repo.addWorktree("notify"));
    const deliveries = worktrees.flatMap((cwd, index) =>
      [0, 1].map((copy) =>
        ingestStop({
          id: `stop-${index}-${copy}`,
          cwd,
          sessionId: `s-${index}`,
          text: `Task completed for worktree ${index}.`,
        }),
      ),
    );
    const statuses = (await Promise.all(deliveries)).map((r) => r.status);
    expect(statuses).toEqual(statuses.map(() => 204));
    const all = (await callApi<NotificationsBody>(shared.env.arbor, "/api/notifications")).body.notifications.filter(
      (n) => worktrees.includes(n.worktreePath),
    );
    expect(all).toHaveLength(6);
    expect(new Set(all.map((n) => n.worktreePath)).size).toBe(6);
  });

  it("keeps at most 50 read notifications per worktree and never trims unread ones", async () => {
    const worktreePath = await shared.repo.addWorktree("trim");
    for (let index = 0; index < 55; index += 1) {
      await ingestStop({ id: `trim-${index}`, cwd: worktreePath, sessionId: `trim-${index}`, text: "Report updated." });
    }
    const byWorktree = async () =>
      (
        await callApi<NotificationsBody>(
          shared.env.arbor,
          `/api/notifications?worktreePath=${encodeURIComponent(worktreePath)}`,
        )
      ).body.notifications;
    expect(await byWorktree()).toHaveLength(55);
    await callApi(shared.env.arbor, "/api/notifications/read", { body: { worktreePath } });
    expect(await byWorktree()).toHaveLength(50);
    await ingestStop({ id: "trim-unread", cwd: worktreePath, sessionId: "trim-unread", text: "Report updated." });
    const [newest] = await byWorktree();
    await callApi(shared.env.arbor, "/api/notifications/read", { body: { id: (await byWorktree())[1]!.id } });
    const after = await byWorktree();
    expect(after.find((n) => n.id === newest?.id)).toMatchObject({ isRead: false });
    expect(after.filter((n) => n.isRead).length).toBeLessThanOrEqual(50);
  });
});
