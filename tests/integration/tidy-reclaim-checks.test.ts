// Reclaim's checks of each dependency folder it is asked to delete, on real worktrees: a git
// repository anywhere inside keeps the folder (however big the folder, unlike the preview's
// bounded walk), a folder reached through a link or belonging to a nested worktree is kept, and
// a folder the preview's walk never reached is still a dependency folder. Run in-process.
import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { measureDiskUsage } from "@/lib/worktrees/tidy/disk-usage.ts";
import { reclaimTidy } from "@/lib/worktrees/tidy/tidy-up.ts";
import { addWorktree, runFixtureGit } from "@/tests/support/git-fixtures.ts";
import { createTestContext } from "@/tests/support/test-context.ts";
import { usePinnedRepo } from "@/tests/support/use-pinned-repo.ts";

const repo = usePinnedRepo({ exclude: "node_modules/\nvendor/\nbuild/\n.venv/\n/linked\n/inner/\n" });
/** A runtime context of the test's own around the pinned repository's database. */
const arbor = () => createTestContext({ db: repo.db });

function writePackage(folder: string, name: string): void {
  mkdirSync(path.join(folder, name), { recursive: true });
  writeFileSync(path.join(folder, name, "index.js"), "module.exports = 1;\n");
}

/**
 * Makes `file` impossible for rm to delete, and returns how to undo that: its folder read-only, or,
 * for root (whom chmod does not stop), the file immutable. A string says why neither can be done here.
 */
function makeUndeletable(file: string): (() => void) | string {
  if (process.getuid?.() !== 0) {
    chmodSync(path.dirname(file), 0o555);
    return () => chmodSync(path.dirname(file), 0o755);
  }
  try {
    execFileSync("chattr", ["+i", file], { stdio: "pipe" });
    return () => execFileSync("chattr", ["-i", file], { stdio: "pipe" });
  } catch (error) {
    return `running as root, where chmod does not stop rm, and \`chattr +i\` fails here (${(error as Error).message.trim()})`;
  }
}

const deleteDependencies = (worktreePath: string, folders: string[]) =>
  reclaimTidy(arbor(), {
    repoId: repo.repoId,
    actions: [{ kind: "delete_dependencies", worktreePath, folders }],
  });

describe("reclaim's checks of dependency folders", () => {
  it("keeps a vendor folder whose repository lies past where a bounded walk stops, and deletes a folder that walk never reached", async () => {
    const worktree = path.join(repo.root, "big-vendor");
    await addWorktree({ mainPath: repo.mainPath, path: worktree, branch: "feat/big-vendor" });
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
    const worktree = path.join(repo.root, "odd-names");
    await addWorktree({ mainPath: repo.mainPath, path: worktree, branch: "feat/odd-names" });
    const elsewhere = path.join(repo.root, "elsewhere");
    writePackage(path.join(elsewhere, "node_modules"), "pkg");
    symlinkSync(elsewhere, path.join(worktree, "linked"));
    const inner = path.join(worktree, "inner");
    await addWorktree({ mainPath: repo.mainPath, path: inner, branch: "feat/inner" });
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

  it("reports a folder rm cannot delete, and still does the other actions and folders", async (context) => {
    const first = path.join(repo.root, "deletable");
    const second = path.join(repo.root, "stuck");
    await addWorktree({ mainPath: repo.mainPath, path: first, branch: "feat/deletable" });
    await addWorktree({ mainPath: repo.mainPath, path: second, branch: "feat/stuck" });
    writePackage(path.join(first, "node_modules"), "pkg");
    writePackage(path.join(second, "node_modules"), "pkg");
    writePackage(path.join(second, ".venv"), "lib");
    const stuckFile = path.join(second, "node_modules", "pkg", "index.js");
    const undo = makeUndeletable(stuckFile);
    if (typeof undo === "string") {
      console.log(`Skipped: ${undo}`);
      context.skip(undo);
      return;
    }
    try {
      const result = await reclaimTidy(arbor(), {
        repoId: repo.repoId,
        actions: [
          { kind: "delete_dependencies", worktreePath: first, folders: ["node_modules"] },
          { kind: "delete_dependencies", worktreePath: second, folders: ["node_modules", ".venv"] },
        ],
      });

      expect(result.done).toMatchObject([
        { worktreePath: first, folders: ["node_modules"] },
        { worktreePath: second, folders: [".venv"] },
      ]);
      expect(result.skipped).toMatchObject([{ action: { worktreePath: second, folders: ["node_modules"] } }]);
      expect(result.skipped[0]!.reason).toMatch(
        /^node_modules could not be deleted \(rm stopped at node_modules\/pkg\/index\.js with E[A-Z]+\); what rm deleted before that is gone, the rest was kept: check that you may change what is left \(its permissions, an immutable attribute\), then delete it by hand\.$/,
      );
      expect(existsSync(path.join(first, "node_modules"))).toBe(false);
      expect(existsSync(path.join(second, ".venv"))).toBe(false);
      expect(readFileSync(stuckFile, "utf8")).toBe("module.exports = 1;\n");
    } finally {
      undo();
    }
  });
});
