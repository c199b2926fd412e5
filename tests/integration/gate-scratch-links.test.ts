// A gate's scratch worktree given a user's installed dependencies by links (lib/worktrees/gate-setup), on real
// folders and real git: where each link leads, and that cleaning the scratch between queue steps (git clean
// -ffdx) and removing it afterwards delete the links, never what they lead to.
import { existsSync, lstatSync, mkdirSync, readlinkSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { withScratchWorktree } from "@/lib/checks/gate/scratch-worktree.ts";
import { listChangedManifests } from "@/lib/worktrees/gate-setup/changed-manifests.ts";
import { findInstalledFolders } from "@/lib/worktrees/gate-setup/find-installed-folders.ts";
import { linkInstalledFolders } from "@/lib/worktrees/gate-setup/link-installed-folders.ts";
import {
  addWorktree,
  commitAll,
  createRepoWithOrigin,
  runFixtureGit,
  writeFiles,
} from "@/tests/support/git-fixtures.ts";
import { installDependencies, snapshotFolder } from "@/tests/support/installed-dependencies.ts";
import { useFixtureRoot } from "@/tests/support/use-fixture-root.ts";

const fixture = useFixtureRoot("each");

const git = async (cwd: string, ...args: string[]) => (await runFixtureGit({ cwd, args })).trim();

/** A repository of a small workspace and a worktree of it with its dependencies installed, its files outside it. */
async function worktreeWithDependencies() {
  const { root } = fixture;
  const { mainPath } = await createRepoWithOrigin({
    root,
    files: {
      ".gitignore": "node_modules/\n.venv/\n",
      "package.json": '{ "name": "app", "workspaces": ["packages/*"] }\n',
      "package-lock.json": '{ "lockfileVersion": 3 }\n',
      "packages/util/package.json": '{ "name": "@me/util" }\n',
      "packages/util/index.js": "module.exports = 'util';\n",
    },
  });
  const worktreePath = path.join(root, "feature");
  await addWorktree({ mainPath, path: worktreePath, branch: "feature" });
  await installDependencies(worktreePath);
  // A workspace package with its own node_modules, and a package linked from outside the worktree.
  mkdirSync(path.join(worktreePath, "packages/util/node_modules/dep"), { recursive: true });
  writeFileSync(path.join(worktreePath, "packages/util/node_modules/dep/index.js"), "module.exports = 1;\n");
  mkdirSync(path.join(root, "shared-lib"));
  symlinkSync(path.join(root, "shared-lib"), path.join(worktreePath, "node_modules/shared-lib"));
  return { mainPath, worktreePath };
}

/** What the user's worktree holds that git does not: the folders no scratch may change. */
const snapshotUntracked = async (worktreePath: string) => ({
  modules: await snapshotFolder(path.join(worktreePath, "node_modules")),
  venv: await snapshotFolder(path.join(worktreePath, ".venv")),
  nested: await snapshotFolder(path.join(worktreePath, "packages/util/node_modules")),
  shared: await snapshotFolder(path.join(fixture.root, "shared-lib")),
});

describe("a scratch worktree with a worktree's dependencies linked in", () => {
  it("links each installed folder, and a clean between steps and the removal leave the user's folders as they were", async () => {
    const { mainPath, worktreePath } = await worktreeWithDependencies();
    const before = await snapshotUntracked(worktreePath);
    const commit = await git(worktreePath, "rev-parse", "HEAD");
    const tree = await git(worktreePath, "rev-parse", "HEAD^{tree}");
    const folders = await findInstalledFolders(worktreePath);
    expect(folders).toEqual([".venv", "node_modules", "packages/util/node_modules"]);

    let scratchPath = "";
    await withScratchWorktree({ repoCwd: mainPath }, async (scratch) => {
      scratchPath = realpathSync(await scratch.checkout({ commit, tree }));
      const outcome = await linkInstalledFolders({ sourceRoot: worktreePath, scratchRoot: scratchPath, folders });
      expect(outcome).toEqual({ linked: folders, problems: [] });
      const at = (relative: string) => path.join(scratchPath, relative);
      // node_modules is the scratch's own folder of links: a package leads to the user's, a workspace
      // package to the scratch's own files, a link out of the worktree where it led; no cache is shared.
      expect(lstatSync(at("node_modules")).isDirectory()).toBe(true);
      expect(realpathSync(at("node_modules/left-pad-like"))).toBe(
        path.join(worktreePath, "node_modules/left-pad-like"),
      );
      expect(realpathSync(at("node_modules/@me/util"))).toBe(at("packages/util"));
      expect(realpathSync(at("node_modules/.bin/left-pad"))).toBe(
        path.join(worktreePath, "node_modules/left-pad-like/index.js"),
      );
      expect(readlinkSync(at("node_modules/shared-lib"))).toBe(path.join(fixture.root, "shared-lib"));
      expect(existsSync(at("node_modules/.cache"))).toBe(false);
      expect(readlinkSync(at(".venv"))).toBe(path.join(worktreePath, ".venv"));
      expect(realpathSync(at("packages/util/node_modules/dep"))).toBe(
        path.join(worktreePath, "packages/util/node_modules/dep"),
      );
      // A check's cache lands in the scratch.
      mkdirSync(at("node_modules/.cache/babel"), { recursive: true });
      writeFileSync(at("node_modules/.cache/babel/x.json"), "{}");

      // The next step's checkout cleans the scratch first (git clean -ffdx): the links go, not what they lead to.
      await scratch.checkout({ commit, tree });
      expect(existsSync(at("node_modules"))).toBe(false);
      expect(existsSync(at(".venv"))).toBe(false);
      expect(existsSync(at("packages/util/node_modules"))).toBe(false);
      expect(await snapshotUntracked(worktreePath)).toEqual(before);
      await linkInstalledFolders({ sourceRoot: worktreePath, scratchRoot: scratchPath, folders });
    });
    // Removed with its links in it: the scratch is gone, the user's folders are as they were.
    expect(existsSync(scratchPath)).toBe(false);
    expect(existsSync(path.dirname(scratchPath))).toBe(false);
    expect(await git(mainPath, "worktree", "list", "--porcelain")).not.toMatch(/arbor-gate-/);
    expect(await snapshotUntracked(worktreePath)).toEqual(before);
  });

  it("rm of a folder holding links to folders unlinks them and deletes nothing they lead to", async () => {
    const { worktreePath } = await worktreeWithDependencies();
    const before = await snapshotUntracked(worktreePath);
    const scratchPath = path.join(fixture.root, "scratch");
    mkdirSync(path.join(scratchPath, "node_modules"), { recursive: true });
    symlinkSync(path.join(worktreePath, "node_modules/left-pad-like"), path.join(scratchPath, "node_modules/pad"));
    symlinkSync(path.join(worktreePath, ".venv"), path.join(scratchPath, ".venv"));
    symlinkSync(path.join(worktreePath, "node_modules"), path.join(scratchPath, "whole-node-modules"));

    // As removeScratch calls it when git could not remove the worktree.
    await rm(scratchPath, { recursive: true, force: true, maxRetries: 3 });

    expect(existsSync(scratchPath)).toBe(false);
    expect(await snapshotUntracked(worktreePath)).toEqual(before);
  });

  it("places nothing where the merge has a file or folder, nor through a link the merge's tree holds", async () => {
    const { mainPath, worktreePath } = await worktreeWithDependencies();
    const elsewhere = path.join(fixture.root, "elsewhere");
    mkdirSync(elsewhere);
    // The merge tracks vendor/ (a Go vendor folder) and makes packages/app a link out of the checkout.
    await writeFiles({ dir: worktreePath, files: { "vendor/modules.txt": "# go\n" } });
    symlinkSync(elsewhere, path.join(worktreePath, "packages/app"));
    await commitAll({ cwd: worktreePath, message: "Track vendor, link packages/app" });
    const commit = await git(worktreePath, "rev-parse", "HEAD");
    const tree = await git(worktreePath, "rev-parse", "HEAD^{tree}");
    mkdirSync(path.join(fixture.root, "other/vendor"), { recursive: true });
    mkdirSync(path.join(fixture.root, "other/packages/app/node_modules"), { recursive: true });

    await withScratchWorktree({ repoCwd: mainPath }, async (scratch) => {
      const scratchPath = await scratch.checkout({ commit, tree });
      const outcome = await linkInstalledFolders({
        sourceRoot: path.join(fixture.root, "other"),
        scratchRoot: scratchPath,
        folders: ["vendor", "packages/app/node_modules"],
      });
      expect(outcome).toEqual({ linked: [], problems: [] });
      expect(lstatSync(path.join(scratchPath, "vendor")).isSymbolicLink()).toBe(false);
    });
    expect(await snapshotFolder(elsewhere)).toEqual({ "": expect.stringMatching(/^folder /) });
  });

  it("names the manifests and lockfiles a tree changes relative to a worktree's files, at any depth", async () => {
    const { worktreePath } = await worktreeWithDependencies();
    const same = await git(worktreePath, "rev-parse", "HEAD^{tree}");
    expect(await listChangedManifests({ worktreePath, tree: same })).toEqual([]);
    await writeFiles({
      dir: worktreePath,
      files: {
        "package-lock.json": '{ "lockfileVersion": 3, "packages": {} }\n',
        "py/requirements-dev.txt": "pytest\n",
        "notes.txt": "not a manifest\n",
      },
    });
    await commitAll({ cwd: worktreePath, message: "Change the lockfile, add requirements and notes" });
    const changed = await git(worktreePath, "rev-parse", "HEAD^{tree}");
    // The worktree's files go back to what its dependencies were installed from.
    await git(worktreePath, "reset", "-q", "--hard", "HEAD~1");
    expect(await listChangedManifests({ worktreePath, tree: changed })).toEqual([
      "package-lock.json",
      "py/requirements-dev.txt",
    ]);
  });
});
