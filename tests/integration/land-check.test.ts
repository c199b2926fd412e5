import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { MessagesBody } from "@/tests/support/api-types.ts";
import { callApi, openSession, pinRepo, sendChat } from "@/tests/support/call-api.ts";
import { runFixtureGit } from "@/tests/support/git-fixtures.ts";
import { useArborWithRepo } from "@/tests/support/use-arbor-with-repo.ts";
import type { LandBlockers, LandingPreview, LandMethod, LandResult } from "@/lib/worktrees/worktree-types.ts";

interface ErrorBody {
  error: { code: string; message: string };
}

const shared = useArborWithRepo();

const landCheck = (worktreePath: string, base?: string) =>
  callApi<LandingPreview & ErrorBody>(shared.env.arbor, "/api/worktrees/land-check", {
    body: { repoId: shared.repo.repoId, worktreePath, ...(base ? { base } : {}) },
  });
const landBlockers = (worktreePath: string, base?: string) =>
  callApi<LandBlockers & ErrorBody>(shared.env.arbor, "/api/worktrees/land-blockers", {
    body: { repoId: shared.repo.repoId, worktreePath, ...(base ? { base } : {}) },
  });

async function commit(cwd: string, files: Record<string, string>, message: string): Promise<void> {
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(cwd, name), text);
  await runFixtureGit({ cwd, args: ["add", "--", ...Object.keys(files)] });
  await runFixtureGit({ cwd, args: ["commit", "-q", "-m", message] });
}

/** Everything a land check must leave as it was: refs, index, files and HEAD of both worktrees. */
const snapshot = (cwd: string) =>
  [
    execFileSync("git", ["-C", cwd, "for-each-ref"], { encoding: "utf8" }),
    execFileSync("git", ["-C", cwd, "status", "--porcelain=v2", "--branch"], { encoding: "utf8" }),
    readFileSync(path.join(cwd, "a.txt"), "utf8"),
  ].join("\n");

