import path from "node:path";
import { addWorktree, createFixtureRoot, createRepoWithOrigin, removeGitFixture } from "./git-fixtures.ts";
import { openSession, pinRepo } from "./call-api.ts";
import type { ArborAddress } from "./start-arbor.ts";

export interface PinnedRepo {
  root: string;
  mainPath: string;
  repoId: string;
  /** Adds a worktree on a new branch `feat/<name>-<n>` and returns its path. */
  addWorktree(name?: string): Promise<string>;
  /** A fresh worktree with its chat session open. */
  freshSession(name?: string): Promise<{ sessionId: string; worktreePath: string }>;
  remove(): Promise<void>;
}

/**
 * A real repository (with an origin) in a temp folder, pinned in the Arbor server that
 * `arbor()` returns (a function, so a test that restarts the server keeps using this repo).
 */
export async function createPinnedRepo(arbor: () => ArborAddress): Promise<PinnedRepo> {
  const fixture = await createFixtureRoot();
  const { mainPath } = await createRepoWithOrigin({ root: fixture.root, files: { "a.txt": "a\n" } });
  const repoId = await pinRepo(arbor(), mainPath);
  let counter = 0;
  const repo: PinnedRepo = {
    root: fixture.root,
    mainPath,
    repoId,
    async addWorktree(name = "wt") {
      counter += 1;
      const worktreePath = path.join(fixture.root, `${name}-${counter}`);
      await addWorktree({ mainPath, path: worktreePath, branch: `feat/${name}-${counter}` });
      return worktreePath;
    },
    async freshSession(name) {
      const worktreePath = await repo.addWorktree(name);
      return { sessionId: await openSession(arbor(), { repoId, worktreePath }), worktreePath };
    },
    remove: () => removeGitFixture(fixture),
  };
  return repo;
}
