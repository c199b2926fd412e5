// The Changes API reads and writes files of a worktree: a request must not reach a file outside
// it, a folder that is not a pinned worktree, or make git read a name as an option.
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi, pinRepo } from "@/tests/support/call-api.ts";
import {
  createFixtureRoot,
  createRepoWithOrigin,
  removeGitFixture,
  type GitFixtureRoot,
} from "@/tests/support/git-fixtures.ts";
import { useArbor } from "@/tests/support/use-arbor.ts";

const server = useArbor();
let fixture: GitFixtureRoot;
let mainPath: string;
let repoId: string;

beforeAll(async () => {
  fixture = await createFixtureRoot();
  ({ mainPath } = await createRepoWithOrigin({ root: fixture.root, files: { "a.txt": "a\n" } }));
  repoId = await pinRepo(server.arbor, mainPath);
  writeFileSync(path.join(fixture.root, "outside.txt"), "secret\n");
});

afterAll(() => removeGitFixture(fixture));

const query = (params: Record<string, string>) => new URLSearchParams({ repoId, worktreePath: mainPath, ...params });

describe("Changes API inputs", () => {
  it("refuses paths that leave the worktree, absolute paths and NUL bytes", async () => {
    for (const bad of ["../outside.txt", "/etc/passwd", "a/../../outside.txt", "a\0b", "./a.txt"]) {
      const diff = await callApi(
        server.arbor,
        `/api/changes/diff?${query({ scope: "uncommitted", path: bad, untracked: "1" })}`,
      );
      expect(diff.status, bad).toBe(422);
      const lines = await callApi(server.arbor, `/api/changes/lines?${query({ path: bad, start: "1", end: "5" })}`);
      expect(lines.status, bad).toBe(422);
    }
  });

  it("does not follow a symlinked folder out of the worktree when reading an untracked file", async () => {
    mkdirSync(path.join(fixture.root, "elsewhere"), { recursive: true });
    writeFileSync(path.join(fixture.root, "elsewhere", "secret.txt"), "secret\n");
    symlinkSync(path.join(fixture.root, "elsewhere"), path.join(mainPath, "link"));
    const read = await callApi<{ diff: { hunks: unknown[] } | null; error?: unknown }>(
      server.arbor,
      `/api/changes/diff?${query({ scope: "uncommitted", path: "link/secret.txt", untracked: "1" })}`,
    );
    expect(read.status).toBeGreaterThanOrEqual(400);
    expect(JSON.stringify(read.body)).not.toContain("secret");
  });

  it("refuses a folder that is not a worktree of the pinned repository", async () => {
    const other = await callApi(
      server.arbor,
      `/api/changes/files?${new URLSearchParams({ repoId, worktreePath: fixture.root, scope: "uncommitted" })}`,
    );
    expect(other.status).toBe(422);
    const relative = await callApi(
      server.arbor,
      `/api/changes/files?${new URLSearchParams({ repoId, worktreePath: "main", scope: "uncommitted" })}`,
    );
    expect(relative.status).toBe(422);
  });

  it("never lets a base name be read as a git option", async () => {
    const marker = path.join(fixture.root, "owned");
    const overview = await callApi<{ overview: { base: { source: string; note: string } } }>(
      server.arbor,
      `/api/changes/overview?${query({ base: `--output=${marker}` })}`,
    );
    expect(overview.status).toBe(200);
    expect(overview.body.overview.base.source).not.toBe("chosen");
    expect(existsSync(marker)).toBe(false);
  });

  it("commits only with a message and files from the worktree", async () => {
    const commit = (body: Record<string, unknown>) =>
      callApi(server.arbor, "/api/changes/commit", { body: { repoId, worktreePath: mainPath, ...body } });
    expect((await commit({ message: "x", files: [{ path: "../outside.txt" }] })).status).toBe(422);
    expect((await commit({ message: "  ", files: [{ path: "a.txt" }] })).status).toBe(422);
    expect((await commit({ message: "x", files: [] })).status).toBe(422);
  });
});
