// A pull request's CI checks on the worktree row, and "Fix with Claude" on a failed one, against the
// fake gh of tests/support/fake-gh.ts first on the server's PATH (GitHub cannot be reached here):
// its `pr view` lists a failed and a passed Actions job and a pending status, its `run view` prints
// a failed job's vitest log.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { startArborWithClaude, type ArborWithClaude } from "@/tests/support/arbor-with-claude.ts";
import { createFakeGh, ghVitestLog, prViewWithChecks, type FakeGh } from "@/tests/support/fake-gh.ts";
import { runFixtureGit } from "@/tests/support/git-fixtures.ts";
import { repoRoot } from "@/tests/support/start-arbor.ts";
import { expect, openWorktree, test as chatTest } from "./chat-fixtures.ts";

const test = chatTest.extend<object, { gh: FakeGh; claude: ArborWithClaude }>({
  gh: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern and requires one, even empty.
    async ({}, use) => {
      const gh = createFakeGh();
      await use(gh);
      gh.remove();
    },
    { scope: "worker" },
  ],
  claude: [
    async ({ gh }, use) => {
      const env = await startArborWithClaude({
        serverEnv: {
          PATH: `${gh.binDir}:${path.join(repoRoot, "node_modules", ".bin")}:${process.env.PATH ?? "/usr/bin:/bin"}`,
        },
      });
      await use(env);
      await env.close();
    },
    { scope: "worker", timeout: 90_000 },
  ],
});

test("the worktree shows its pull request's checks, failed first, and Fix with Claude sends the failing tests", async ({
  page,
  repo,
  gh,
}) => {
  const worktree = await repo.addWorktree("ci");
  writeFileSync(path.join(worktree, "ci.txt"), "ci\n");
  await runFixtureGit({ cwd: worktree, args: ["add", "ci.txt"] });
  await runFixtureGit({ cwd: worktree, args: ["commit", "-q", "-m", "Add ci"] });
  await runFixtureGit({ cwd: worktree, args: ["push", "-q", "-u", "origin", "feat/ci"] });
  gh.answer({ view: prViewWithChecks("feat/ci"), runLog: ghVitestLog(repoRoot) });

  await openWorktree(page, { repoId: repo.repoId, worktreePath: worktree });
  const row = page.locator(`[data-testid="worktree-row"][data-path="${worktree}"]`);
  await expect(row.getByTestId("pr-badge")).toHaveText("PR #9 open");
  const checks = row.getByTestId("pr-checks");
  await expect(checks.getByTestId("pr-checks-summary")).toContainText("CI: 1 failed, 1 running, 1 passed");
  await expect(checks.getByTestId("pr-review")).toHaveText("changes requested");
  await checks.getByTestId("pr-checks-summary").click();
  const lines = checks.getByTestId("pr-check");
  await expect(lines).toHaveCount(3);
  await expect(lines.nth(0)).toHaveAttribute("data-state", "failed");
  await expect(lines.nth(0).getByRole("link")).toHaveAttribute(
    "href",
    "https://github.com/o/r/actions/runs/111/job/222",
  );
  await expect(checks.getByTestId("pr-check-fix")).toHaveCount(1);
  // For a person to look at: the row with its checks open.
  await row.screenshot({ path: path.join(repoRoot, "test-results", "pull-request-checks", "row-open.png") });

  await checks.getByTestId("pr-check-fix").click();
  await expect(checks.getByTestId("pr-check-fix-sent")).toBeVisible();
  const users = page.locator('[data-testid="message"][data-role="user"]');
  await expect(users.last()).toContainText('The CI check "test" (workflow "CI") failed on pull request #9');
  await expect(users.last()).toContainText("1. math > subtracts (src/math.test.js:7)");
  expect(gh.runViewArgs()).toEqual(["run", "view", "--log-failed", "--job=222"]);
  // The log is plain text (its colour codes gone), and its long lines scroll inside the message, which stays
  // within the conversation rather than running off its left edge.
  await expect(users.last()).not.toContainText("\u001b");
  const bubble = (await users.last().getByTestId("message-text").boundingBox())!;
  const list = (await page.getByTestId("message-list").boundingBox())!;
  expect(bubble.x).toBeGreaterThanOrEqual(list.x);
  expect(bubble.x + bubble.width).toBeLessThanOrEqual(list.x + list.width);
});
