// Landing when something around it is wrong: git does not know who the user is, the base moves
// while a rebase-land runs, the base's worktree folder was deleted, a merge or rebase is stopped
// where the land would go. Each answer says what happened and what to do.
import { existsSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { callApi, trustRepo } from "@/tests/support/call-api.ts";
import { runFixtureGit } from "@/tests/support/git-fixtures.ts";
import { useArborWithRepo } from "@/tests/support/use-arbor-with-repo.ts";
import type { LandBlockers, LandingPreview, LandMethod, LandResult } from "@/lib/worktrees/worktree-types.ts";

interface ErrorBody {
  error: { code: string; message: string; details?: Record<string, unknown> };
}

const shared = useArborWithRepo();
const main = () => shared.repo.mainPath;

const land = (worktreePath: string, method: LandMethod) =>
  callApi<LandResult & ErrorBody>(shared.env.arbor, "/api/worktrees/land", {
    body: { repoId: shared.repo.repoId, worktreePath, method },
  });
const git = (cwd: string, ...args: string[]) => runFixtureGit({ cwd, args });
const head = async (cwd: string, rev = "HEAD") => (await git(cwd, "rev-parse", rev)).trim();

async function commit(cwd: string, files: Record<string, string>, message: string): Promise<void> {
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(cwd, name), text);
  await git(cwd, "add", "--", ...Object.keys(files));
  await git(cwd, "commit", "-q", "-m", message);
}

describe("git does not know who you are", () => {
  it("refuses a rebase-land before the rebase starts, changing nothing, as merge and squash do", async () => {
    // An empty name: git refuses to write a commit with it ("empty ident name").
    await git(main(), "config", "user.name", "");
    await git(main(), "config", "user.email", "test@arbor.invalid");
    const worktree = await shared.repo.addWorktree("nobody");
    await commit(worktree, { "n.txt": "n\n" }, "Branch n");
    await commit(main(), { "m.txt": "m\n" }, "Main m");
    const [branchHead, mainHead] = [await head(worktree), await head(main())];

    const landed = await land(worktree, "rebase");
    expect(landed.status).toBe(412);
    expect(landed.body.error.message).toMatch(
      /^Git does not know who you are, so feat\/nobody-\d+ was not rebased or landed \(both worktrees are as they were\)\. Run `git config --global user.name "Your Name"`/,
    );
    expect([await head(worktree), await head(main())]).toEqual([branchHead, mainHead]);
    const gitDir = (await git(worktree, "rev-parse", "--absolute-git-dir")).trim();
    expect(existsSync(path.join(gitDir, "rebase-merge"))).toBe(false);

    await git(main(), "config", "user.name", "Arbor Test");
    expect((await land(worktree, "rebase")).status).toBe(200);
    expect(await head(main())).toBe(await head(worktree));
  });
});

describe("the base's worktree folder deleted behind Arbor's back", () => {
  it("is named with what to do by the blockers and the land (not a git failure), and landing works once git forgets it", async () => {
    const baseFolder = path.join(shared.repo.root, "develop");
    await git(main(), "worktree", "add", "-q", "-b", "develop", baseFolder);
    const worktree = path.join(shared.repo.root, "onto-develop");
    await git(main(), "worktree", "add", "-q", "-b", "feat/onto-develop", worktree, "develop");
    await commit(worktree, { "d.txt": "d\n" }, "Branch d");
    rmSync(baseFolder, { recursive: true, force: true });
    const body = { repoId: shared.repo.repoId, worktreePath: worktree, base: "develop" };

    const checked = await callApi<LandingPreview>(shared.env.arbor, "/api/worktrees/land-check", { body });
    expect(checked.body).toMatchObject({ status: "clean", base: "develop" });
    const missing = `The worktree that has develop checked out, ${baseFolder}, is missing: its folder was deleted or moved. Restore the folder, or run \`git worktree prune\` so git forgets it (then check develop out in another worktree), and land again.`;
    const blockers = await callApi<LandBlockers>(shared.env.arbor, "/api/worktrees/land-blockers", { body });
    expect(blockers.status).toBe(200);
    expect(blockers.body).toEqual({ base: "develop", baseWorktreePath: baseFolder, blockers: [missing], runs: [] });
    const landed = await callApi<LandResult & ErrorBody>(shared.env.arbor, "/api/worktrees/land", {
      body: { ...body, method: "merge" },
    });
    expect(landed.status).toBe(409);
    expect(landed.body.error.message).toBe(`feat/onto-develop was not landed: ${missing}`);

    await git(main(), "worktree", "prune");
    const elsewhere = path.join(shared.repo.root, "develop again");
    await git(main(), "worktree", "add", "-q", elsewhere, "develop");
    const again = await callApi<LandResult>(shared.env.arbor, "/api/worktrees/land", {
      body: { ...body, method: "fast-forward" },
    });
    expect(again.status).toBe(200);
    expect(again.body.baseWorktreePath).toBe(elsewhere);
  });
});

