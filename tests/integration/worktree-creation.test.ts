import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { callApi, pinRepo, trustRepo } from "@/tests/support/call-api.ts";
import { runFixtureGit } from "@/tests/support/git-fixtures.ts";
import { useArborWithRepo } from "@/tests/support/use-arbor-with-repo.ts";
import type { CreatedWorktree, NewWorktreeOptions } from "@/lib/worktrees/worktree-types.ts";
import type { WorktreeSetup } from "@/lib/worktrees/worktree-setup.ts";

interface ErrorBody {
  error: { code: string; message: string };
}

const shared = useArborWithRepo();

const create = (body: { branch: string; base?: string; worktreePath?: string }) =>
  callApi<CreatedWorktree & ErrorBody>(shared.env.arbor, "/api/worktrees", {
    body: { repoId: shared.repo.repoId, ...body },
  });

const options = async () =>
  (await callApi<{ options: NewWorktreeOptions }>(shared.env.arbor, `/api/worktrees?repoId=${shared.repo.repoId}`)).body
    .options;

const saveSetup = (setup: WorktreeSetup) =>
  callApi<{ setup: WorktreeSetup } & ErrorBody>(shared.env.arbor, `/api/repos/${shared.repo.repoId}/worktree-setup`, {
    method: "PUT",
    body: setup,
  });

const branches = async () =>
  (await runFixtureGit({ cwd: shared.repo.mainPath, args: ["branch", "--format=%(refname:short)"] })).split("\n");

