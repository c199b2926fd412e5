// Whether Arbor's hooks are installed for a worktree, per settings scope (user, project, local), against a real
// worktree and a throw-away CLAUDE_CONFIG_DIR.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { WorktreeHookStatus } from "@/lib/hook-events/settings-file/hook-status.ts";
import type { ErrorBody, HookInstallBody } from "@/tests/support/api-types.ts";
import { callApi, changeWorktreeHooks, pinRepo } from "@/tests/support/call-api.ts";
import {
  addWorktree,
  createFixtureRoot,
  createRepoWithOrigin,
  removeGitFixture,
} from "@/tests/support/git-fixtures.ts";
import { removeDataDir, startArbor, type RunningArbor } from "@/tests/support/start-arbor.ts";

let arbor: RunningArbor;
let fixture: { root: string };
let configDir: string;
let mainPath: string;
let repoId: string;

beforeAll(async () => {
  configDir = mkdtempSync(path.join(tmpdir(), "arbor-claude-config-"));
  arbor = await startArbor({ env: { CLAUDE_CONFIG_DIR: configDir } });
  fixture = await createFixtureRoot();
  ({ mainPath } = await createRepoWithOrigin({ root: fixture.root, files: { "a.txt": "a\n" } }));
  repoId = await pinRepo(arbor, mainPath);
}, 90_000);

afterAll(async () => {
  await arbor?.stop();
  if (arbor) removeDataDir(arbor.dataDir);
  if (fixture) await removeGitFixture(fixture);
  if (configDir) rmSync(configDir, { recursive: true, force: true });
});

const statusOf = async (worktreePath: string) => {
  const response = await callApi<WorktreeHookStatus>(
    arbor,
    `/api/hooks/status?repoId=${repoId}&worktreePath=${encodeURIComponent(worktreePath)}`,
  );
  expect(response.status).toBe(200);
  return response.body;
};
const coverageOf = (status: WorktreeHookStatus) =>
  Object.fromEntries(status.scopes.map((item) => [item.scope, item.coverage]));

describe("GET /api/hooks/status", () => {
  it("reports each scope's file, from nothing installed to local, user and a hand-edited project file", async () => {
    const worktreePath = path.join(fixture.root, "status");
    await addWorktree({ mainPath, path: worktreePath, branch: "feat/status" });

    const fresh = await statusOf(worktreePath);
    expect(fresh.scopes.map((item) => [item.scope, item.file])).toEqual([
      ["user", path.join(configDir, "settings.json")],
      ["project", path.join(worktreePath, ".claude", "settings.json")],
      ["local", path.join(worktreePath, ".claude", "settings.local.json")],
    ]);
    expect(coverageOf(fresh)).toEqual({ user: "absent", project: "absent", local: "absent" });
    expect(fresh.installedIn).toEqual([]);

    const local = await changeWorktreeHooks(arbor, { repoId, worktreePath });
    expect(local.body.files[0]?.isWritten).toBe(true);
    expect(coverageOf(await statusOf(worktreePath))).toEqual({ user: "absent", project: "absent", local: "installed" });

    const user = await callApi<HookInstallBody>(arbor, "/api/hooks/install", {
      body: { scope: "user", action: "install", apply: true },
    });
    expect(user.body.files[0]?.file).toBe(path.join(configDir, "settings.json"));
    expect((await statusOf(worktreePath)).installedIn).toEqual(["user", "local"]);

    // A project file someone committed with only Arbor's Stop hook (copied by hand from an older install).
    const localSettings = JSON.parse(
      readFileSync(path.join(worktreePath, ".claude", "settings.local.json"), "utf8"),
    ) as {
      hooks: Record<string, unknown>;
    };
    writeFileSync(
      path.join(worktreePath, ".claude", "settings.json"),
      JSON.stringify({ hooks: { Stop: localSettings.hooks.Stop } }, null, 2),
    );
    expect(coverageOf(await statusOf(worktreePath)).project).toBe("partial");

    await changeWorktreeHooks(arbor, { repoId, worktreePath, action: "uninstall" });
    await callApi(arbor, "/api/hooks/install", { body: { scope: "user", action: "uninstall", apply: true } });
    expect(coverageOf(await statusOf(worktreePath))).toEqual({ user: "absent", project: "partial", local: "absent" });
  });

  it("calls a broken or linked settings file unreadable, never installed", async () => {
    const worktreePath = path.join(fixture.root, "broken");
    await addWorktree({ mainPath, path: worktreePath, branch: "feat/broken" });
    mkdirSync(path.join(worktreePath, ".claude"), { recursive: true });
    writeFileSync(path.join(worktreePath, ".claude", "settings.json"), "{ not json");
    const elsewhere = path.join(fixture.root, "elsewhere.json");
    writeFileSync(elsewhere, "{}");
    symlinkSync(elsewhere, path.join(worktreePath, ".claude", "settings.local.json"));
    expect(coverageOf(await statusOf(worktreePath))).toEqual({
      user: "absent",
      project: "unreadable",
      local: "unreadable",
    });
  });

  it("refuses a worktree that is not pinned, saying so", async () => {
    const response = await callApi<ErrorBody>(
      arbor,
      `/api/hooks/status?repoId=${repoId}&worktreePath=${encodeURIComponent(path.join(tmpdir(), "nowhere"))}`,
    );
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.body.error.message).toMatch(/worktree/i);
  });
});