describe("a merge or rebase stopped where the land would go", () => {
  it("names a merge stopped in the base's worktree, with how to finish or abort it, in the blockers and the land", async () => {
    const worktree = await shared.repo.addWorktree("onto-merging");
    await commit(worktree, { "om.txt": "om\n" }, "Branch om");
    // The user's own merge in main's worktree, stopped on a conflict.
    const other = await shared.repo.addWorktree("other");
    await commit(other, { "clash.txt": "other\n" }, "Other clash");
    await commit(main(), { "clash.txt": "main\n" }, "Main clash");
    const otherBranch = (await git(other, "branch", "--show-current")).trim();
    await git(main(), "merge", "-q", otherBranch).catch(() => undefined);
    const body = { repoId: shared.repo.repoId, worktreePath: worktree };
    try {
      const stopped = new RegExp(
        `^In the main worktree: A merge is in progress in ${main()} with conflicts in clash\\.txt\\. Abort it \\(the worktree row's "Merge in progress…"\\), or finish it in a terminal and commit\\.$`,
      );
      const blockers = await callApi<LandBlockers>(shared.env.arbor, "/api/worktrees/land-blockers", { body });
      expect(blockers.body.blockers).toHaveLength(1);
      expect(blockers.body.blockers[0]).toMatch(stopped);
      const landed = await land(worktree, "merge");
      expect(landed.status).toBe(409);
      expect(landed.body.error.message).toMatch(
        /^feat\/onto-merging-\d+ was not landed: In the main worktree: A merge is in progress/,
      );
      expect(landed.body.error.message).not.toContain("uncommitted change");
    } finally {
      await git(main(), "merge", "--abort");
    }
  });

  it("says the base is being rebased in another worktree, instead of 'no worktree has it checked out'", async () => {
    const rebasing = await shared.repo.addWorktree("rebasing-base");
    const baseBranch = (await git(rebasing, "branch", "--show-current")).trim();
    await commit(rebasing, { "rb.txt": "base side\n" }, "Base rb");
    const worktree = path.join(shared.repo.root, "onto-rebasing");
    await git(main(), "worktree", "add", "-q", "-b", "feat/onto-rebasing", worktree, baseBranch);
    await commit(worktree, { "or.txt": "or\n" }, "Branch or");
    await commit(main(), { "rb.txt": "main side\n" }, "Main rb");
    await git(rebasing, "rebase", "main").catch(() => undefined);
    try {
      const blockers = await callApi<LandBlockers>(shared.env.arbor, "/api/worktrees/land-blockers", {
        body: { repoId: shared.repo.repoId, worktreePath: worktree, base: baseBranch },
      });
      expect(blockers.body.baseWorktreePath).toBeNull();
      expect(blockers.body.blockers).toHaveLength(1);
      expect(blockers.body.blockers[0]).toMatch(
        new RegExp(
          `^The worktree ${rebasing} is in the middle of a rebase of ${baseBranch}, so no worktree has ${baseBranch} checked out to land into\\. A rebase of ${baseBranch} onto \\w+ is stopped in ${rebasing} at \\w+ \\(Base rb\\) with conflicts in rb\\.txt\\. Abort it`,
        ),
      );
    } finally {
      await git(rebasing, "rebase", "--abort");
    }
  });
});

// Last: trusting the repository lets its hooks run in every land after.
describe("in a trusted repository", () => {
  it("says the base moved while a rebase-land ran, that the branch was rebased onto the old base, and lands when asked again", async () => {
    const worktree = await shared.repo.addWorktree("moving");
    await commit(worktree, { "mv.txt": "mv\n" }, "Branch mv");
    await commit(main(), { "mm.txt": "mm\n" }, "Main mm");
    const oldBase = await head(main());
    // After the rebase rewrites the branch, the hook commits on main once (as a tool or a colleague's script might).
    const marker = path.join(shared.repo.root, "post-rewrite-ran");
    writeFileSync(
      path.join(main(), ".git", "hooks", "post-rewrite"),
      [
        "#!/bin/sh",
        `[ -e '${marker}' ] && exit 0`,
        `touch '${marker}'`,
        "unset GIT_DIR GIT_WORK_TREE GIT_INDEX_FILE GIT_PREFIX",
        `cd '${main()}' && git commit -q --allow-empty -m 'Committed by a hook'`,
        "",
      ].join("\n"),
      { mode: 0o755 },
    );
    await trustRepo(shared.env.arbor, shared.repo.repoId);

    const landed = await land(worktree, "rebase");
    expect(landed.status).toBe(409);
    const moved = (await head(main())).slice(0, 7);
    expect(landed.body.error.message).toMatch(
      new RegExp(
        `^main moved while feat/moving-\\d+ was being landed \\(it is now at ${moved}; a hook or another program committed on it\\), so nothing was landed\\. feat/moving-\\d+ was rebased onto the old main \\(${oldBase.slice(0, 7)}\\), so its commit ids changed\\. Check again, then land again\\.$`,
      ),
    );
    expect(landed.body.error.details).toMatchObject({ isBaseMoved: true, isBranchRebased: true });
    expect(await head(main(), "HEAD~1")).toBe(oldBase);
    expect(await head(worktree, "HEAD~1")).toBe(oldBase);
    expect(await git(main(), "status", "--porcelain")).toBe("");

    expect((await land(worktree, "rebase")).status).toBe(200);
    expect(await head(main())).toBe(await head(worktree));
    expect((await git(main(), "log", "-3", "--format=%s")).trim().split("\n")).toEqual([
      "Branch mv",
      "Committed by a hook",
      "Main mm",
    ]);
  });
});
