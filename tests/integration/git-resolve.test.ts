import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors/app-error.ts";
import { resolveRepository } from "@/lib/git/read/resolve-repository.ts";
import { createRepoWithWorktrees, removeGitFixture, type RepoWithWorktrees } from "@/tests/support/git-fixtures.ts";

let fixture: RepoWithWorktrees;

beforeAll(async () => {
  fixture = await createRepoWithWorktrees();
  await mkdir(join(fixture.mainPath, "sub dir", "ünï"), { recursive: true });
  await mkdir(join(fixture.unicodePath, "nested"), { recursive: true });
});

afterAll(async () => {
  await removeGitFixture(fixture);
});

async function expectAppError(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("resolveRepository", () => {
  it("resolves the main worktree to its .git folder, root and name", async () => {
    expect(await resolveRepository(fixture.mainPath)).toEqual({
      commonDir: join(fixture.mainPath, ".git"),
      rootPath: fixture.mainPath,
      name: "main",
    });
  });

  it("resolves linked worktrees and subfolders (spaces, non-ASCII) to the same repository", async () => {
    const expected = await resolveRepository(fixture.mainPath);
    const inputs = [
      fixture.detachedPath,
      fixture.dirtyPath,
      fixture.lockedPath,
      fixture.unicodePath,
      join(fixture.unicodePath, "nested"),
      join(fixture.mainPath, "sub dir", "ünï"),
    ];
    for (const input of inputs) {
      expect(await resolveRepository(input), input).toEqual(expected);
    }
  });

  it("resolves a bare repository to itself", async () => {
    expect(await resolveRepository(fixture.originPath)).toEqual({
      commonDir: fixture.originPath,
      rootPath: fixture.originPath,
      name: "origin.git",
    });
  });

  it("rejects a relative path and says to use an absolute one", async () => {
    const error = await expectAppError(resolveRepository("projects/arbor"));
    expect(error.code).toBe("invalid_input");
    expect(error.status).toBe(422);
    expect(error.message).toContain('"projects/arbor" is a relative path');
    expect(error.message).toContain("Use an absolute path such as /home/you/project");
  });

  it("rejects a path that does not exist", async () => {
    const error = await expectAppError(resolveRepository(fixture.missingPath));
    expect(error).toMatchObject({ code: "invalid_input", status: 422 });
    expect(error.message).toBe(
      `${fixture.missingPath} does not exist. Check the spelling, or clone or create the repository there first.`,
    );
  });

  it("rejects a file and says to use its folder", async () => {
    const error = await expectAppError(resolveRepository(join(fixture.mainPath, "README.md")));
    expect(error).toMatchObject({ code: "invalid_input", status: 422 });
    expect(error.message).toContain("README.md is a file, not a folder");
  });

  it("rejects a folder outside any git repository and says how to fix it", async () => {
    const plain = await mkdtemp(join(fixture.root, "plain-"));
    const error = await expectAppError(resolveRepository(plain));
    expect(error).toMatchObject({ code: "invalid_input", status: 422 });
    expect(error.message).toBe(
      `${plain} is not inside a git repository. Pick a folder that belongs to a git checkout, or run \`git init\` there first.`,
    );
  });

  it("reports git missing from PATH as unavailable, with the fix", async () => {
    const emptyBin = join(fixture.root, "empty-bin");
    await mkdir(emptyBin);
    await writeFile(join(emptyBin, "README"), "no git here\n");
    const savedPath = process.env.PATH;
    process.env.PATH = emptyBin;
    try {
      const error = await expectAppError(resolveRepository(fixture.mainPath));
      expect(error).toMatchObject({ code: "unavailable", status: 503 });
      expect(error.message).toContain("Git is not installed or not on the PATH");
      expect(error.message).toContain("Install git");
    } finally {
      process.env.PATH = savedPath;
    }
  });
});
