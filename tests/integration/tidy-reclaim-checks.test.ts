// Reclaim's checks of each dependency folder it is asked to delete, on real worktrees: a git
// repository anywhere inside keeps the folder (however big the folder, unlike the preview's
// bounded walk), a folder reached through a link or belonging to a nested worktree is kept, and
// a folder the preview's walk never reached is still a dependency folder. Run in-process.
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client.ts";
import { pinRepository } from "@/lib/pins/pin-repository.ts";
import { measureDiskUsage } from "@/lib/worktrees/disk-usage.ts";
import { reclaimTidy } from "@/lib/worktrees/tidy-up.ts";
import {
  addWorktree,
  createFixtureRoot,
  createRepoWithOrigin,
  removeGitFixture,
  runFixtureGit,
  type GitFixtureRoot,
} from "@/tests/support/git-fixtures.ts";
import { createTestDb } from "@/tests/support/test-db.ts";

let testDb: Awaited<ReturnType<typeof createTestDb>>;
let db: Db;
let fixture: GitFixtureRoot;
let mainPath = "";
let repoId = "";

function writePackage(folder: string, name: string): void {
  mkdirSync(path.join(folder, name), { recursive: true });
  writeFileSync(path.join(folder, name, "index.js"), "module.exports = 1;\n");
}

const deleteDependencies = (worktreePath: string, folders: string[]) =>
  reclaimTidy(db, {
    repoId,
    actions: [{ kind: "delete_dependencies", worktreePath, folders }],
  });

beforeAll(async () => {
  testDb = await createTestDb();
  db = testDb.db;
  fixture = await createFixtureRoot();
  ({ mainPath } = await createRepoWithOrigin({ root: fixture.root, files: { "a.txt": "a\n" } }));
  writeFileSync(path.join(mainPath, ".git", "info", "exclude"), "node_modules/\nvendor/\nbuild/\n/linked\n/inner/\n", {
    flag: "a",
  });
  await pinRepository(db, { path: mainPath });
  repoId = (await db.repo.findFirstOrThrow()).id;
});

afterAll(async () => {
  await testDb.close();
  await removeGitFixture(fixture);
});

describe("reclaim's checks of dependency folders", () => {
  it("keeps a vendor folder whose repository lies past where a bounded walk stops, and deletes a folder that walk never reached", async () => {
    const worktree = path.join(fixture.root, "big-vendor");
    await addWorktree({ mainPath, path: worktree, branch: "feat/big-vendor" });
    for (let index = 0; index < 60; index += 1) writePackage(path.join(worktree, "vendor"), `pkg-${index}`);
    const clone = path.join(worktree, "vendor", "org", "deep", "mylib");
    mkdirSync(clone, { recursive: true });
    await runFixtureGit({ cwd: clone, args: ["init", "-q"] });
    writeFileSync(path.join(clone, "patch.txt"), "my own work\n");
    writePackage(path.join(worktree, "packages", "web", "build"), "out");
    writePackage(path.join(worktree, "node_modules"), "pkg");

    // A walk cut short (the preview's, past its entry limit) sees no repository in vendor/.
    const bounded = await measureDiskUsage(worktree, { maxEntries: 10, concurrency: 1 });
    expect(bounded.isPartial).toBe(true);
    expect(bounded.dependencies.filter((folder) => folder.repository !== null)).toEqual([]);
    expect(bounded.dependencies.map((folder) => folder.path)).not.toContain("packages/web/build");

    const result = await deleteDependencies(worktree, ["vendor", "packages/web/build", "node_modules"]);

    expect(result.done).toMatchObject([{ worktreePath: worktree, folders: ["packages/web/build", "node_modules"] }]);
    expect(readFileSync(path.join(clone, "patch.txt"), "utf8")).toBe("my own work\n");
    expect(existsSync(path.join(worktree, "vendor", "pkg-0", "index.js"))).toBe(true);
    expect(existsSync(path.join(worktree, "packages", "web", "build"))).toBe(false);
    expect(existsSync(path.join(worktree, "packages", "web"))).toBe(true);
    expect(existsSync(path.join(worktree, "node_modules"))).toBe(false);
  });

  it("keeps a folder reached through a link, one inside a nested worktree, and names that are not top-most dependency folders", async () => {
    const worktree = path.join(fixture.root, "odd-names");
    await addWorktree({ mainPath, path: worktree, branch: "feat/odd-names" });
    const elsewhere = path.join(fixture.root, "elsewhere");
    writePackage(path.join(elsewhere, "node_modules"), "pkg");
    symlinkSync(elsewhere, path.join(worktree, "linked"));
    const inner = path.join(worktree, "inner");
    await addWorktree({ mainPath, path: inner, branch: "feat/inner" });
    writePackage(path.join(inner, "node_modules"), "pkg");
    writePackage(path.join(worktree, "node_modules", "a", "node_modules"), "b");

    const result = await deleteDependencies(worktree, [
      "linked/node_modules",
      "inner/node_modules",
      "node_modules/a/node_modules",
      "a.txt",
      "..",
    ]);

    expect(result.done).toEqual([]);
    expect(result.skipped).toHaveLength(1);
    expect(result.skipped[0]!.reason).toBe(
      [
        "linked/node_modules is reached through a symbolic link (linked); nothing is deleted through a link.",
        `inner/node_modules belongs to another worktree (${inner}), which lives inside this one; it was kept.`,
        "node_modules/a/node_modules is inside node_modules, a dependency folder itself; only that outer folder is deleted.",
        "a.txt is not a dependency folder of this worktree (only folders such as node_modules, .venv or target are deleted).",
        ".. is not a dependency folder of this worktree (only folders such as node_modules, .venv or target are deleted).",
      ].join(" "),
    );
    expect(existsSync(path.join(elsewhere, "node_modules", "pkg", "index.js"))).toBe(true);
    expect(existsSync(path.join(inner, "node_modules", "pkg", "index.js"))).toBe(true);
    expect(existsSync(path.join(worktree, "node_modules", "a", "node_modules", "b", "index.js"))).toBe(true);
  });
});
