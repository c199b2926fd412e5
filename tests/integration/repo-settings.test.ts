import { describe, expect, it } from "vitest";
import type { ErrorBody } from "@/tests/support/api-types.ts";
import { callApi } from "@/tests/support/call-api.ts";
import { useArborWithRepo } from "@/tests/support/use-arbor-with-repo.ts";
import type { RepoSettingsView } from "@/lib/settings/repo-settings-schema.ts";

const shared = useArborWithRepo();
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
});