describe("land check", () => {
  it("says a branch would merge cleanly into the default branch, as a fast-forward or a merge commit", async () => {
    const worktree = await shared.repo.addWorktree("clean");
    const fresh = await landCheck(worktree);
    expect(fresh.status).toBe(200);
    expect(fresh.body).toMatchObject({ base: "main", status: "nothing_to_land", commitsToLand: 0 });
    expect((await landBlockers(worktree)).body).toEqual({
      base: "main",
      baseWorktreePath: shared.repo.mainPath,
      blockers: [],
      runs: [],
    });

    await commit(worktree, { "b.txt": "b\n" }, "Add b");
    const ff = await landCheck(worktree);
    expect(ff.body).toMatchObject({
      base: "main",
      baseCommit: await runFixtureGit({ cwd: shared.repo.mainPath, args: ["rev-parse", "main"] }).then((sha) =>
        sha.trim(),
      ),
      status: "clean",
      conflictingFiles: [],
      commitsToLand: 1,
      baseAhead: 0,
    });
    await commit(shared.repo.mainPath, { "c.txt": "c\n" }, "Add c on main");
    const merge = await landCheck(worktree);
    expect(merge.body).toMatchObject({ status: "clean", commitsToLand: 1, baseAhead: 1 });
  });

  it("names the files that would conflict, and touches neither worktree", async () => {
    const worktree = await shared.repo.addWorktree("conflict");
    await commit(worktree, { "a.txt": "branch side\n", "only-branch.txt": "x\n" }, "Change a on the branch");
    await commit(shared.repo.mainPath, { "a.txt": "main side\n" }, "Change a on main");
    const before = [snapshot(shared.repo.mainPath), snapshot(worktree)];
    const checked = await landCheck(worktree);
    expect(checked.status).toBe(200);
    expect(checked.body).toMatchObject({ status: "conflicts", conflictingFiles: ["a.txt"] });
    expect(checked.body.conflicts[0]).toMatchObject({ path: "a.txt" });
    expect((await landBlockers(worktree)).body.blockers).toEqual([]);
    expect([snapshot(shared.repo.mainPath), snapshot(worktree)]).toEqual(before);
    expect(existsSync(path.join(shared.repo.mainPath, "only-branch.txt"))).toBe(false);
  });

  it("shows only git's own conflicts in a file whose text has lines like conflict markers", async () => {
    const worktree = await shared.repo.addWorktree("look-alike");
    const doc = (line: string) =>
      ["A conflict looks like this:", "<<<<<<< HEAD", "ours", "=======", "theirs", ">>>>>>> feature", line, ""].join(
        "\n",
      );
    await commit(shared.repo.mainPath, { "conflicts.md": doc("end") }, "Document conflicts");
    await runFixtureGit({ cwd: worktree, args: ["merge", "-q", "--ff-only", "main"] });
    await commit(worktree, { "conflicts.md": doc("branch end") }, "Branch end");
    await commit(shared.repo.mainPath, { "conflicts.md": doc("main end") }, "Main end");
    const checked = await landCheck(worktree);
    expect(checked.body.conflicts).toEqual([
      {
        path: "conflicts.md",
        hunks: [{ line: 7, base: ["main end"], branch: ["branch end"], isTruncated: false }],
        moreHunks: 0,
        note: null,
      },
    ]);
  });

  it("says a file was renamed to two names, renamed and deleted, or made a link where the other side changed it", async () => {
    const main = shared.repo.mainPath;
    const git = (cwd: string, ...args: string[]) => runFixtureGit({ cwd, args });
    await commit(main, { "rr.txt": "rr\n", "rd.txt": "rd\n", "tc.txt": "tc\n" }, "Files to rename");
    const worktree = await shared.repo.addWorktree("renames");
    await git(worktree, "merge", "-q", "--ff-only", "main");
    await git(worktree, "mv", "rr.txt", "rr-branch.txt");
    await git(worktree, "mv", "rd.txt", "rd-branch.txt");
    rmSync(path.join(worktree, "tc.txt"));
    symlinkSync("elsewhere", path.join(worktree, "tc.txt"));
    await git(worktree, "add", "-A");
    await git(worktree, "commit", "-q", "-m", "Rename and link on the branch");
    await git(main, "mv", "rr.txt", "rr-main.txt");
    await git(main, "rm", "-q", "rd.txt");
    await commit(main, { "tc.txt": "tc on main\n" }, "Rename, delete and change on main");
    const branch = (await git(worktree, "branch", "--show-current")).trim();

    const checked = await landCheck(worktree);
    const notes = Object.fromEntries(checked.body.conflicts.map((file) => [file.path, file.note]));
    const bothRenamed = `rr.txt renamed to rr-main.txt in main and to rr-branch.txt in ${branch}. Keep it under one of the two names (delete the other), or under both.`;
    expect(notes).toEqual({
      "rd-branch.txt": `rd.txt renamed to rd-branch.txt in ${branch}, but deleted in main. Keep it under its new name, or delete it.`,
      "rr-branch.txt": bothRenamed,
      "rr-main.txt": bothRenamed,
      "rr.txt": bothRenamed,
      "tc.txt": `${branch}'s symbolic link; main has another kind of entry here (a file, a link or a submodule), which git set aside as tc.txt~main. Keep one of them here.`,
      "tc.txt~main": `main's tc.txt, set aside under this name by git: ${branch} has a folder (or another kind of entry) at tc.txt. Keep one of them at tc.txt, or both under different names.`,
    });
  });

  it("says a file is binary when only the branch made it binary (the merged tree keeps the base's text)", async () => {
    await commit(shared.repo.mainPath, { "data.bin": "text\n" }, "Add data.bin");
    const worktree = await shared.repo.addWorktree("binary-side");
    await runFixtureGit({ cwd: worktree, args: ["merge", "-q", "--ff-only", "main"] });
    await commit(worktree, { "data.bin": "bin\0ary" }, "Binary on the branch");
    await commit(shared.repo.mainPath, { "data.bin": "text changed\n" }, "Text on main");
    const checked = await landCheck(worktree);
    expect(checked.body.conflicts).toEqual([
      { path: "data.bin", hunks: [], moreHunks: 0, note: "Binary: no text hunks; keep one of the two versions." },
    ]);
  });

  it("shows the hunks of a conflicting lock file of megabytes, and says when a file is too large for them", async () => {
    // A package-lock.json-like file of about 2.5 MB, and one of about 5 MB.
    const lines = (count: number, prefix: string) =>
      Array.from({ length: count }, (_, index) => `    "${prefix}-${index}": "1.0.${index}",\n`).join("");
    const lock = `{\n${lines(80_000, "pkg")}}\n`;
    const huge = `{\n${lines(160_000, "dep")}}\n`;
    await commit(shared.repo.mainPath, { "package-lock.json": lock, "huge.json": huge }, "Add lock files");
    const worktree = await shared.repo.addWorktree("lock-files");
    await runFixtureGit({ cwd: worktree, args: ["merge", "-q", "--ff-only", "main"] });
    const edit = (text: string, from: string, to: string) => text.replace(from, to);
    await commit(
      worktree,
      {
        "package-lock.json": edit(lock, '"pkg-5": "1.0.5"', '"pkg-5": "2.0.0-branch"'),
        "huge.json": edit(huge, '"dep-5": "1.0.5"', '"dep-5": "2.0.0-branch"'),
      },
      "Bump on the branch",
    );
    await commit(
      shared.repo.mainPath,
      {
        "package-lock.json": edit(lock, '"pkg-5": "1.0.5"', '"pkg-5": "3.0.0-main"'),
        "huge.json": edit(huge, '"dep-5": "1.0.5"', '"dep-5": "3.0.0-main"'),
      },
      "Bump on main",
    );
    expect(Buffer.byteLength(lock)).toBeGreaterThan(2 * 1024 * 1024);
    expect(Buffer.byteLength(huge)).toBeGreaterThan(4 * 1024 * 1024);
    const checked = await landCheck(worktree);
    expect(checked.body.status).toBe("conflicts");
    const byPath = new Map(checked.body.conflicts.map((file) => [file.path, file]));
    expect(byPath.get("package-lock.json")).toMatchObject({
      hunks: [{ line: 7, base: ['    "pkg-5": "3.0.0-main",'], branch: ['    "pkg-5": "2.0.0-branch",'] }],
      moreHunks: 0,
    });
    expect(byPath.get("huge.json")).toMatchObject({ hunks: [], moreHunks: 0 });
    expect(byPath.get("huge.json")!.note).toContain("Too large to show its hunks here (over 4.0 MB");
  });

  it("says a branch with no commit in common with the base cannot be landed, and how to merge it anyway", async () => {
    const worktree = path.join(shared.repo.root, "unrelated");
    await runFixtureGit({ cwd: shared.repo.mainPath, args: ["worktree", "add", "-q", "--detach", worktree] });
    await runFixtureGit({ cwd: worktree, args: ["checkout", "-q", "--orphan", "feat/unrelated"] });
    await runFixtureGit({ cwd: worktree, args: ["rm", "-q", "-r", "-f", "."] });
    await commit(worktree, { "own.txt": "own\n" }, "A history of its own");
    const checked = await landCheck(worktree);
    expect(checked.status).toBe(412);
    expect(checked.body.error.message).toBe(
      "feat/unrelated and main have no commit in common (unrelated histories), so Arbor cannot land one into the other. If that is what you want, merge it in a terminal, in the main worktree: `git merge --allow-unrelated-histories feat/unrelated`.",
    );
    expect((await land(worktree, "merge")).status).toBe(412);
    // In a shallow clone the shared commit may just not have been fetched.
    const shallow = path.join(shared.repo.mainPath, ".git", "shallow");
    writeFileSync(shallow, `${await head(worktree)}\n`);
    try {
      expect((await landCheck(worktree)).body.error.message).toBe(
        "git finds no commit that feat/unrelated and main share: this clone is shallow and may not have it. Fetch the rest of the history (`git fetch --unshallow`), then check again.",
      );
    } finally {
      rmSync(shallow);
    }
  });

  it("tells a shallow bare clone's unrelated-looking branch to fetch the rest of the history", async () => {
    const barePath = path.join(shared.repo.root, "shallow.git");
    await runFixtureGit({
      cwd: shared.repo.root,
      args: ["clone", "-q", "--bare", "--depth", "1", `file://${shared.repo.mainPath}`, barePath],
    });
    const worktree = path.join(shared.repo.root, "shallow-orphan");
    await runFixtureGit({ cwd: barePath, args: ["worktree", "add", "-q", "--detach", worktree] });
    await runFixtureGit({ cwd: worktree, args: ["checkout", "-q", "--orphan", "feat/orphan"] });
    await runFixtureGit({ cwd: worktree, args: ["rm", "-q", "-r", "-f", "."] });
    await commit(worktree, { "own.txt": "own\n" }, "A history of its own");
    const repoId = await pinRepo(shared.env.arbor, worktree);
    const checked = await callApi<ErrorBody>(shared.env.arbor, "/api/worktrees/land-check", {
      body: { repoId, worktreePath: worktree },
    });
    expect(checked.status).toBe(412);
    expect(checked.body.error.message).toContain("this clone is shallow and may not have it");
  });

  it("keeps its answer small when a repository names its conflicting files with hundreds of kilobytes", async () => {
    const main = shared.repo.mainPath;
    const git = (args: string[], input?: string) =>
      execFileSync("git", ["-C", main, ...args], { encoding: "utf8", input, maxBuffer: 64 * 1024 * 1024 }).trim();
    const worktree = await shared.repo.addWorktree("long-names");
    const start = git(["rev-parse", "HEAD"]);
    // Names no file system holds, written straight into git's object store (as a pushed branch could).
    const longName = (index: number) => `${index}-${"n".repeat(200_000)}.txt`;
    const commitWith = (text: string) => {
      const blob = git(["hash-object", "-w", "--stdin"], text);
      const entries = Array.from({ length: 12 }, (_, index) => `100644 blob ${blob}\t${longName(index)}`).sort();
      const tree = git(["mktree"], `${entries.join("\n")}\n`);
      return git(["commit-tree", tree, "-p", start, "-m", `Long names: ${text}`]);
    };
    git(["update-ref", "refs/heads/long-base", commitWith("base side\n")]);
    const branch = (await runFixtureGit({ cwd: worktree, args: ["branch", "--show-current"] })).trim();
    git(["update-ref", `refs/heads/${branch}`, commitWith("branch side\n")]);

    const checked = await landCheck(worktree, "long-base");
    expect(checked.body).toMatchObject({ status: "conflicts", conflictingFileCount: 12 });
    expect(JSON.stringify(checked.body).length).toBeLessThan(50_000);
    const first = checked.body.conflictingFiles[0] ?? "";
    expect(first).toHaveLength(300);
    expect(first).toMatch(/^0-n+…n+\.txt$/);
    expect(checked.body.conflicts[0]?.path).toBe(first);
  });

  it("lists what must happen first: uncommitted changes in the base worktree or in the branch's", async () => {
    const worktree = await shared.repo.addWorktree("dirty");
    await commit(worktree, { "d.txt": "d\n" }, "Add d");
    writeFileSync(path.join(shared.repo.mainPath, "draft.txt"), "draft\n");
    writeFileSync(path.join(worktree, "wip.txt"), "wip\n");
    const checked = await landCheck(worktree);
    expect(checked.body.status).toBe("clean");
    expect((await landBlockers(worktree)).body.blockers).toEqual([
      "The main worktree has 1 uncommitted change; commit, stash (`git stash -u` takes new files too) or remove it there first, so the merge does not mix with uncommitted work.",
      "This worktree has 1 uncommitted change that would not be landed; commit or discard it first.",
    ]);
  });

  it("names a run answering in the branch's worktree, and lists it so a browser can ask again when it ends", async () => {
    const worktree = await shared.repo.addWorktree("answering");
    await commit(worktree, { "d.txt": "d\n" }, "Add d");
    const sessionId = await openSession(shared.env.arbor, { repoId: shared.repo.repoId, worktreePath: worktree });
    const running = sendChat(shared.env.arbor, { sessionId, userMessage: "[[mock:hang]]" });
    await expect
      .poll(async () => (await landBlockers(worktree)).body.runs, { timeout: 60_000 })
      .toEqual([{ worktreePath: worktree, state: expect.stringMatching(/^(running|queued)$/) }]);
    expect((await landBlockers(worktree)).body.blockers.join(" ")).toMatch(
      /Claude is (answering|queued) in this worktree/,
    );
    const listed = await callApi<MessagesBody>(shared.env.arbor, `/api/chat/messages?sessionId=${sessionId}`);
    const runId = listed.body.messages.map((message) => message.run).find((run) => run?.status === "running")!.id;
    expect((await callApi(shared.env.arbor, "/api/chat/cancel", { body: { runId } })).status).toBe(200);
    await running;
    const after = (await landBlockers(worktree)).body;
    expect(after.runs).toEqual([]);
    expect(after.blockers.join(" ")).not.toContain("Claude is");
  });

  it("checks against a chosen base and refuses a missing base or the base itself", async () => {
    const base = await shared.repo.addWorktree("base");
    const worktree = await shared.repo.addWorktree("on-base");
    const baseBranch = (await runFixtureGit({ cwd: base, args: ["branch", "--show-current"] })).trim();
    await commit(worktree, { "e.txt": "e\n" }, "Add e");
    expect((await landCheck(worktree, baseBranch)).body).toMatchObject({ base: baseBranch, status: "clean" });
    expect((await landBlockers(worktree, baseBranch)).body).toMatchObject({ base: baseBranch, baseWorktreePath: base });
    const missing = await landCheck(worktree, "gone");
    expect(missing.status).toBe(412);
    expect(missing.body.error.message).toBe("The base branch gone does not exist. Choose another base.");
    const itself = await landCheck(shared.repo.mainPath);
    expect(itself.status).toBe(422);
    expect(itself.body.error.message).toBe("This worktree is on main itself; there is nothing to land.");
  });

  it("runs no merge driver of an untrusted repository: a file that needs one counts as conflicting", async () => {
    const marker = path.join(shared.repo.root, "driver-ran");
    await runFixtureGit({
      cwd: shared.repo.mainPath,
      args: ["config", "merge.evil.driver", `touch ${marker}; cp %B %A`],
    });
    writeFileSync(path.join(shared.repo.mainPath, ".gitattributes"), "*.cfg merge=evil\n");
    await commit(shared.repo.mainPath, { ".gitattributes": "*.cfg merge=evil\n", "x.cfg": "base\n" }, "Add x.cfg");
    const worktree = path.join(shared.repo.root, "driver");
    await runFixtureGit({ cwd: shared.repo.mainPath, args: ["worktree", "add", "-q", "-b", "feat/driver", worktree] });
    await commit(worktree, { "x.cfg": "branch\n" }, "Branch side");
    await commit(shared.repo.mainPath, { "x.cfg": "main\n" }, "Main side");
    const checked = await landCheck(worktree);
    expect(checked.body).toMatchObject({ status: "conflicts", conflictingFiles: ["x.cfg"] });
    expect(existsSync(marker)).toBe(false);
  });

  it("says what each conflict is: a submodule, a symbolic link, a file set aside for a folder, a deletion, a driver switched off", async () => {
    const main = shared.repo.mainPath;
    const git = (cwd: string, ...args: string[]) => runFixtureGit({ cwd, args });
    const [subMain, subBranch, subBase] = (await git(main, "rev-list", "-3", "HEAD")).trim().split("\n");
    const scratch = path.join(shared.repo.root, "notes-scratch");
    await git(main, "worktree", "add", "-q", "--detach", scratch, "HEAD");
    const write = (files: Record<string, string>) => {
      for (const [name, text] of Object.entries(files)) writeFileSync(path.join(scratch, name), text);
    };
    const relink = (target: string) => {
      rmSync(path.join(scratch, "link"), { force: true });
      symlinkSync(target, path.join(scratch, "link"));
    };
    const commitScratch = async (submodule: string | undefined, message: string) => {
      await git(scratch, "add", "-A");
      await git(scratch, "update-index", "--add", "--cacheinfo", `160000,${submodule},sub`);
      await git(scratch, "commit", "-q", "-m", message);
      return (await git(scratch, "rev-parse", "HEAD")).trim();
    };
    write({ fd: "fd\n", "gone.txt": "gone\n", "y.cfg": "base\n" });
    relink("target-0");
    const ancestor = await commitScratch(subBase, "Notes ancestor");
    // The branch: a folder where the file fd was, gone.txt changed, the link and the submodule moved.
    rmSync(path.join(scratch, "fd"));
    mkdirSync(path.join(scratch, "fd"));
    write({ "fd/inner.txt": "inner\n", "gone.txt": "changed\n", "y.cfg": "branch\n" });
    relink("target-branch");
    await git(main, "branch", "feat/notes", await commitScratch(subBranch, "Notes branch"));
    // The base: fd changed, gone.txt deleted, the link and the submodule moved elsewhere.
    await git(scratch, "checkout", "-q", "--detach", ancestor);
    write({ fd: "fd on the base\n", "y.cfg": "base side\n" });
    rmSync(path.join(scratch, "gone.txt"));
    relink("target-base");
    await git(main, "branch", "notes-base", await commitScratch(subMain, "Notes base"));
    await git(main, "worktree", "remove", "--force", scratch);
    const worktree = path.join(shared.repo.root, "notes");
    await git(main, "worktree", "add", "-q", worktree, "feat/notes");

    const checked = await landCheck(worktree, "notes-base");
    expect(checked.body).toMatchObject({ status: "conflicts", conflictingFileCount: 5 });
    expect([...checked.body.conflictingFiles].sort()).toEqual(["fd~notes-base", "gone.txt", "link", "sub", "y.cfg"]);
    const notes = Object.fromEntries(checked.body.conflicts.map((file) => [file.path, file.note]));
    expect(notes).toEqual({
      "fd~notes-base":
        "notes-base's fd, set aside under this name by git: feat/notes has a folder (or another kind of entry) at fd. Keep one of them at fd, or both under different names.",
      "gone.txt":
        "Deleted (or renamed) in notes-base, changed in feat/notes (a file): keep it with feat/notes's changes, or delete it.",
      link: "A symbolic link both sides changed: where each points is below. Keep one target.",
      sub: `A submodule both sides moved to different commits: notes-base has ${subMain?.slice(0, 7)}, feat/notes has ${subBranch?.slice(0, 7)}. Check out the commit to keep inside the submodule, then \`git add\` it.`,
      "y.cfg":
        "No conflict markers: its merge driver `evil` (named in .gitattributes) was not run, as Arbor runs no program of a repository you have not trusted, so git kept notes-base's version. Trust the repository to let the driver merge it, or merge the two versions by hand.",
    });
    expect(checked.body.conflicts.find((file) => file.path === "link")?.hunks).toEqual([
      { line: 1, base: ["target-base"], branch: ["target-branch"], isTruncated: false },
    ]);
  });
});

