import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { callApi, trustRepo } from "@/tests/support/call-api.ts";
import { runFixtureGit } from "@/tests/support/git-fixtures.ts";
import { useArborWithRepo } from "@/tests/support/use-arbor-with-repo.ts";
import type { LandingPreview } from "@/lib/worktrees/worktree-types.ts";

const shared = useArborWithRepo();

async function commit(cwd: string, files: Record<string, string>, message: string): Promise<void> {
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(cwd, name), text);
  await runFixtureGit({ cwd, args: ["add", "--", ...Object.keys(files)] });
  await runFixtureGit({ cwd, args: ["commit", "-q", "-m", message] });
}

describe("land check in a trusted repository", () => {
  it("merges with the repository's own merge driver (the untrusted-mode guess made meanwhile is not kept)", async () => {
    const { mainPath, root, repoId } = shared.repo;
    const marker = path.join(root, "trusted-driver-ran");
    // The driver takes the branch's side (%B), so the merge changes the base and there is something to land.
    await runFixtureGit({ cwd: mainPath, args: ["config", "merge.theirs-cfg.driver", `touch ${marker}; cp %B %A`] });
    await commit(mainPath, { ".gitattributes": "*.cfg merge=theirs-cfg\n", "z.cfg": "base\n" }, "Add z.cfg");
    const worktree = path.join(root, "trusted-driver");
    await runFixtureGit({ cwd: mainPath, args: ["worktree", "add", "-q", "-b", "feat/trusted-driver", worktree] });
    await commit(worktree, { "z.cfg": "branch\n" }, "Branch side");
    await commit(mainPath, { "z.cfg": "main\n" }, "Main side");
    await trustRepo(shared.env.arbor, repoId);
    const checked = await callApi<LandingPreview>(shared.env.arbor, "/api/worktrees/land-check", {
      body: { repoId, worktreePath: worktree },
    });
    expect(checked.status).toBe(200);
    expect(checked.body).toMatchObject({ status: "clean", conflictingFiles: [], commitsToLand: 1, baseAhead: 1 });
    expect(existsSync(marker)).toBe(true);
  });
});
