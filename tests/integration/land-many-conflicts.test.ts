// A branch and its base that both change thousands of the same files: the land check answers with
// the first files and the count (not every path), the land's refusal names a few of them, and
// "Ask Claude to resolve" sends a bounded message that says how to list the rest.
import { writeFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { callApi } from "@/tests/support/call-api.ts";
import { runFixtureGit } from "@/tests/support/git-fixtures.ts";
import { lastUserText } from "@/tests/support/mock-anthropic/index.ts";
import { useArborWithRepo } from "@/tests/support/use-arbor-with-repo.ts";
import { RESOLVE_PROMPT_MAX_CHARS } from "@/lib/worktrees/conflicts/resolve-prompt.ts";
import type { LandingPreview, LandResult } from "@/lib/worktrees/worktree-types.ts";

interface ErrorBody {
  error: { code: string; message: string; details?: { conflictingFiles?: string[]; conflictingFileCount?: number } };
}

const FILE_COUNT = 5_000;
/** Long paths, as in a generated-code folder: 5,000 of them listed twice made a prompt past 1 MB. */
const DIR = "packages/generated-client/src/endpoints/very/deeply/nested/folder/of/generated/code";
const fileName = (index: number) => `${DIR}/generated-endpoint-with-a-long-descriptive-name-${index}.ts`;

const shared = useArborWithRepo();
let worktree = "";

/** Writes every file with `text` and commits them. */
async function commitAll(cwd: string, text: string, message: string): Promise<void> {
  mkdirSync(path.join(cwd, DIR), { recursive: true });
  for (let index = 0; index < FILE_COUNT; index += 1) writeFileSync(path.join(cwd, fileName(index)), `${text}\n`);
  await runFixtureGit({ cwd, args: ["add", "-A"] });
  await runFixtureGit({ cwd, args: ["commit", "-q", "-m", message] });
}

beforeAll(async () => {
  const main = shared.repo.mainPath;
  await commitAll(main, "base", "Generate the client");
  worktree = path.join(shared.repo.root, "many");
  await runFixtureGit({ cwd: main, args: ["worktree", "add", "-q", "-b", "feat/many", worktree] });
  await commitAll(worktree, "branch", "Regenerate on the branch");
  await commitAll(main, "main", "Regenerate on main");
});

describe("thousands of conflicting files", () => {
  it("the land check lists the first files with the whole count, in a bounded answer", async () => {
    const checked = await callApi<LandingPreview>(shared.env.arbor, "/api/worktrees/land-check", {
      body: { repoId: shared.repo.repoId, worktreePath: worktree },
    });
    expect(checked.status).toBe(200);
    expect(checked.body).toMatchObject({ status: "conflicts", conflictingFileCount: FILE_COUNT });
    expect(checked.body.conflictingFiles).toHaveLength(100);
    expect(checked.body.conflicts).toHaveLength(20);
    expect(checked.body.moreConflictFiles).toBe(FILE_COUNT - 20);
    expect(JSON.stringify(checked.body).length).toBeLessThan(50_000);
  });

  it("the land's refusal names a few files and how many more", async () => {
    const landed = await callApi<LandResult & ErrorBody>(shared.env.arbor, "/api/worktrees/land", {
      body: { repoId: shared.repo.repoId, worktreePath: worktree, method: "merge" },
    });
    expect(landed.status).toBe(409);
    expect(landed.body.error.message).toMatch(
      new RegExp(`^feat/many was not landed: merging it into main would conflict in ${FILE_COUNT} files \\(`),
    );
    expect(landed.body.error.message).toContain(` and ${FILE_COUNT - 10} more). Merge main into the branch`);
    expect(landed.body.error.message.length).toBeLessThan(2_000);
    expect(landed.body.error.details?.conflictingFileCount).toBe(FILE_COUNT);
    expect(JSON.stringify(landed.body).length).toBeLessThan(20_000);
  });

  it("asks Claude to resolve with a message within its bound that says how to list every file", async () => {
    const before = shared.env.mock.requests.length;
    const asked = await callApi<{ sessionId: string } & ErrorBody>(shared.env.arbor, "/api/worktrees/resolve", {
      body: { repoId: shared.repo.repoId, worktreePath: worktree },
    });
    expect(asked.status).toBe(200);
    const request = await shared.env.mock.waitForRequest(
      (candidate) =>
        shared.env.mock.requests.indexOf(candidate) >= before &&
        /would conflict in 5000 files/.test(lastUserText(candidate) ?? ""),
      { timeoutMs: 60_000 },
    );
    const prompt = lastUserText(request) ?? "";
    expect(prompt.length).toBeLessThanOrEqual(RESOLVE_PROMPT_MAX_CHARS);
    expect(prompt).toContain("`git merge --end-of-options main`");
    expect(prompt).toContain("`git diff --name-only --diff-filter=U` lists them all after step 1");
    expect(prompt).toContain(`## File \`${fileName(0)}\``);
  });
});
