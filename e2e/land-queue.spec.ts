import { execFileSync } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { PlanBody } from "@/tests/support/api-types.ts";
import { callApi, trustRepo } from "@/tests/support/call-api.ts";
import { runFixtureGit } from "@/tests/support/git-fixtures.ts";
import { expect, test } from "./chat-fixtures.ts";

test.use({ viewport: { width: 1440, height: 900 } });

test("Land in order shows which branch is being tested, then what landed and the failing check's output", async ({
  page,
  claude,
  repo,
}) => {
  const git = (cwd: string, ...args: string[]) => runFixtureGit({ cwd, args });
  await git(repo.mainPath, "config", "user.name", "Arbor Test");
  await git(repo.mainPath, "config", "user.email", "test@arbor.invalid");
  for (const slug of ["qa", "qb"]) {
    const worktreePath = await repo.addWorktree(slug);
    writeFileSync(path.join(worktreePath, `${slug}.txt`), `${slug}\n`);
    await git(worktreePath, "add", `${slug}.txt`);
    await git(worktreePath, "commit", "-q", "-m", slug);
  }
  await trustRepo(claude.arbor, repo.repoId);
  // The second branch's check waits on a pipe the test opens once it has seen "Testing 2 of 2".
  const gate = path.join(repo.root, "gate.fifo");
  execFileSync("mkfifo", [gate]);
  const command = `if [ -f qb.txt ]; then cat '${gate}' > /dev/null; if [ -f qa.txt ]; then echo 'qa and qb clash'; exit 1; fi; fi`;
  const saved = await callApi(claude.arbor, `/api/repos/${repo.repoId}/settings`, {
    method: "PUT",
    body: { checks: [{ name: "pair", command }] },
  });
  expect(saved.status).toBe(200);
  const created = await callApi<PlanBody>(claude.arbor, "/api/plans", {
    body: { repoId: repo.repoId, title: "Queue", goal: "Two branches in order" },
  });
  const planId = created.body.plan.id;
  const node = (slug: string) => ({ slug, title: slug, description: null, status: "in_progress" });
  await callApi(claude.arbor, "/api/tree-spec", {
    body: {
      planId,
      baseVersion: null,
      tree: { nodes: [node("qb"), node("qa")], edges: [{ parent: "qa", child: "qb" }] },
    },
  });

  await page.goto(`/?repo=${repo.repoId}`);
  const queue = page.getByTestId("merge-order").getByTestId("land-in-order");
  await queue.getByTestId("land-in-order-start").click();
  await expect(queue.getByTestId("land-in-order-status")).toHaveText("Testing 2 of 2: feat/qb");
  const entry = (branch: string) => queue.locator(`[data-testid="land-in-order-entry"][data-branch="${branch}"]`);
  await expect(entry("feat/qa")).toHaveAttribute("data-status", "passed");
  await expect(entry("feat/qb")).toHaveAttribute("data-status", "testing");
  await expect(queue.getByTestId("land-in-order-cancel")).toBeVisible();

  writeFileSync(gate, "go\n");
  await expect(entry("feat/qa")).toHaveAttribute("data-status", "landed");
  await expect(entry("feat/qb")).toHaveAttribute("data-status", "failed");
  await expect(entry("feat/qb")).toContainText("qa and qb clash");
  await expect(queue.getByTestId("land-in-order-message")).toContainText(
    'feat/qb was not landed: on main with feat/qa merged before it, "pair" (failed) did not pass.',
  );
  await expect(queue.getByTestId("land-in-order-cancel")).toHaveCount(0);
  expect([existsSync(path.join(repo.mainPath, "qa.txt")), existsSync(path.join(repo.mainPath, "qb.txt"))]).toEqual([
    true,
    false,
  ]);
});
