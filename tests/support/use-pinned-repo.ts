import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import type { Db } from "@/lib/db/client.ts";
import { pinRepository } from "@/lib/pins/pin-repository.ts";
import { createWorktreeIndex } from "@/lib/pins/worktree-index.ts";
import { createFixtureRoot, createRepoWithOrigin, removeGitFixture, type GitFixtureRoot } from "./git-fixtures.ts";
import { createTestDb } from "./test-db.ts";

export interface PinnedRepo {
  db: Db;
  /** The fixture's folder: worktrees go here, next to the main one. */
  root: string;
  mainPath: string;
  repoId: string;
}

/**
 * For tests that call lib/ directly (no server): a test database, and a git repository with an
 * origin pinned in it, made before the enclosing file's tests and removed after them. `exclude`
 * is appended to the repository's `.git/info/exclude` (the ignored folders the tests make).
 */
export function usePinnedRepo(input: { exclude: string }): PinnedRepo {
  let testDb: Awaited<ReturnType<typeof createTestDb>> | undefined;
  let fixture: GitFixtureRoot | undefined;
  const repo: Partial<PinnedRepo> = {};
  beforeAll(async () => {
    testDb = await createTestDb();
    fixture = await createFixtureRoot();
    const { mainPath } = await createRepoWithOrigin({ root: fixture.root, files: { "a.txt": "a\n" } });
    writeFileSync(path.join(mainPath, ".git", "info", "exclude"), input.exclude, { flag: "a" });
    await pinRepository({ db: testDb.db, worktreeIndex: createWorktreeIndex() }, { path: mainPath });
    Object.assign(repo, {
      db: testDb.db,
      root: fixture.root,
      mainPath,
      repoId: (await testDb.db.repo.findFirstOrThrow()).id,
    });
  });
  afterAll(async () => {
    await testDb?.close();
    if (fixture) await removeGitFixture(fixture);
  });
  const read = <K extends keyof PinnedRepo>(key: K): PinnedRepo[K] => {
    const value = repo[key];
    if (value === undefined) throw new Error("usePinnedRepo: the repository is made in beforeAll");
    return value;
  };
  return {
    get db() {
      return read("db");
    },
    get root() {
      return read("root");
    },
    get mainPath() {
      return read("mainPath");
    },
    get repoId() {
      return read("repoId");
    },
  };
}