describe("creating a worktree", () => {
  it("proposes the default branch and a naming rule read off the branches when the repository set none", async () => {
    const first = await options();
    expect(first).toMatchObject({ defaultBranch: "main", namingRule: "feat/{slug}", isNamingRuleInferred: true });
    expect(first.repoRoot).toBe(shared.repo.mainPath);
    for (const name of ["fix/a", "fix/b", "fix/c", "feat/d"])
      await runFixtureGit({ cwd: shared.repo.mainPath, args: ["branch", name] });
    expect((await options()).namingRule).toBe("fix/{slug}");
    const set = await callApi(shared.env.arbor, `/api/repos/${shared.repo.repoId}/rules`, {
      method: "PUT",
      body: { branchNamingRule: "topic/{slug}" },
    });
    expect(set.status).toBe(200);
    expect(await options()).toMatchObject({ namingRule: "topic/{slug}", isNamingRuleInferred: false });
  });

  it("creates the branch from the default branch in a folder next to the main worktree", async () => {
    const created = await create({ branch: "fix/login-page" });
    expect(created.status).toBe(201);
    const expected = path.join(shared.repo.root, "main-login-page");
    expect(created.body).toMatchObject({ branch: "fix/login-page", base: "main", worktreePath: expected });
    expect(created.body.setup).toEqual({ copies: [], command: null });
    expect((await runFixtureGit({ cwd: expected, args: ["branch", "--show-current"] })).trim()).toBe("fix/login-page");
    const scan = await callApi<{ scan: { worktrees: Array<{ path: string }> } }>(
      shared.env.arbor,
      `/api/repos/${shared.repo.repoId}/worktrees`,
    );
    expect(scan.body.scan.worktrees.map((worktree) => worktree.path)).toContain(expected);
  });

  it("gives branches named only in non-Latin letters folders of their own", async () => {
    const first = await create({ branch: "feat/日本語" });
    const second = await create({ branch: "feat/ветка" });
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(first.body.worktreePath).toBe(path.join(shared.repo.root, "main-日本語"));
    expect(second.body.worktreePath).toBe(path.join(shared.repo.root, "main-ветка"));
    expect((await runFixtureGit({ cwd: first.body.worktreePath, args: ["branch", "--show-current"] })).trim()).toBe(
      "feat/日本語",
    );
  });

  it("starts from the chosen base branch, in the chosen folder", async () => {
    const base = await shared.repo.addWorktree("base");
    writeFileSync(path.join(base, "on-base.txt"), "base\n");
    await runFixtureGit({ cwd: base, args: ["add", "on-base.txt"] });
    await runFixtureGit({ cwd: base, args: ["commit", "-q", "-m", "On base"] });
    const baseBranch = (await runFixtureGit({ cwd: base, args: ["branch", "--show-current"] })).trim();
    const folder = path.join(shared.repo.root, "chosen folder");
    const created = await create({ branch: "feat/stacked", base: baseBranch, worktreePath: folder });
    expect(created.status).toBe(201);
    expect(created.body.worktreePath).toBe(folder);
    expect(readFileSync(path.join(folder, "on-base.txt"), "utf8")).toBe("base\n");
  });

  it("refuses a taken branch, an invalid name, a folder that exists and a missing base, and creates nothing", async () => {
    const before = await branches();
    const taken = await create({ branch: "fix/a" });
    expect(taken.status).toBe(409);
    expect(taken.body.error.message).toBe(
      "Branch fix/a already exists. No worktree has it checked out: to work on it, run `git worktree add <folder> fix/a` and rescan; to start new work, choose another name.",
    );
    const main = await create({ branch: "main" });
    expect(main.body.error.message).toBe(
      `Branch main already exists. The worktree at ${shared.repo.mainPath} has it: open that one, or choose another name.`,
    );
    const invalid = await create({ branch: "feat/two words" });
    expect(invalid.status).toBe(422);
    expect(invalid.body.error.message).toMatch(/^"feat\/two words" cannot be a branch name: it contains a space/);
    mkdirSync(path.join(shared.repo.root, "occupied"));
    const occupied = await create({ branch: "feat/occupied", worktreePath: path.join(shared.repo.root, "occupied") });
    expect(occupied.status).toBe(409);
    expect(occupied.body.error.message).toContain("occupied already exists. Choose another path");
    symlinkSync(path.join(shared.repo.root, "nowhere"), path.join(shared.repo.root, "dangling"));
    const dangling = await create({ branch: "feat/dangling", worktreePath: path.join(shared.repo.root, "dangling") });
    expect(dangling.status).toBe(409);
    expect(dangling.body.error.message).toContain("dangling already exists. Choose another path");
    const inGit = await create({ branch: "feat/in-git", worktreePath: path.join(shared.repo.mainPath, ".git", "wt") });
    expect(inGit.status).toBe(422);
    expect(inGit.body.error.message).toContain("is inside a .git folder, which is git's own");
    const pasted = await create({ branch: "feat/pasted", worktreePath: path.join(shared.repo.root, "wt\nx") });
    expect(pasted.status).toBe(422);
    expect(pasted.body.error.message).toContain("contains a control character");
    const relative = await create({ branch: "feat/relative", worktreePath: "relative/folder" });
    expect(relative.status).toBe(422);
    expect(relative.body.error.message).toBe("The worktree path must be absolute.");
    const noBase = await create({ branch: "feat/orphan", base: "gone" });
    expect(noBase.status).toBe(412);
    expect(noBase.body.error.message).toBe(
      "The base branch gone does not exist. Rescan, then choose another base branch.",
    );
    expect(await branches()).toEqual(before);
  });

  it("keeps new branches apart from the remote's: no origin/ look-alike, no unrelated twin of a remote branch, the base read as a branch", async () => {
    const { mainPath } = shared.repo;
    const before = await branches();
    // A branch only origin has (as after a teammate's push and a fetch).
    await runFixtureGit({ cwd: mainPath, args: ["branch", "remote-only"] });
    await runFixtureGit({ cwd: mainPath, args: ["push", "-q", "origin", "remote-only"] });
    await runFixtureGit({ cwd: mainPath, args: ["branch", "-D", "remote-only"] });
    const twin = await create({ branch: "remote-only" });
    expect(twin.status).toBe(409);
    expect(twin.body.error.message).toBe(
      "origin/remote-only already exists, and a new branch remote-only would be unrelated to it. To work on it, run `git worktree add <folder> remote-only` (git makes a local branch that tracks it) and rescan; to start new work, choose another name.",
    );
    const lookAlike = await create({ branch: "origin/main" });
    expect(lookAlike.status).toBe(409);
    expect(lookAlike.body.error.message).toContain('"origin/main" starts with origin/, the name of a remote');
    const special = await create({ branch: "ORIG_HEAD" });
    expect(special.status).toBe(422);
    expect(await branches()).toEqual(before);

    // A tag with the base's name does not make the base ambiguous.
    await runFixtureGit({ cwd: mainPath, args: ["tag", "main", "HEAD~0"] });
    try {
      const fromBase = await create({ branch: "feat/tagged-base", base: " main " });
      expect(fromBase.status).toBe(201);
    } finally {
      await runFixtureGit({ cwd: mainPath, args: ["tag", "-d", "main"] });
    }
  });

  it("lets one of several requests for the same folder make it and tells the others why, leaving no stray branch", async () => {
    const before = await branches();
    const folder = path.join(shared.repo.root, "contested");
    const answers = await Promise.all(
      [1, 2, 3, 4].map((index) => create({ branch: `feat/contested-${index}`, worktreePath: folder })),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    for (const answer of answers.filter((candidate) => candidate.status !== 201)) {
      expect(answer.status).toBe(409);
      expect(answer.body.error.message).toMatch(/already setting up a new worktree|already exists/);
    }
    const winner = answers.find((answer) => answer.status === 201)!.body.branch;
    expect((await branches()).filter((name) => !before.includes(name))).toEqual([winner]);
  });

  it("says git's own reason when it cannot add the worktree, leaves no branch behind, and lets the retry through", async () => {
    const before = await branches();
    const file = path.join(shared.repo.root, "a-file-not-a-folder");
    writeFileSync(file, "x\n");
    const blocked = await create({ branch: "feat/retry", worktreePath: path.join(file, "wt") });
    expect(blocked.status).toBe(502);
    expect(blocked.body.error.message).toMatch(
      /^git could not add the worktree at .+\/a-file-not-a-folder\/wt: fatal: could not create (leading )?directories of .+: Not a directory\. Fix what git reports/,
    );
    expect(await branches()).toEqual(before);
    const retried = await create({ branch: "feat/retry", worktreePath: path.join(shared.repo.root, "retry") });
    expect(retried.status).toBe(201);

    await runFixtureGit({ cwd: shared.repo.mainPath, args: ["branch", "ns/child"] });
    const clash = await create({ branch: "ns", worktreePath: path.join(shared.repo.root, "ns") });
    expect(clash.status).toBe(409);
    expect(clash.body.error.message).toMatch(
      /^git could not make the branch ns: fatal: cannot lock ref 'refs\/heads\/ns': .+\. Choose another branch name/,
    );
    expect(existsSync(path.join(shared.repo.root, "ns"))).toBe(false);
  });

  it("copies the listed files from the main worktree, refusing escapes, and does not run the command of an untrusted repository", async () => {
    const main = shared.repo.mainPath;
    writeFileSync(path.join(main, ".env"), "SECRET=1\n");
    mkdirSync(path.join(main, "config"), { recursive: true });
    writeFileSync(path.join(main, "config", "local.json"), "{}\n");
    writeFileSync(path.join(shared.repo.root, "outside.txt"), "outside\n");
    symlinkSync(path.join(shared.repo.root, "outside.txt"), path.join(main, "link-out"));
    symlinkSync(shared.repo.root, path.join(main, "dir-out"));
    symlinkSync(path.join(main, ".git"), path.join(main, "gitlink"));
    writeFileSync(path.join(main, "..env"), "dots\n");

    const refused = await saveSetup({ copyFiles: ["../outside.txt"], command: [], timeoutSeconds: 60 });
    expect(refused.status).toBe(422);
    expect(refused.body.error.message).toBe(
      '"../outside.txt" cannot be copied into new worktrees: the path may not contain ".." (it must stay inside the worktree).',
    );
    const absolute = await saveSetup({ copyFiles: ["/etc/passwd"], command: [], timeoutSeconds: 60 });
    expect(absolute.status).toBe(422);
    const upperGit = await saveSetup({ copyFiles: [".GIT/config"], command: [], timeoutSeconds: 60 });
    expect(upperGit.status).toBe(422);
    expect(upperGit.body.error.message).toContain("files inside .git cannot be copied");
    const nul = await saveSetup({ copyFiles: [], command: ["npm", "ci\u0000--x"], timeoutSeconds: 60 });
    expect(nul.status).toBe(422);
    expect(nul.body.error.message).toContain("contains a NUL character");

    const saved = await saveSetup({
      copyFiles: [
        ".env",
        "config/local.json",
        "missing.txt",
        "link-out",
        "dir-out/outside.txt",
        "a.txt",
        "gitlink/config",
        "..env",
      ],
      command: ["node", "-e", "require('fs').writeFileSync('ran.txt', 'yes')"],
      timeoutSeconds: 60,
    });
    expect(saved.status).toBe(200);
    const created = await create({ branch: "feat/with-setup" });
    expect(created.status).toBe(201);
    const folder = created.body.worktreePath;
    expect(created.body.setup.copies).toEqual([
      { path: ".env", status: "copied", reason: null },
      { path: "config/local.json", status: "copied", reason: null },
      { path: "missing.txt", status: "skipped", reason: "it is not in the main worktree" },
      { path: "link-out", status: "refused", reason: expect.stringContaining("symbolic link") },
      {
        path: "dir-out/outside.txt",
        status: "refused",
        reason: expect.stringContaining("leads out of the main worktree"),
      },
      { path: "a.txt", status: "skipped", reason: "the new worktree already has it (kept as checked out)" },
      {
        path: "gitlink/config",
        status: "refused",
        reason: "a folder on its way is a symbolic link into .git; files inside .git cannot be copied",
      },
      { path: "..env", status: "copied", reason: null },
    ]);
    expect(existsSync(path.join(folder, "gitlink", "config"))).toBe(false);
    expect(readFileSync(path.join(folder, ".env"), "utf8")).toBe("SECRET=1\n");
    expect(readFileSync(path.join(folder, "config", "local.json"), "utf8")).toBe("{}\n");
    expect(existsSync(path.join(folder, "link-out"))).toBe(false);
    expect(created.body.setup.command).toMatchObject({ status: "not_run", output: "" });
    expect(created.body.setup.command?.message).toContain("only when you trust the repository");
    expect(existsSync(path.join(folder, "ran.txt"))).toBe(false);
  });

  it("copies nothing from a bare repository's folder: git's own files are not a main worktree's", async () => {
    const barePath = path.join(shared.repo.root, "bare.git");
    await runFixtureGit({ cwd: shared.repo.root, args: ["clone", "-q", "--bare", shared.repo.mainPath, barePath] });
    const branch = (await runFixtureGit({ cwd: barePath, args: ["symbolic-ref", "--short", "HEAD"] })).trim();
    const linked = path.join(shared.repo.root, "bare-linked");
    await runFixtureGit({ cwd: barePath, args: ["worktree", "add", "-q", linked, branch] });
    const repoId = await pinRepo(shared.env.arbor, linked);
    const saved = await callApi(shared.env.arbor, `/api/repos/${repoId}/worktree-setup`, {
      method: "PUT",
      body: { copyFiles: ["config", "HEAD"], command: [], timeoutSeconds: 60 },
    });
    expect(saved.status).toBe(200);

    const created = await callApi<CreatedWorktree>(shared.env.arbor, "/api/worktrees", {
      body: { repoId, branch: "feat/from-bare", worktreePath: path.join(shared.repo.root, "from-bare") },
    });

    expect(created.status).toBe(201);
    const reason =
      "the repository has no main worktree to copy it from (it is bare, or the main worktree's folder is gone); copy it into the new worktree by hand";
    expect(created.body.setup.copies).toEqual([
      { path: "config", status: "skipped", reason },
      { path: "HEAD", status: "skipped", reason },
    ]);
    expect(existsSync(path.join(created.body.worktreePath, "config"))).toBe(false);
    expect(existsSync(path.join(created.body.worktreePath, "HEAD"))).toBe(false);
  });

  it("runs the setup command of a trusted repository in the new worktree and shows its output; a failure keeps the worktree", async () => {
    await trustRepo(shared.env.arbor, shared.repo.repoId);

    await saveSetup({
      copyFiles: [],
      command: ["node", "-e", "require('fs').writeFileSync('ran.txt', process.cwd()); console.log('set up')"],
      timeoutSeconds: 60,
    });
    const ok = await create({ branch: "feat/trusted-setup" });
    expect(ok.status).toBe(201);
    expect(ok.body.setup.command).toMatchObject({ status: "succeeded", message: null, output: "set up\n" });
    expect(readFileSync(path.join(ok.body.worktreePath, "ran.txt"), "utf8")).toBe(ok.body.worktreePath);

    await saveSetup({
      copyFiles: [],
      command: ["node", "-e", "console.log('installing'); console.error('boom'); process.exit(3)"],
      timeoutSeconds: 60,
    });
    const failed = await create({ branch: "feat/failing-setup" });
    expect(failed.status).toBe(201);
    expect(failed.body.setup.command).toMatchObject({ status: "failed", output: "installing\nboom\n" });
    expect(failed.body.setup.command?.message).toBe(
      "The setup command failed (exit status 3). The worktree was created and stays; fix the command in the setup, or finish the setup by hand in the worktree.",
    );
    expect(existsSync(failed.body.worktreePath)).toBe(true);

    await saveSetup({ copyFiles: [], command: ["node", "-e", "setInterval(() => {}, 1000)"], timeoutSeconds: 1 });
    const hung = await create({ branch: "feat/hung-setup" });
    expect(hung.body.setup.command?.message).toContain("did not finish within 1 s and was stopped");

    await saveSetup({ copyFiles: [], command: ["no-such-program-arbor"], timeoutSeconds: 5 });
    const missing = await create({ branch: "feat/missing-program" });
    expect(missing.body.setup.command?.message).toBe(
      "The setup command could not start: there is no program no-such-program-arbor on Arbor's PATH. The worktree was created and stays; fix the command in the setup, or finish the setup by hand in the worktree.",
    );
  });
});