const land = (worktreePath: string, method: LandMethod) =>
  callApi<LandResult & ErrorBody>(shared.env.arbor, "/api/worktrees/land", {
    body: { repoId: shared.repo.repoId, worktreePath, method },
  });

const head = async (cwd: string, rev = "HEAD") => (await runFixtureGit({ cwd, args: ["rev-parse", rev] })).trim();
const parents = async (cwd: string) =>
  (await runFixtureGit({ cwd, args: ["rev-list", "--parents", "-n", "1", "HEAD"] })).trim().split(" ").length - 1;

describe("landing", () => {
  it("lands with a merge commit, a squashed commit or a fast-forward, in the base's worktree", async () => {
    rmSync(path.join(shared.repo.mainPath, "draft.txt"), { force: true });
    const main = shared.repo.mainPath;
    // The test server's HOME is a throw-away folder with no git identity, like a fresh machine.
    const nobody = await shared.repo.addWorktree("nobody");
    await commit(nobody, { "n.txt": "n\n" }, "n");
    const before = await head(main);
    const identity = await land(nobody, "merge");
    expect(identity.status).toBe(412);
    expect(identity.body.error.message).toMatch(/^Git does not know who you are, so feat\/nobody-\d+ was not landed/);
    expect(await head(main)).toBe(before);
    expect(await runFixtureGit({ cwd: main, args: ["status", "--porcelain"] })).toBe("");
    await runFixtureGit({ cwd: main, args: ["config", "user.name", "Arbor Test"] });
    await runFixtureGit({ cwd: main, args: ["config", "user.email", "test@arbor.invalid"] });

    const merged = await shared.repo.addWorktree("merge-me");
    await commit(merged, { "m1.txt": "m1\n" }, "m1");
    await commit(main, { "main-only.txt": "x\n" }, "Main moves on");
    const mergeResult = await land(merged, "merge");
    expect(mergeResult.status).toBe(200);
    expect(mergeResult.body).toMatchObject({ base: "main", baseWorktreePath: main, method: "merge" });
    expect(mergeResult.body.commit).toBe(await head(main));
    expect(await parents(main)).toBe(2);
    expect(readFileSync(path.join(main, "m1.txt"), "utf8")).toBe("m1\n");
    expect((await landCheck(merged)).body.status).toBe("nothing_to_land");

    const squashed = await shared.repo.addWorktree("squash-me");
    await commit(squashed, { "s1.txt": "s1\n" }, "s1");
    await commit(squashed, { "s2.txt": "s2\n" }, "s2");
    await commit(main, { "main-again.txt": "x\n" }, "Main moves again");
    expect((await land(squashed, "squash")).status).toBe(200);
    expect(await parents(main)).toBe(1);
    expect(existsSync(path.join(main, "s1.txt")) && existsSync(path.join(main, "s2.txt"))).toBe(true);
    expect(await runFixtureGit({ cwd: main, args: ["log", "-1", "--format=%B"] })).toMatch(
      /^Land feat\/squash-me-\d+ \(2 commits\)\n\nSquashed from feat\/squash-me-\d+ into main:\n\n\* s1 \([0-9a-f]+\)\n\* s2 \([0-9a-f]+\)\n/,
    );

    const fast = await shared.repo.addWorktree("fast");
    await commit(fast, { "f.txt": "f\n" }, "f");
    expect((await land(fast, "fast-forward")).status).toBe(200);
    expect(await head(main)).toBe(await head(fast));
  });

  it("refuses what the check refuses, and a fast-forward the base has moved past, changing nothing", async () => {
    const main = shared.repo.mainPath;
    const behind = await shared.repo.addWorktree("behind");
    await commit(behind, { "g.txt": "g\n" }, "g");
    await commit(main, { "h.txt": "h\n" }, "h");
    const ff = await land(behind, "fast-forward");
    expect(ff.status).toBe(412);
    expect(ff.body.error.message).toMatch(/^main has 1 commit that feat\/behind-\d+ lacks, so it cannot fast-forward/);

    const clash = await shared.repo.addWorktree("clash");
    await commit(clash, { "h.txt": "other\n" }, "clash");
    await commit(main, { "h.txt": "main's\n" }, "h again");
    const conflicted = await land(clash, "merge");
    expect(conflicted.status).toBe(409);
    expect(conflicted.body.error.message).toContain("would conflict in h.txt");

    const before = await head(main);
    writeFileSync(path.join(main, "draft.txt"), "draft\n");
    const dirty = await land(behind, "merge");
    expect(dirty.status).toBe(409);
    expect(dirty.body.error.message).toContain("The main worktree has 1 uncommitted change");
    expect(await head(main)).toBe(before);
    expect(existsSync(path.join(main, "g.txt"))).toBe(false);
  });
});
