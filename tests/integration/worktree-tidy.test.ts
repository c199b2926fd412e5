// Tidy up on a real repository: disk use measured by the server's walk (a hard-linked file counted
// once, a symlink not followed), the preview's actions done exactly by Reclaim through the safe
// removal (conversation archived, merged branch deleted), and what became busy in between skipped.
import { existsSync, linkSync, lstatSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { callApi } from "@/tests/support/call-api.ts";
import { addWorktree, runFixtureGit } from "@/tests/support/git-fixtures.ts";
import { deliverHookEvent } from "@/tests/support/deliver-hook.ts";
import { useArborWithRepo } from "@/tests/support/use-arbor-with-repo.ts";
import type { TidyAction, TidyOptions, TidyPreview, TidyResult } from "@/lib/worktrees/ship-types.ts";

const shared = useArborWithRepo();

const preview = async (options: TidyOptions) => {
  const response = await callApi<TidyPreview>(shared.env.arbor, `/api/repos/${shared.repo.repoId}/tidy/preview`, {
    body: options,
  });
  expect(response.status).toBe(200);
  return response.body;
};

const reclaim = async (actions: TidyAction[]) => {
  const response = await callApi<TidyResult>(shared.env.arbor, `/api/repos/${shared.repo.repoId}/tidy/reclaim`, {
    body: { actions: actions.map(({ kind, worktreePath, folders }) => ({ kind, worktreePath, folders })) },
  });
  expect(response.status).toBe(200);
  return response.body;
};

const onDisk = (file: string) => lstatSync(file).blocks * 512;

/** node_modules/ (ignored through the repository's info/exclude) with one file of `size` bytes. */
function addDependencies(worktreePath: string, size: number): void {
  const exclude = path.join(shared.repo.mainPath, ".git", "info", "exclude");
  if (!readFileSync(exclude, "utf8").includes("node_modules/"))
    writeFileSync(exclude, "node_modules/\n", { flag: "a" });
  mkdirSync(path.join(worktreePath, "node_modules", "pkg"), { recursive: true });
  writeFileSync(path.join(worktreePath, "node_modules", "pkg", "index.js"), Buffer.alloc(size, 97));
}

async function commit(cwd: string, name: string): Promise<void> {
  writeFileSync(path.join(cwd, name), `${name}\n`);
  await runFixtureGit({ cwd, args: ["add", "--", name] });
  await runFixtureGit({ cwd, args: ["commit", "-q", "-m", `Add ${name}`] });
}

async function hookEvent(input: { cwd: string; sessionId: string; name: string }) {
  const response = await deliverHookEvent(shared.env.arbor, {
    hook_event_name: input.name,
    session_id: input.sessionId,
    cwd: input.cwd,
    prompt: "hi",
  });
  expect(response.status).toBeLessThan(300);
}

describe("tidy up", () => {
  it("measures each worktree and its dependency folders: hard links once, symlinks not followed", async () => {
    const worktree = await shared.repo.addWorktree("sizes");
    addDependencies(worktree, 64 * 1024);
    const modules = path.join(worktree, "node_modules");
    linkSync(path.join(modules, "pkg", "index.js"), path.join(modules, "pkg", "hard-link.js"));
    const outside = path.join(shared.repo.root, "big-outside.bin");
    writeFileSync(outside, Buffer.alloc(4 * 1024 * 1024, 98));
    symlinkSync(outside, path.join(modules, "link-to-big"));
    symlinkSync(shared.repo.root, path.join(modules, "link-to-folder"));

    const view = await preview({ removeMerged: false, deleteDependencies: true });
    const measured = view.worktrees.find((candidate) => candidate.worktreePath === worktree);
    const dependencyBytes = [
      modules,
      path.join(modules, "pkg"),
      path.join(modules, "pkg", "index.js"),
      path.join(modules, "link-to-big"),
      path.join(modules, "link-to-folder"),
    ].reduce((sum, file) => sum + onDisk(file), 0);
    expect(measured).toMatchObject({
      branch: "feat/sizes-1",
      isMain: false,
      isPartial: false,
      // Nothing committed on it yet: not "merged" (a worktree just made is not done).
      isMerged: false,
      isIdle: true,
      dependencies: [{ path: "node_modules", bytes: dependencyBytes, repository: null }],
      bytes: dependencyBytes + onDisk(path.join(worktree, "a.txt")),
    });
    expect(dependencyBytes).toBeLessThan(2 * 64 * 1024);
    expect(view.worktrees.find((candidate) => candidate.isMain)).toMatchObject({ isMerged: false });
  });

  it("reclaims exactly what the preview listed: a merged worktree removed (conversation archived), an idle one's dependencies deleted", async () => {
    const { sessionId, worktreePath: merged } = await shared.repo.freshSession("merged");
    await commit(merged, "landed.txt");
    await runFixtureGit({ cwd: shared.repo.mainPath, args: ["merge", "-q", "--ff-only", "feat/merged-2"] });
    const idle = await shared.repo.addWorktree("idle");
    await commit(idle, "kept.txt");
    // Just created, clean and idle, nothing committed on it yet: not "merged", so never offered for removal.
    const fresh = await shared.repo.addWorktree("fresh");
    addDependencies(idle, 32 * 1024);
    addDependencies(merged, 16 * 1024);

    const view = await preview({ removeMerged: true, deleteDependencies: true });
    const actions = view.actions.filter((action) => action.worktreePath === merged || action.worktreePath === idle);
    expect(actions).toHaveLength(2);
    expect(actions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: "remove_worktree", worktreePath: merged, folders: ["."] }),
        expect.objectContaining({ kind: "delete_dependencies", worktreePath: idle, folders: ["node_modules"] }),
      ]),
    );
    expect(view.actions.some((action) => action.worktreePath === fresh)).toBe(false);
    expect(view.worktrees.find((candidate) => candidate.worktreePath === fresh)).toMatchObject({ isMerged: false });
    expect(view.worktrees.find((candidate) => candidate.worktreePath === idle)?.blockers.join(" ")).toContain(
      "1 commit is on branch feat/idle-3",
    );

    const result = await reclaim(actions);
    expect(result.skipped).toEqual([]);
    expect(result.done).toEqual(actions);
    expect(result.bytes).toBe(actions.reduce((sum, action) => sum + action.bytes, 0));
    expect(result.archivedSessionIds).toEqual([sessionId]);
    expect(existsSync(merged)).toBe(false);
    expect(existsSync(path.join(idle, "node_modules"))).toBe(false);
    expect(readFileSync(path.join(idle, "kept.txt"), "utf8")).toBe("kept.txt\n");
    const branches = await runFixtureGit({ cwd: shared.repo.mainPath, args: ["branch", "--format=%(refname:short)"] });
    expect(branches).not.toContain("feat/merged-2");
    const sessions = await callApi<{ sessions: Array<{ id: string; status: string }> }>(
      shared.env.arbor,
      `/api/chat/sessions?repoId=${shared.repo.repoId}&worktreePath=${encodeURIComponent(merged)}`,
    );
    expect(sessions.body.sessions.find((session) => session.id === sessionId)?.status).toBe("archived");
  });

  it("never deletes a worktree that lives inside another one's dependency folder, nor counts its disk twice", async () => {
    const outer = await shared.repo.addWorktree("outer");
    addDependencies(outer, 16 * 1024);
    const inner = path.join(outer, "node_modules", "inner-wt");
    await addWorktree({ mainPath: shared.repo.mainPath, path: inner, branch: "feat/inner-nested" });
    writeFileSync(path.join(inner, "work.txt"), "not committed\n");
    writeFileSync(path.join(inner, "big.bin"), Buffer.alloc(512 * 1024, 99));

    const view = await preview({ removeMerged: true, deleteDependencies: true });
    expect(view.actions.some((action) => action.worktreePath === outer)).toBe(false);
    const measured = view.worktrees.find((candidate) => candidate.worktreePath === outer)!;
    expect(measured.dependencies).toEqual([]);
    expect(measured.bytes).toBeLessThan(256 * 1024);
    expect(measured.blockers.join(" ")).toContain(
      `Another worktree lives inside its folder (feat/inner-nested at ${inner})`,
    );
    // A forged request naming the folder is refused by the fresh walk.
    const forced = await reclaim([
      { kind: "delete_dependencies", worktreePath: outer, folders: ["node_modules"], branch: null, bytes: 0 },
    ]);
    expect(forced.done).toEqual([]);
    expect(readFileSync(path.join(inner, "work.txt"), "utf8")).toBe("not committed\n");
  });

  it("skips, with the reason, a worktree that got a change or a Claude Code session between preview and reclaim", async () => {
    const dirty = await shared.repo.addWorktree("late-change");
    await commit(dirty, "late.txt");
    const dirtyBranch = (await runFixtureGit({ cwd: dirty, args: ["branch", "--show-current"] })).trim();
    await runFixtureGit({ cwd: shared.repo.mainPath, args: ["merge", "-q", "--ff-only", dirtyBranch] });
    const busy = await shared.repo.addWorktree("late-session");
    await commit(busy, "busy.txt");
    addDependencies(busy, 8 * 1024);
    const view = await preview({ removeMerged: true, deleteDependencies: true });
    const actions = view.actions.filter((action) => action.worktreePath === dirty || action.worktreePath === busy);
    expect(new Map(actions.map((action) => [action.worktreePath, action.kind]))).toEqual(
      new Map([
        [dirty, "remove_worktree"],
        [busy, "delete_dependencies"],
      ]),
    );

    writeFileSync(path.join(dirty, "draft.txt"), "not committed\n");
    await hookEvent({ cwd: busy, sessionId: "tidy-terminal", name: "UserPromptSubmit" });
    const result = await reclaim(actions);
    expect(result.done).toEqual([]);
    expect(result.bytes).toBe(0);
    const reasons = new Map(result.skipped.map((item) => [item.action.worktreePath, item.reason]));
    expect(reasons.size).toBe(2);
    expect(reasons.get(dirty)).toContain("1 uncommitted change; commit, stash or discard it first.");
    expect(reasons.get(busy)).toBe("A Claude Code session is working in it. Its dependency folders were kept.");
    expect(existsSync(path.join(dirty, "draft.txt"))).toBe(true);
    expect(existsSync(path.join(busy, "node_modules", "pkg", "index.js"))).toBe(true);
  });

  it("deletes only folders the fresh walk finds as dependency folders, whatever the request names", async () => {
    const worktree = await shared.repo.addWorktree("forged");
    await commit(worktree, "src.txt");
    addDependencies(worktree, 1024);
    const result = await reclaim([
      {
        kind: "delete_dependencies",
        worktreePath: worktree,
        branch: null,
        folders: ["src.txt", "..", "node_modules"],
        bytes: 0,
      },
    ]);
    expect(result.done).toMatchObject([{ worktreePath: worktree, folders: ["node_modules"] }]);
    expect(existsSync(path.join(worktree, "node_modules"))).toBe(false);
    expect(existsSync(path.join(worktree, "src.txt"))).toBe(true);
    expect(existsSync(shared.repo.mainPath)).toBe(true);
  });

  it("keeps a dependency folder that holds someone's own repository, in the preview and when asked to delete it", async () => {
    const worktree = await shared.repo.addWorktree("own-clone");
    await commit(worktree, "work.txt");
    addDependencies(worktree, 1024);
    const exclude = path.join(shared.repo.mainPath, ".git", "info", "exclude");
    writeFileSync(exclude, "vendor/\n", { flag: "a" });
    const clone = path.join(worktree, "vendor", "mylib");
    mkdirSync(clone, { recursive: true });
    await runFixtureGit({ cwd: clone, args: ["init", "-q"] });
    await commit(clone, "patch.txt");

    const view = await preview({ removeMerged: false, deleteDependencies: true });
    const listed = view.worktrees.find((candidate) => candidate.worktreePath === worktree);
    expect(listed?.dependencies).toContainEqual(
      expect.objectContaining({ path: "vendor", repository: "vendor/mylib" }),
    );
    expect(view.actions.filter((action) => action.worktreePath === worktree)).toMatchObject([
      { kind: "delete_dependencies", folders: ["node_modules"] },
    ]);

    const result = await reclaim([
      {
        kind: "delete_dependencies",
        worktreePath: worktree,
        branch: null,
        folders: ["vendor", "node_modules"],
        bytes: 0,
      },
    ]);
    expect(result.done).toMatchObject([{ worktreePath: worktree, folders: ["node_modules"] }]);
    expect(readFileSync(path.join(clone, "patch.txt"), "utf8")).toBe("patch.txt\n");
    expect(existsSync(path.join(worktree, "node_modules"))).toBe(false);
  });
});
