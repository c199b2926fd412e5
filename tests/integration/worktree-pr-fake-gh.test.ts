// The pull request endpoints against a GitHub CLI that answers what a test wants: a `gh` script
// first on the server's PATH, logged in (`gh auth status` succeeds), whose `pr view` prints and
// `pr create` fails with what a test writes in its folder. The real gh without a login, or with a
// token GitHub refuses, is in worktree-push-pr.test.ts; nothing here reaches GitHub.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { callApi } from "@/tests/support/call-api.ts";
import { runFixtureGit } from "@/tests/support/git-fixtures.ts";
import { repoRoot } from "@/tests/support/start-arbor.ts";
import { useArborWithRepo } from "@/tests/support/use-arbor-with-repo.ts";
import type { PullRequestInfo, PullRequestView } from "@/lib/worktrees/ship-types.ts";

interface ErrorBody {
  error: { code: string; message: string; details?: Record<string, unknown> };
}

const ghDir = mkdtempSync(path.join(os.tmpdir(), "arbor-fake-gh-"));
const ghBin = path.join(ghDir, "bin");
mkdirSync(ghBin);
// Its folder is written into the script: gh gets only its allow-listed environment from Arbor.
writeFileSync(
  path.join(ghBin, "gh"),
  [
    "#!/bin/sh",
    `FAKE_GH_DIR='${ghDir}'`,
    'case "$1 $2" in',
    '  "auth status") exit 0 ;;',
    '  "pr view") cat "$FAKE_GH_DIR/view.out"; exit "$(cat "$FAKE_GH_DIR/view.code")" ;;',
    '  "pr create") cat "$FAKE_GH_DIR/create.err" >&2; exit 1 ;;',
    "esac",
    "exit 2",
    "",
  ].join("\n"),
);
chmodSync(path.join(ghBin, "gh"), 0o755);
afterAll(() => rmSync(ghDir, { recursive: true, force: true }));

/** What the fake gh's `pr view` prints and its exit code, and what its `pr create` says as it fails. */
function answerAsGh(input: { view?: string; viewCode?: number; createError?: string }): void {
  writeFileSync(path.join(ghDir, "view.out"), input.view ?? "");
  writeFileSync(path.join(ghDir, "view.code"), String(input.viewCode ?? 0));
  writeFileSync(path.join(ghDir, "create.err"), input.createError ?? "");
}

const shared = useArborWithRepo({
  serverEnv: {
    PATH: `${ghBin}:${path.join(repoRoot, "node_modules", ".bin")}:${process.env.PATH ?? "/usr/bin:/bin"}`,
  },
});

const git = (cwd: string, ...args: string[]) => runFixtureGit({ cwd, args }).then((out) => out.trim());

const prInfo = (worktreePath: string) =>
  callApi<PullRequestInfo & ErrorBody>(
    shared.env.arbor,
    `/api/worktrees/pull-request?repoId=${shared.repo.repoId}&worktreePath=${encodeURIComponent(worktreePath)}`,
  );

const createPr = (worktreePath: string) =>
  callApi<PullRequestView & ErrorBody>(shared.env.arbor, "/api/worktrees/pull-request", {
    body: { repoId: shared.repo.repoId, worktreePath, base: "main", title: "T", body: "B" },
  });

/** A worktree whose branch has a commit and is on origin (the pull request's preconditions). */
async function pushedWorktree(name: string): Promise<{ worktree: string; branch: string }> {
  const worktree = await shared.repo.addWorktree(name);
  const branch = await git(worktree, "branch", "--show-current");
  writeFileSync(path.join(worktree, `${name}.txt`), `${name}\n`);
  await git(worktree, "add", "--", `${name}.txt`);
  await git(worktree, "commit", "-q", "-m", `Add ${name}`);
  await git(worktree, "push", "-q", "-u", "origin", branch);
  return { worktree, branch };
}

describe("gh pr view answering something unreadable", () => {
  it.each([
    ["text that is not JSON", "Welcome to GitHub CLI!\n", "its answer is not JSON"],
    ["JSON of the wrong types", '{"number":"7","url":"https://github.com/o/r/pull/7","state":"OPEN"}', '"number"'],
    ["null", "null", "not a JSON object"],
  ])("%s: the dialog still opens, saying so in pullRequestError", async (_case, view, problem) => {
    const { worktree } = await pushedWorktree("view");
    answerAsGh({ view });
    const info = await prInfo(worktree);
    expect(info.status).toBe(200);
    expect(info.body).toMatchObject({ gh: { state: "ready" }, isPushed: true, pullRequest: null });
    expect(info.body.pullRequestError).toContain("gh pr view answered something Arbor cannot read");
    expect(info.body.pullRequestError).toContain(problem);
    expect(info.body.pullRequestError).toContain("gh --version");
  });

  it("reads a good answer as the branch's pull request", async () => {
    const { worktree, branch } = await pushedWorktree("good");
    answerAsGh({
      view: JSON.stringify({ number: 7, url: "https://github.com/o/r/pull/7", state: "OPEN", headRefName: branch }),
    });
    const info = await prInfo(worktree);
    expect(info.body).toMatchObject({ pullRequest: { number: 7, state: "OPEN" }, pullRequestError: null });
  });
});

describe("gh pr create failing", () => {
  it("because the pull request exists: 409 with its address, to open it there", async () => {
    const { worktree, branch } = await pushedWorktree("exists");
    answerAsGh({
      viewCode: 1,
      createError: `a pull request for branch "${branch}" into branch "main" already exists:\nhttps://github.com/o/r/pull/12\n`,
    });
    const created = await createPr(worktree);
    expect(created.status).toBe(409);
    expect(created.body.error.message).toContain(
      `A pull request of ${branch} into main already exists: https://github.com/o/r/pull/12.`,
    );
    expect(created.body.error.details).toMatchObject({ reason: "pull_request_exists" });
  });

  it("because there is nothing to propose: 409 saying to commit and push first", async () => {
    const { worktree, branch } = await pushedWorktree("nothing");
    answerAsGh({
      viewCode: 1,
      createError: `pull request create failed: GraphQL: No commits between main and ${branch} (createPullRequest)\n`,
    });
    const created = await createPr(worktree);
    expect(created.status).toBe(409);
    expect(created.body.error.message).toContain("There is nothing to propose");
    expect(created.body.error.message).toContain("Commit your changes in the worktree and push them (Push)");
  });
});
