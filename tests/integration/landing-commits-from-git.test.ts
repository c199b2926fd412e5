import { mkdirSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { runLandingGit } from "@/lib/worktrees/land/speculative-landing.ts";
import {
  addWorktree,
  commitAll,
  createFixtureRoot,
  createRepoWithOrigin,
  removeGitFixture,
  runFixtureGit,
  writeFiles,
  type GitFixtureRoot,
} from "@/tests/support/git-fixtures.ts";

let fixture: GitFixtureRoot;
beforeEach(async () => {
  fixture = await createFixtureRoot();
});
afterEach(() => removeGitFixture(fixture));

// When the ref files cannot say (a reftable repository), the two commits come from one
// `git rev-parse`; its answer lines must be the base's and the branch's commits, in that order.
it("reads the base and branch commits from git when the ref files cannot say", async () => {
  const { mainPath } = await createRepoWithOrigin({ root: fixture.root, files: { "a.txt": "a\n" } });
  const featurePath = path.join(fixture.root, "feature");
  await addWorktree({ mainPath, path: featurePath, branch: "feature" });
  await writeFiles({ dir: featurePath, files: { "b.txt": "b\n" } });
  await commitAll({ cwd: featurePath, message: "Add b" });
  const rev = async (ref: string) => (await runFixtureGit({ cwd: mainPath, args: ["rev-parse", ref] })).trim();
  // What a reftable repository has instead of loose and packed refs: the files reader steps aside.
  mkdirSync(path.join(mainPath, ".git", "reftable"));

  const landing = await runLandingGit({
    repoRoot: mainPath,
    base: "main",
    branch: "feature",
    isTrusted: false,
    extraConfig: [],
  });

  expect(landing.baseCommit).toBe(await rev("main"));
  expect(landing.branchCommit).toBe(await rev("feature"));
  expect(landing.clean).toMatchObject({ baseAhead: 0, commitsToLand: 1 });
});
