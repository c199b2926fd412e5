import { describe, expect, it } from "vitest";
import type { ErrorBody } from "@/tests/support/api-types.ts";
import { callApi } from "@/tests/support/call-api.ts";
import { deliverHookEvent } from "@/tests/support/deliver-hook.ts";
import { useArborWithRepo } from "@/tests/support/use-arbor-with-repo.ts";
import type { RepoSettingsView } from "@/lib/settings/repo-settings-schema.ts";

const shared = useArborWithRepo();
type RetentionBody = {
  result: { hookEvents: number; hookEventBytes: number; relays: number };
  message: string;
  applied: boolean;
};
type SettingsBody = { settings: RepoSettingsView };

describe("settings per repository", () => {
  it("override model and default permission mode for one repository; its runs use them; null inherits again", async () => {
    const { repoId } = shared.repo;
    const url = `/api/repos/${repoId}/settings`;
    const initial = await callApi<SettingsBody>(shared.env.arbor, url);
    expect(initial.body.settings.overrides).toEqual({});
    expect(initial.body.settings.effective).toEqual(initial.body.settings.inherited);
    expect(initial.body.settings.effective.permissionMode).toBe("default");

    const { sessionId, worktreePath } = await shared.repo.freshSession("settings");
    const modelOf = (run: { claudeSessionId: string | null }) =>
      shared.env.mock.requests.find(
        (candidate) => candidate.headers["x-claude-code-session-id"] === run.claudeSessionId,
      )?.body?.model;
    const before = await shared.send(sessionId, "[[mock:text default model]]");
    expect(modelOf(before.body.run)).not.toMatch(/sonnet/);

    const saved = await callApi<SettingsBody>(shared.env.arbor, url, {
      method: "PUT",
      body: { model: "sonnet", permissionMode: "plan", upkeepKeepLastN: 7 },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.settings.effective).toMatchObject({
      model: "sonnet",
      permissionMode: "plan",
      upkeepKeepLastN: 7,
    });
    expect(saved.body.settings.inherited.upkeepKeepLastN).toBe(initial.body.settings.inherited.upkeepKeepLastN);

    const mode = await callApi<{ mode: string }>(
      shared.env.arbor,
      `/api/worktree-mode?repoId=${repoId}&worktreePath=${encodeURIComponent(worktreePath)}`,
    );
    expect(mode.body.mode).toBe("plan");
    // Plan mode: Claude plans instead of acting; the model the repository chose answers.
    const sent = await shared.send(sessionId, "[[mock:text planned]]");
    expect(sent.status).toBe(200);
    expect(modelOf(sent.body.run)).toMatch(/sonnet/);

    const inherited = await callApi<SettingsBody>(shared.env.arbor, url, {
      method: "PUT",
      body: { model: null, permissionMode: null },
    });
    expect(inherited.body.settings.overrides).toEqual({ upkeepKeepLastN: 7 });
    expect(inherited.body.settings.effective.model).toBe(inherited.body.settings.inherited.model);
    const again = await callApi<{ mode: string }>(
      shared.env.arbor,
      `/api/worktree-mode?repoId=${repoId}&worktreePath=${encodeURIComponent(worktreePath)}`,
    );
    expect(again.body.mode).toBe("default");

    // Bypass is never a default, even when set as one: a worktree starts in Ask.
    await callApi(shared.env.arbor, url, { method: "PUT", body: { permissionMode: "bypassPermissions" } });
    const bypassDefault = await callApi<{ mode: string }>(
      shared.env.arbor,
      `/api/worktree-mode?repoId=${repoId}&worktreePath=${encodeURIComponent(worktreePath)}`,
    );
    expect(bypassDefault.body.mode).toBe("default");
    await callApi(shared.env.arbor, url, { method: "PUT", body: { permissionMode: null } });
  });

  it("refuses what is not a per-repository setting, or out of range, by name; nothing stored changes", async () => {
    const url = `/api/repos/${shared.repo.repoId}/settings`;
    await callApi(shared.env.arbor, url, { method: "PUT", body: { upkeepMessageThreshold: 500 } });
    const machineWide = await callApi<ErrorBody>(shared.env.arbor, url, {
      method: "PUT",
      body: { claudeBin: "/tmp/other-claude", upkeepMessageThreshold: 900 },
    });
    expect(machineWide.status).toBe(422);
    expect(machineWide.body.error.message).toContain("claudeBin cannot be set per repository");
    const outOfRange = await callApi<ErrorBody>(shared.env.arbor, url, {
      method: "PUT",
      body: { upkeepMessageThreshold: 1 },
    });
    expect(outOfRange.status).toBe(422);
    expect(outOfRange.body.error.message).toContain("upkeepMessageThreshold");
    const after = await callApi<SettingsBody>(shared.env.arbor, url);
    expect(after.body.settings.overrides.upkeepMessageThreshold).toBe(500);

    const unknown = await callApi<ErrorBody>(shared.env.arbor, `/api/repos/${crypto.randomUUID()}/settings`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toContain("Pin it first");
  });

  it("retention: a preview says what the saved limits would delete, Delete now deletes exactly that, bad input is refused", async () => {
    const { repoId, mainPath } = shared.repo;
    const retention = (body: unknown, id = repoId) =>
      callApi<RetentionBody & ErrorBody>(shared.env.arbor, `/api/repos/${id}/retention`, { method: "POST", body });
    // Three terminal-session prompts of 600,000 bytes each; with 1 MB kept, the newest stays.
    for (let index = 0; index < 3; index += 1) {
      const response = await deliverHookEvent(shared.env.arbor, {
        hook_event_name: "UserPromptSubmit",
        session_id: "retention-terminal",
        cwd: mainPath,
        prompt: `${index}`.repeat(600_000),
      });
      expect(response.status).toBeLessThan(300);
    }
    const off = await retention({});
    expect(off.body).toMatchObject({ applied: false, message: expect.stringMatching(/^Nothing to delete/) as unknown });

    await callApi(shared.env.arbor, `/api/repos/${repoId}/settings`, { method: "PUT", body: { hookRetentionMb: 1 } });
    const preview = await retention({});
    expect(preview.status).toBe(200);
    expect(preview.body.result.hookEvents).toBe(2);
    expect(preview.body.message).toMatch(/^Would delete 2 hook events \(1\.\d MB of payload\)\.$/);
    const events = () =>
      callApi<{ events: Array<{ sessionId: string }> }>(
        shared.env.arbor,
        `/api/hooks/events?sessionId=retention-terminal`,
      );
    expect((await events()).body.events).toHaveLength(3);

    const applied = await retention({ apply: true });
    expect(applied.body).toMatchObject({ applied: true, result: preview.body.result });
    expect(applied.body.message).toMatch(/^Deleted 2 hook events/);
    expect((await events()).body.events).toHaveLength(1);

    const badBody = await retention({ apply: "yes" });
    expect(badBody.status).toBe(422);
    expect(badBody.body.error.message).toContain("apply");
    const unknown = await retention({}, crypto.randomUUID());
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toContain("Pin it first");
    await callApi(shared.env.arbor, `/api/repos/${repoId}/settings`, {
      method: "PUT",
      body: { hookRetentionMb: null },
    });
  });
});
