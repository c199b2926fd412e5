import { execFile } from "node:child_process";
import { chmod, mkdir, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readWorktreeChanges } from "@/lib/git/read/read-worktree-changes.ts";
import {
  createFixtureRoot,
  createRepoWithOrigin,
  removeGitFixture,
  runFixtureGit,
  type GitFixtureRoot,
} from "@/tests/support/git-fixtures.ts";

const execFileAsync = promisify(execFile);
let fixture: GitFixtureRoot;
let cwd: string;

beforeAll(async () => {
  fixture = await createFixtureRoot();
  ({ mainPath: cwd } = await createRepoWithOrigin({ root: fixture.root, files: { "a.txt": "a\n" } }));
});

afterAll(async () => {
  await removeGitFixture(fixture);
});

describe("untracked files in the changes list", () => {
  it("are counted like git would, and a FIFO, a symlink or a nested repository never stalls the listing", async () => {
    await writeFile(join(cwd, "lines.txt"), "one\ntwo\nthree");
    await writeFile(join(cwd, "empty.txt"), "");
    await writeFile(join(cwd, "blob.bin"), Buffer.from([1, 0, 2, 10]));
    await writeFile(join(cwd, "run.sh"), "#!/bin/sh\n");
    await chmod(join(cwd, "run.sh"), 0o755);
    await symlink("a.txt", join(cwd, "link"));
    await execFileAsync("mkfifo", [join(cwd, "pipe")]);
    await mkdir(join(cwd, "nested"));
    await runFixtureGit({ cwd: join(cwd, "nested"), args: ["init", "-q"] });
    await writeFile(join(cwd, "nested", "x.txt"), "x\n");
    await runFixtureGit({ cwd: join(cwd, "nested"), args: ["add", "x.txt"] });
    await runFixtureGit({ cwd: join(cwd, "nested"), args: ["commit", "-q", "-m", "x"] });

    const { files } = await readWorktreeChanges({ worktreePath: cwd });
    const byPath = Object.fromEntries(files.map((file) => [file.path, file]));
    expect(byPath["lines.txt"]).toMatchObject({ kind: "untracked", additions: 3, deletions: 0, isBinary: false });
    expect(byPath["empty.txt"]).toMatchObject({ additions: 0, isBinary: false });
    expect(byPath["blob.bin"]).toMatchObject({ additions: null, isBinary: true });
    expect(byPath["run.sh"]).toMatchObject({ additions: 1, newMode: "100755" });
    expect(byPath["link"]).toMatchObject({ isSymlink: true, newMode: "120000", additions: 1 });
    expect(byPath["nested/"]).toMatchObject({ isSubmodule: true, newMode: "160000" });
    // git does not list a FIFO; if it ever did, it would show without counts rather than block.
    expect(byPath["pipe"]?.additions ?? null).toBeNull();
  });
});
