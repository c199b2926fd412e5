import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { MessagesBody } from "@/tests/support/api-types.ts";
import { callApi, openSession, sendChat } from "@/tests/support/call-api.ts";
import { addWorktree, runFixtureGit } from "@/tests/support/git-fixtures.ts";
import { deliverHookEvent } from "@/tests/support/deliver-hook.ts";
import { useArborWithRepo } from "@/tests/support/use-arbor-with-repo.ts";

interface RemovalBody {
  blockers: string[];
  ignoredOnlyHere: string[];
  isRemoved: boolean;
  isBranchDeleted: boolean;
  branchKeptReason: string | null;
  archivedSessionIds: string[];
}
interface ErrorBody {
  error: { code: string; message: string };
}

const shared = useArborWithRepo();

const remove = (
  worktreePath: string,
  options: { dryRun?: boolean; deleteBranch?: boolean; discardIgnored?: boolean } = {},
) =>
  callApi<RemovalBody & ErrorBody>(shared.env.arbor, "/api/worktrees/remove", {
    body: { repoId: shared.repo.repoId, worktreePath, ...options },
  });

const branches = async () =>
  (await runFixtureGit({ cwd: shared.repo.mainPath, args: ["branch", "--format=%(refname:short)"] })).split("\n");

/** A Claude Code hook event from a terminal session in `cwd`, delivered as Arbor's hook script does. */
async function hookEvent(input: { cwd: string; sessionId: string; name: string }) {
  const response = await deliverHookEvent(shared.env.arbor, {
    hook_event_name: input.name,
    session_id: input.sessionId,
    cwd: input.cwd,
    prompt: "hi",
  });
  expect(response.status).toBeLessThan(300);
}

