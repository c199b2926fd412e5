import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createRepoWithWorktrees,
  createFixtureRoot,
  createRepoWithOrigin,
  removeGitFixture,
  type RepoWithWorktrees,
} from "@/tests/support/git-fixtures.ts";
import type { ErrorBody, PinBody, PinsBody, ScanBody } from "@/tests/support/api-types.ts";
import { callApi } from "@/tests/support/call-api.ts";
import { removeDataDir, startArbor, type RunningArbor } from "@/tests/support/start-arbor.ts";

let arbor: RunningArbor;
let repo: RepoWithWorktrees;

beforeAll(async () => {
  arbor = await startArbor();
  repo = await createRepoWithWorktrees();
});

afterAll(async () => {
  await arbor?.stop();
  if (arbor) removeDataDir(arbor.dataDir);
  if (repo) await removeGitFixture(repo);
});

const pin = <T = PinBody>(body: unknown) => callApi<T>(arbor, "/api/repo-pins", { body });
const listPins = async () => (await callApi<PinsBody>(arbor, "/api/repo-pins")).body.pins;

describe("repo pins", () => {
  it("pins a repository once, whichever worktree or subdirectory is pasted", async () => {
    const first = await pin({ path: repo.mainPath, label: "Demo" });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      isNew: true,
      pin: { label: "Demo", repoRoot: repo.mainPath, isMissing: false },
    });
    const again = await pin({ path: repo.dirtyPath });
    expect(again.status).toBe(200);
    expect(again.body.isNew).toBe(false);
    expect(again.body.pin.id).toBe(first.body.pin.id);
    expect(again.body.pin.label).toBe("Demo");
    expect((await listPins()).filter((p) => p.repoId === first.body.pin.repoId)).toHaveLength(1);
  });

  it("works with spaces and non-ASCII in the path, and lists most recently used first", async () => {
    const root = await createFixtureRoot();
    const spaced = path.join(root.root, "my répo ü");
    mkdirSync(spaced);
    const { mainPath } = await createRepoWithOrigin({ root: spaced, files: { "x.txt": "x" } });
    const other = await pin({ path: mainPath, label: "Spaced" });
    expect(other.status).toBe(201);
    const older = await listPins();
    expect(older[0]?.id).toBe(other.body.pin.id);
    const demo = older.find((p) => p.label === "Demo");
    const used = await callApi(arbor, "/api/repo-pins/use", { body: { pinId: demo?.id } });
    expect(used.status).toBe(200);
    const newer = await listPins();
    expect(newer[0]?.id).toBe(demo?.id);
    const scan = await callApi<ScanBody>(arbor, `/api/repos/${other.body.pin.repoId}/worktrees`);
    expect(scan.body.scan.worktrees[0]?.path).toBe(mainPath);
    await removeGitFixture(root);
  });

  it("refuses bad paths with a clear 422 and stores nothing", async () => {
    const before = (await listPins()).length;
    const file = path.join(repo.root, "plain-file.txt");
    writeFileSync(file, "x");
    const notRepo = path.join(repo.root, "not-a-repo");
    mkdirSync(notRepo);
    const cases: Array<[unknown, RegExp]> = [
      [{ path: "/definitely/not/here" }, /does not exist/],
      [{ path: file }, /is a file/],
      [{ path: notRepo }, /not inside a git repository|not a git repository/i],
      [{ path: "relative/dir" }, /absolute path/],
      [{ path: 42 }, /expected string/],
      [{ path: repo.mainPath, label: "x".repeat(101) }, /100 characters/],
      [{}, /path/],
    ];
    for (const [body, message] of cases) {
      const result = await pin<ErrorBody>(body);
      expect(result.status, JSON.stringify(body)).toBe(422);
      expect(result.body.error.message).toMatch(message);
    }
    const malformed = await callApi<ErrorBody>(arbor, "/api/repo-pins", { body: "{not json" });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.message).toMatch(/not valid JSON/);
    expect((await listPins()).length).toBe(before);
  });

  it("shows a pin whose directory was deleted as missing, and scanning it says what to do", async () => {
    const root = await createFixtureRoot();
    const { mainPath } = await createRepoWithOrigin({ root: root.root, files: { "y.txt": "y" } });
    const pinned = await pin({ path: mainPath, label: "Vanishing" });
    renameSync(root.root, `${root.root}-moved`);
    const list = await listPins();
    expect(list.find((p) => p.id === pinned.body.pin.id)?.isMissing).toBe(true);
    const scan = await callApi<ErrorBody>(arbor, `/api/repos/${pinned.body.pin.repoId}/worktrees`);
    expect(scan.status).toBe(404);
    expect(scan.body.error.message).toMatch(/no longer exists/);
    const page = await callApi(arbor, "/");
    expect(page.status).toBe(200);
    await removeGitFixture({ root: `${root.root}-moved` });
  });

  it("reports every worktree of a repository with its git facts", async () => {
    const pinned = await pin({ path: repo.mainPath });
    const { status, body } = await callApi<ScanBody>(arbor, `/api/repos/${pinned.body.pin.repoId}/worktrees`);
    expect(status).toBe(200);
    const byPath = new Map(body.scan.worktrees.map((w) => [w.path, w]));
    expect(byPath.get(repo.detachedPath)).toMatchObject({ isDetached: true, branch: null });
    expect(byPath.get(repo.dirtyPath)).toMatchObject({
      dirty: { staged: 2, unstaged: 2, untracked: 2, conflicted: 0 },
    });
    expect(byPath.get(repo.missingPath)).toMatchObject({ isMissing: true });
    expect(byPath.get(repo.lockedPath)).toMatchObject({ isLocked: true });
    expect(byPath.get(repo.behindPath)?.upstream).toMatchObject({ behind: 2 });
  });

  it("deletes a pin but keeps the repository's conversations", async () => {
    const pinned = await pin({ path: repo.mainPath });
    await callApi(arbor, "/api/chat/sessions", {
      body: { repoId: pinned.body.pin.repoId, worktreePath: repo.mainPath },
    });
    expect((await callApi(arbor, `/api/repo-pins/${pinned.body.pin.id}`, { method: "DELETE" })).status).toBe(200);
    expect((await callApi(arbor, `/api/repo-pins/${pinned.body.pin.id}`, { method: "DELETE" })).status).toBe(404);
    const repinned = await pin({ path: repo.mainPath });
    expect(repinned.body.pin.repoId).toBe(pinned.body.pin.repoId);
    const session = await callApi(arbor, "/api/chat/sessions", {
      body: { repoId: repinned.body.pin.repoId, worktreePath: repo.mainPath },
    });
    expect(session.status).toBe(200);
  });
});
