// The pull request endpoints against a GitHub CLI that answers what a test wants: the fake gh of
// tests/support/fake-gh.ts first on the server's PATH. The real gh without a login, or with a
// token GitHub refuses, is in worktree-push-pr.test.ts; nothing here reaches GitHub.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { AcceptedBody, RunResultBody } from "@/tests/support/api-types.ts";
import { callApi } from "@/tests/support/call-api.ts";
import { createFakeGh, ghVitestLog, prViewWithChecks, type FakeGhAnswers } from "@/tests/support/fake-gh.ts";
import { lastUserText } from "@/tests/support/mock-anthropic/index.ts";
import { runFixtureGit } from "@/tests/support/git-fixtures.ts";
import { repoRoot } from "@/tests/support/start-arbor.ts";
import { useArborWithRepo } from "@/tests/support/use-arbor-with-repo.ts";
import type { PullRequestInfo, PullRequestView } from "@/lib/worktrees/ship-types.ts";

interface ErrorBody {
  error: { code: string; message: string; details?: Record<string, unknown> };
}

const gh = createFakeGh();
afterAll(() => gh.remove());
const answerAsGh = (input: FakeGhAnswers) => gh.answer(input);

const shared = useArborWithRepo({
  serverEnv: {
    PATH: `${gh.binDir}:${path.join(repoRoot, "node_modules", ".bin")}:${process.env.PATH ?? "/usr/bin:/bin"}`,
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

const vitestLog = ghVitestLog(repoRoot);

const fixCheck = (worktreePath: string, check: string) =>
  callApi<AcceptedBody & ErrorBody>(shared.env.arbor, "/api/worktrees/pull-request/fix", {
    body: { repoId: shared.repo.repoId, worktreePath, check },
  });

describe("the pull request's CI checks", () => {
  it("are read with the pull request: failed first, their links and Actions ids, and the review state", async () => {
    const { worktree, branch } = await pushedWorktree("ci-list");
    answerAsGh({ view: prViewWithChecks(branch) });
    const info = await prInfo(worktree);
    expect(info.status).toBe(200);
    expect(info.body.pullRequest?.ci).toEqual({
      review: "changes_requested",
      problem: null,
      checks: [
        {
          name: "test",
          workflow: "CI",
          state: "failed",
          url: "https://github.com/o/r/actions/runs/111/job/222",
          runId: "111",
          jobId: "222",
        },
        {
          name: "deploy/preview",
          workflow: null,
          state: "running",
          url: "https://ci.example/9",
          runId: null,
          jobId: null,
        },
        {
          name: "lint",
          workflow: "CI",
          state: "passed",
          url: "https://github.com/o/r/actions/runs/111/job/221",
          runId: "111",
          jobId: "221",
        },
      ],
    });
  });

  it("Fix with Claude on a failed one fetches its job's failed log and sends its failing tests into the chat", async () => {
    const { worktree, branch } = await pushedWorktree("ci-fix");
    answerAsGh({ view: prViewWithChecks(branch), runLog: vitestLog });
    const fix = await fixCheck(worktree, "test");
    expect(fix.status).toBe(202);
    expect(gh.runViewArgs()).toEqual(["run", "view", "--log-failed", "--job=222"]);
    const fixed = await callApi<RunResultBody>(shared.env.arbor, `/api/chat/runs/${fix.body.run.id}?wait=1`);
    expect(fixed.status).toBe(200);
    const request = shared.env.mock.requests.find(
      (candidate) => candidate.headers["x-claude-code-session-id"] === fixed.body.run.claudeSessionId,
    );
    const sent = lastUserText(request!)!;
    expect(sent).toContain(
      'The CI check "test" (workflow "CI") failed on pull request #9 (https://github.com/o/r/pull/9): https://github.com/o/r/actions/runs/111/job/222.',
    );
    expect(sent).toMatch(
      /Failing tests \(found in its vitest output\):\n1\. math > subtracts \(src\/math\.test\.js:7\)\n/,
    );
    expect(sent).toContain("2. parses json (src/math.test.js:12)");
    expect(sent).not.toContain("Run npx vitest run");
    // The worktree's own conversation holds it.
    const opened = await callApi<{ session: { id: string } }>(shared.env.arbor, "/api/chat/sessions", {
      body: { repoId: shared.repo.repoId, worktreePath: worktree },
    });
    expect(fix.body.userMessage.sessionId).toBe(opened.body.session.id);
  });

  it("refuses, saying why, a check that did not fail, one that is not there, or one gh cannot fetch a log for", async () => {
    const { worktree, branch } = await pushedWorktree("ci-refuse");
    answerAsGh({ view: prViewWithChecks(branch), runLog: "", runCode: 1 });
    const passed = await fixCheck(worktree, "lint");
    expect(passed.status).toBe(409);
    expect(passed.body.error.message).toContain('The CI check "lint" is passed, not failed');
    const unknown = await fixCheck(worktree, "build");
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toContain(
      'has no CI check named "build" (its checks: "test", "deploy/preview", "lint")',
    );
    const noLog = await fixCheck(worktree, "test");
    expect(noLog.status).toBe(503);
    expect(noLog.body.error.message).toContain('gh run view could not fetch the log of "test"');
  });

  it("gh logged out: the fix says to run gh auth login, and gh runs nothing else", async () => {
    const { worktree, branch } = await pushedWorktree("ci-logged-out");
    answerAsGh({
      view: prViewWithChecks(branch),
      runLog: vitestLog,
      authError: "You are not logged into any GitHub hosts. Run gh auth login to authenticate.",
    });
    const fix = await fixCheck(worktree, "test");
    expect(fix.status).toBe(412);
    expect(fix.body.error.message).toBe(
      "The GitHub CLI is not logged in. Run `gh auth login` in a terminal on the Arbor server, then try again.",
    );
    expect(gh.runViewArgs()).toBeNull();
  });

  it("gh answering malformed checks: the pull request still shows, the odd checks as unknown with the reason", async () => {
    const { worktree, branch } = await pushedWorktree("ci-malformed");
    answerAsGh({
      view: prViewWithChecks(branch, { statusCheckRollup: [{ name: "odd", status: "DONE" }], reviewDecision: 7 }),
    });
    const info = await prInfo(worktree);
    expect(info.status).toBe(200);
    expect(info.body.pullRequest?.ci.checks).toEqual([
      { name: "odd", workflow: null, state: "unknown", url: null, runId: null, jobId: null },
    ]);
    expect(info.body.pullRequest?.ci.review).toBe("unknown");
    expect(info.body.pullRequest?.ci.problem).toContain('check "odd" has no state Arbor knows');
    answerAsGh({ view: "Welcome to GitHub CLI!\n" });
    const fix = await fixCheck(worktree, "odd");
    expect(fix.status).toBe(503);
    expect(fix.body.error.message).toContain("gh pr view answered something Arbor cannot read (its answer is not JSON");
  });
});