describe("removing a worktree safely", () => {
  it("removes a clean, merged worktree, deletes its merged branch and archives its conversation", async () => {
    const { sessionId, worktreePath } = await shared.repo.freshSession("done");
    const branch = (await runFixtureGit({ cwd: worktreePath, args: ["branch", "--show-current"] })).trim();
    const preview = await remove(worktreePath, { dryRun: true });
    expect(preview.body).toMatchObject({ blockers: [], isRemoved: false });
    expect(existsSync(worktreePath)).toBe(true);

    const removed = await remove(worktreePath, { deleteBranch: true });
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ blockers: [], isRemoved: true, isBranchDeleted: true });
    expect(removed.body.archivedSessionIds).toEqual([sessionId]);
    expect(existsSync(worktreePath)).toBe(false);
    expect(await branches()).not.toContain(branch);
    const sessions = await callApi<{ sessions: Array<{ id: string; status: string }> }>(
      shared.env.arbor,
      `/api/chat/sessions?repoId=${shared.repo.repoId}&worktreePath=${encodeURIComponent(worktreePath)}`,
    );
    expect(sessions.body.sessions.find((session) => session.id === sessionId)?.status).toBe("archived");
  });

  it("drops what the worktree was allowed by path, listing it first, so a new worktree in its folder asks again", async () => {
    const { arbor } = shared.env;
    const { repoId } = shared.repo;
    const { sessionId, worktreePath } = await shared.repo.freshSession("granted");
    const where = { repoId, worktreePath };
    const query = new URLSearchParams(where).toString();
    // "Allow always" for this worktree, and Accept edits chosen in its header.
    const sending = shared.send(sessionId, "[[mock:bash node -e 'console.log(6 * 7)']]");
    let pendingId: string | undefined;
    await expect
      .poll(
        async () => {
          const { body } = await callApi<{ approvals: Array<{ id: string; status: string }> }>(
            arbor,
            `/api/approvals?sessionId=${sessionId}`,
          );
          pendingId = body.approvals.find((approval) => approval.status === "pending")?.id;
          return pendingId !== undefined;
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    const always = await callApi(arbor, `/api/approvals/${pendingId}`, {
      body: { decision: { action: "allow_always", scope: "worktree" } },
    });
    expect(always.status).toBe(200);
    expect((await sending).status).toBe(200);
    expect(
      (await callApi(arbor, "/api/worktree-mode", { method: "PUT", body: { ...where, mode: "acceptEdits" } })).status,
    ).toBe(200);

    const preview = await callApi<{ grants: { rules: string[]; mode: string | null } }>(
      arbor,
      "/api/worktrees/remove",
      {
        body: { ...where, dryRun: true },
      },
    );
    expect(preview.body.grants).toEqual({ rules: ["Bash(node -e 'console.log(6 * 7)')"], mode: "acceptEdits" });
    expect((await remove(worktreePath)).body.isRemoved).toBe(true);
    const rules = await callApi<{ rules: unknown[] }>(arbor, `/api/permission-rules?${query}`);
    expect(rules.body.rules).toEqual([]);

    // The old conversation is read-only, and says why.
    const late = await sendChat(arbor, { sessionId, userMessage: "one more" });
    expect(late.status).toBe(409);
    expect(JSON.stringify(late.body)).toMatch(
      /read-only: its worktree .* was removed\. Start new work from the worktree list/,
    );

    // The same folder again: it starts in the Settings default, with no rule of the old one.
    await addWorktree({ mainPath: shared.repo.mainPath, path: worktreePath, branch: "granted-again" });
    const mode = await callApi<{ mode: string; sandbox: unknown }>(arbor, `/api/worktree-mode?${query}`);
    expect(mode.body).toEqual({ mode: "default", sandbox: null });
  });

  it("refuses uncommitted changes and commits no other branch has, saying what to do, and touches nothing", async () => {
    const worktreePath = await shared.repo.addWorktree("wörk");
    writeFileSync(path.join(worktreePath, "draft.txt"), "not committed\n");
    const dirty = await remove(worktreePath);
    expect(dirty.status).toBe(409);
    expect(dirty.body.error.message).toContain("1 uncommitted change; commit, stash or discard it first.");

    await runFixtureGit({ cwd: worktreePath, args: ["add", "draft.txt"] });
    await runFixtureGit({ cwd: worktreePath, args: ["commit", "-q", "-m", "Only here"] });
    const unpushed = await remove(worktreePath, { deleteBranch: true });
    expect(unpushed.status).toBe(409);
    expect(unpushed.body.error.message).toMatch(/1 commit is on branch feat\/wörk-\d+ and in no other branch/);
    expect(existsSync(path.join(worktreePath, "draft.txt"))).toBe(true);

    // Merged into main: nothing is lost any more.
    const branch = (await runFixtureGit({ cwd: worktreePath, args: ["branch", "--show-current"] })).trim();
    await runFixtureGit({ cwd: shared.repo.mainPath, args: ["merge", "-q", "--ff-only", branch] });
    expect((await remove(worktreePath, { dryRun: true })).body.blockers).toEqual([]);
  });

  it("names the ignored files only the worktree has and removes it only once they may go", async () => {
    const { mainPath } = shared.repo;
    mkdirSync(path.join(mainPath, ".git", "info"), { recursive: true });
    writeFileSync(path.join(mainPath, ".git", "info", "exclude"), ".env*\nnode_modules/\nnotes/\n*.bin\n");
    writeFileSync(path.join(mainPath, ".env"), "SHARED=1\n");
    // Big copies are compared too: the same bytes are not "only here", one byte off is.
    const big = Buffer.alloc(3 * 1024 * 1024 + 7, 120);
    writeFileSync(path.join(mainPath, "model.bin"), big);
    writeFileSync(path.join(mainPath, "weights.bin"), big);
    const worktreePath = await shared.repo.addWorktree("ignored");
    // A setup's copy (the same bytes as the main worktree's), dependencies, and two things only here.
    writeFileSync(path.join(worktreePath, ".env"), "SHARED=1\n");
    writeFileSync(path.join(worktreePath, "model.bin"), big);
    const changed = Buffer.from(big);
    changed[changed.length - 1] = 121;
    writeFileSync(path.join(worktreePath, "weights.bin"), changed);
    mkdirSync(path.join(worktreePath, "node_modules", "pkg"), { recursive: true });
    writeFileSync(path.join(worktreePath, "node_modules", "pkg", "index.js"), "x\n");
    writeFileSync(path.join(worktreePath, ".env.local"), "TOKEN=only-here\n");
    mkdirSync(path.join(worktreePath, "notes"));
    writeFileSync(path.join(worktreePath, "notes", "plan.md"), "mine\n");

    const preview = await remove(worktreePath, { dryRun: true });
    expect(preview.body.ignoredOnlyHere).toEqual([".env.local", "notes/", "weights.bin"]);
    expect(preview.body.blockers).toEqual([
      "It has 3 ignored files or folders that exist only here (.env.local, notes/, weights.bin), which git would delete with it; copy out what you need, or confirm they may go.",
    ]);
    const refused = await remove(worktreePath);
    expect(refused.status).toBe(409);
    expect(readFileSync(path.join(worktreePath, ".env.local"), "utf8")).toBe("TOKEN=only-here\n");

    expect((await remove(worktreePath, { dryRun: true, discardIgnored: true })).body.blockers).toEqual([]);
    const removed = await remove(worktreePath, { discardIgnored: true });
    expect(removed.status).toBe(200);
    expect(existsSync(worktreePath)).toBe(false);
    for (const file of [".env", "model.bin", "weights.bin"]) rmSync(path.join(mainPath, file));
  });

  it("names a git repository of someone's own inside an ignored dependency folder, which git would delete with it", async () => {
    const exclude = path.join(shared.repo.mainPath, ".git", "info", "exclude");
    writeFileSync(exclude, "node_modules/\nvendor/\n", { flag: "a" });
    const worktreePath = await shared.repo.addWorktree("patched-dependency");
    // An install's folder (nothing to keep), and a clone with a commit of its own inside vendor/.
    mkdirSync(path.join(worktreePath, "node_modules", "pkg"), { recursive: true });
    writeFileSync(path.join(worktreePath, "node_modules", "pkg", "index.js"), "x\n");
    const clone = path.join(worktreePath, "vendor", "github.com", "org", "lib");
    mkdirSync(clone, { recursive: true });
    await runFixtureGit({ cwd: clone, args: ["init", "-q"] });
    writeFileSync(path.join(clone, "patch.txt"), "my fix\n");
    await runFixtureGit({ cwd: clone, args: ["add", "patch.txt"] });
    await runFixtureGit({
      cwd: clone,
      args: ["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "My patch"],
    });

    const preview = await remove(worktreePath, { dryRun: true });
    expect(preview.body.ignoredOnlyHere).toEqual(["vendor/github.com/org/lib/"]);
    expect((await remove(worktreePath)).status).toBe(409);
    expect(existsSync(path.join(clone, "patch.txt"))).toBe(true);
    // Once the user says it may go, it goes with the worktree.
    expect((await remove(worktreePath, { discardIgnored: true })).status).toBe(200);
    expect(existsSync(worktreePath)).toBe(false);
  });

  it("refuses to remove a worktree another one lives inside, even in its ignored folders, and keeps both", async () => {
    const outer = await shared.repo.addWorktree("outer");
    const exclude = path.join(shared.repo.mainPath, ".git", "info", "exclude");
    writeFileSync(exclude, "node_modules/\n", { flag: "a" });
    const inner = path.join(outer, "node_modules", "inner-wt");
    await addWorktree({ mainPath: shared.repo.mainPath, path: inner, branch: "feat/inner-removal" });
    writeFileSync(path.join(inner, "work.txt"), "not committed\n");

    const preview = await remove(outer, { dryRun: true });
    expect(preview.body.blockers).toEqual([
      `Another worktree lives inside its folder (feat/inner-removal at ${inner}), and removing this one would delete it with everything in it; remove that one first.`,
    ]);
    const refused = await remove(outer, { discardIgnored: true });
    expect(refused.status).toBe(409);
    expect(readFileSync(path.join(inner, "work.txt"), "utf8")).toBe("not committed\n");
  });

  it("removes a worktree whose folder was deleted behind its back, archiving its conversation, and keeps its unmerged branch", async () => {
    const { sessionId, worktreePath } = await shared.repo.freshSession("vanished");
    writeFileSync(path.join(worktreePath, "only-here.txt"), "x\n");
    await runFixtureGit({ cwd: worktreePath, args: ["add", "only-here.txt"] });
    await runFixtureGit({ cwd: worktreePath, args: ["commit", "-q", "-m", "Only on this branch"] });
    const branch = (await runFixtureGit({ cwd: worktreePath, args: ["branch", "--show-current"] })).trim();
    rmSync(worktreePath, { recursive: true, force: true });

    const preview = await remove(worktreePath, { dryRun: true });
    expect(preview.status).toBe(200);
    // Its commit lives on in the branch, which removal keeps: nothing blocks forgetting the folder.
    expect(preview.body.blockers).toEqual([]);
    const removed = await remove(worktreePath, { deleteBranch: true });
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ isRemoved: true, archivedSessionIds: [sessionId], blockers: [] });
    // Not merged: git's -d keeps the branch with its commit, and says so apart from the blockers.
    expect(removed.body.isBranchDeleted).toBe(false);
    expect(removed.body.branchKeptReason).toContain(`The branch ${branch} was kept`);
    expect(await branches()).toContain(branch);
    const listed = await runFixtureGit({ cwd: shared.repo.mainPath, args: ["worktree", "list", "--porcelain"] });
    expect(listed).not.toContain(worktreePath);
  });

  it("removes a worktree with a submodule checked out once nothing in the submodule is unsaved", async () => {
    const { root, mainPath } = shared.repo;
    const library = path.join(root, "library");
    await runFixtureGit({ cwd: root, args: ["init", "-q", "-b", "main", library] });
    await runFixtureGit({ cwd: library, args: ["commit", "-q", "--allow-empty", "-m", "library"] });
    const allowFile = ["-c", "protocol.file.allow=always"];
    await runFixtureGit({ cwd: mainPath, args: [...allowFile, "submodule", "add", "-q", library, "lib"] });
    await runFixtureGit({ cwd: mainPath, args: ["commit", "-q", "-m", "Add the library"] });
    await runFixtureGit({ cwd: mainPath, args: ["push", "-q", "origin", "HEAD"] });
    const worktreePath = await shared.repo.addWorktree("with-sub");
    await runFixtureGit({ cwd: worktreePath, args: [...allowFile, "submodule", "update", "--init", "-q"] });

    // Work inside the submodule that only lives there blocks the removal, naming it.
    writeFileSync(path.join(worktreePath, "lib", "draft.txt"), "unsaved\n");
    expect((await remove(worktreePath, { dryRun: true })).body.blockers).toContain(
      "Its submodule lib has uncommitted changes; commit and push, or discard them there first.",
    );
    rmSync(path.join(worktreePath, "lib", "draft.txt"));
    await runFixtureGit({
      cwd: path.join(worktreePath, "lib"),
      args: ["commit", "-q", "--allow-empty", "-m", "local"],
    });
    expect((await remove(worktreePath, { dryRun: true })).body.blockers.join(" ")).toContain(
      "Its submodule lib has 1 commit on no remote",
    );
    await runFixtureGit({ cwd: path.join(worktreePath, "lib"), args: ["checkout", "-q", "--detach", "HEAD~1"] });

    expect((await remove(worktreePath, { dryRun: true })).body.blockers).toEqual([]);
    const removed = await remove(worktreePath);
    expect(removed.status).toBe(200);
    expect(removed.body.isRemoved).toBe(true);
    expect(existsSync(worktreePath)).toBe(false);
  });

  it("refuses while a terminal Claude Code session is active in it, even after another one ended there, and allows it once it ended", async () => {
    const worktreePath = await shared.repo.addWorktree("terminal");
    await hookEvent({ cwd: worktreePath, sessionId: "terminal-1", name: "UserPromptSubmit" });
    const refused = await remove(worktreePath);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toContain("A Claude Code session was active here less than a minute ago");
    // Another session starting and ending there says nothing about the first one, still working.
    await hookEvent({ cwd: worktreePath, sessionId: "terminal-2", name: "SessionStart" });
    await hookEvent({ cwd: worktreePath, sessionId: "terminal-2", name: "SessionEnd" });
    expect((await remove(worktreePath, { dryRun: true })).body.blockers.join(" ")).toContain(
      "A Claude Code session was active here less than a minute ago",
    );
    await hookEvent({ cwd: worktreePath, sessionId: "terminal-1", name: "SessionEnd" });
    const removed = await remove(worktreePath);
    expect(removed.body.isRemoved).toBe(true);
  });

  it("refuses while Arbor's run is answering in it", async () => {
    const worktreePath = await shared.repo.addWorktree("busy");
    const sessionId = await openSession(shared.env.arbor, { repoId: shared.repo.repoId, worktreePath });
    const running = sendChat(shared.env.arbor, { sessionId, userMessage: "[[mock:hang]]" });
    await expect
      .poll(async () => (await remove(worktreePath, { dryRun: true })).body.blockers.join(" "), { timeout: 60_000 })
      .toMatch(/Claude is (answering|queued) in this worktree/);
    const refused = await remove(worktreePath);
    expect(refused.status).toBe(409);
    const listed = await callApi<MessagesBody>(shared.env.arbor, `/api/chat/messages?sessionId=${sessionId}`);
    const runId = listed.body.messages.map((message) => message.run).find((run) => run?.status === "running")!.id;
    expect((await callApi(shared.env.arbor, "/api/chat/cancel", { body: { runId } })).status).toBe(200);
    await running;
    expect(existsSync(worktreePath)).toBe(true);
  });

  it("refuses the main worktree and a path that is not a worktree of the repository", async () => {
    const main = await remove(shared.repo.mainPath);
    expect(main.status).toBe(409);
    expect(main.body.error.message).toContain("main worktree");
    const stranger = await remove(path.join(shared.repo.root, "not-a-worktree"));
    expect(stranger.status).toBe(422);
    expect(stranger.body.error.message).toMatch(/is not a worktree of/);
  });
});
