// Run on a design tree, in Chromium with the real CLI and the mock model: five nodes on two levels, one
// whose check fails until its agent's second run, from Run to every node landed in the merge order.
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { PlanRunView } from "@/lib/plans/run/plan-run-view.ts";
import { callApi, trustRepo } from "@/tests/support/call-api.ts";
import { runFixtureGit } from "@/tests/support/git-fixtures.ts";
import { expect, test } from "./chat-fixtures.ts";

const outDir = process.env.ARBOR_UPDATE_SCREENSHOTS === "1" ? "docs/screenshots" : "test-results/screenshots";

interface PlanTree {
  nodes: Array<{ slug: string; title: string; description: string }>;
  edges: Array<{ parent: string; child: string }>;
}

/** A trusted repository whose commits Arbor may sign, and a plan with this design tree; returns the plan's id. */
async function makePlan(
  arbor: Parameters<typeof callApi>[0],
  repo: { repoId: string; mainPath: string },
  plan: { title: string; goal: string; tree: PlanTree },
): Promise<string> {
  await runFixtureGit({ cwd: repo.mainPath, args: ["config", "user.name", "Plan Runner"] });
  await runFixtureGit({ cwd: repo.mainPath, args: ["config", "user.email", "plans@arbor.invalid"] });
  await trustRepo(arbor, repo.repoId);
  const created = await callApi<{ plan: { id: string } }>(arbor, "/api/plans", {
    body: { repoId: repo.repoId, title: plan.title, goal: plan.goal },
  });
  const planId = created.body.plan.id;
  await callApi(arbor, "/api/tree-spec", { body: { planId, tree: plan.tree, baseVersion: null } });
  return planId;
}

test("Run lands five nodes in order, fixing failed checks through the agent; the board shows each state", async ({
  page,
  claude,
  repo,
}) => {
  test.setTimeout(300_000);
  const { repoId, mainPath } = repo;
  await callApi(claude.arbor, `/api/repos/${repoId}/settings`, {
    method: "PUT",
    body: {
      checks: [
        {
          name: "fixed",
          command: `if [ -f needs-fix.txt ] && [ ! -f fixed.txt ]; then echo "FAIL: fixed.txt is missing [[mock:write fixed.txt fixed]]"; exit 1; fi`,
        },
      ],
    },
  });
  const node = (slug: string, title: string) => ({ slug, title, description: `[[mock:write ${slug}.txt ${slug}]]` });
  const tree = {
    nodes: [
      node("api", "Payment API"),
      node("ui", "Shop UI"),
      node("api-docs", "API docs"),
      node("api-tests", "API tests"),
      { slug: "ui-form", title: "Card form", description: "[[mock:write needs-fix.txt form]]" },
    ],
    edges: [
      { parent: "api", child: "api-docs" },
      { parent: "api", child: "api-tests" },
      { parent: "ui", child: "ui-form" },
    ],
  };
  const planId = await makePlan(claude.arbor, repo, { title: "Shop", goal: "Customers can pay.", tree });

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/?repo=${repoId}`);

  const form = page.getByTestId("run-plan-form");
  // A typo is refused in the form, not sent as "automatic".
  await form.getByTestId("run-concurrency").fill("three");
  await form.getByTestId("run-plan").click();
  await expect(form.getByTestId("run-plan-error")).toHaveText(
    'Agents at once must be a number, not "three". Type a number, or leave it empty.',
  );
  mkdirSync(outDir, { recursive: true });
  await page.screenshot({ path: path.join(outDir, "plan-run-form-refused.png") });
  await form.getByTestId("run-concurrency").fill("3");
  await form.getByTestId("run-mode").selectOption("acceptEdits");
  await form.getByTestId("run-auto-land").check();
  await form.getByTestId("run-plan").click();

  const board = page.getByTestId("plan-run-board");
  // Children wait for their parent to land, and say so.
  await expect(board.getByTestId("plan-node-api-docs").getByTestId("plan-node-description")).toHaveText(
    "waiting for api to land",
  );
  await expect(board.getByTestId("plan-node-ui-form")).toHaveAttribute("data-state", /waiting|queued/);
  // The node whose check fails goes through "checks failed (trying again 1 of 2)" before landing.
  await expect(board.getByTestId("plan-node-ui-form").getByTestId("plan-node-description")).toHaveText(
    /checks failed \(trying again 1 of 2\)|running: fixing its failed checks/,
    { timeout: 180_000 },
  );
  mkdirSync(outDir, { recursive: true });
  await page.screenshot({ path: path.join(outDir, "plan-run-board.png") });
  await expect(board.getByTestId("board-column-landed").locator("li")).toHaveCount(5, { timeout: 240_000 });
  await expect(board.getByTestId("plan-run-summary")).toContainText("5 of 5 landed");

  const run = (await callApi<{ run: PlanRunView }>(claude.arbor, `/api/plans/${planId}/run`)).body.run;
  const bySlug = new Map(run.nodes.map((entry) => [entry.slug, entry]));
  for (const entry of run.nodes) {
    for (const parent of entry.dependsOn)
      expect(Date.parse(entry.runs[0]!.startedAt)).toBeGreaterThan(Date.parse(bySlug.get(parent)!.landedAt!));
  }
  expect(bySlug.get("ui-form")!.runs.map((entry) => entry.purpose)).toEqual(["spec", "fix_checks"]);
  for (const entry of run.nodes) {
    expect(entry.branch).toBe(`feat/${entry.slug}`);
    expect(entry.checks?.status).toBe("passed");
  }
  // Arbor committed what each agent left; every node's work is on the base, each land a merge of its own.
  expect(bySlug.get("ui-form")!.autoCommit).toMatch(/^[0-9a-f]{40}$/);
  const files = await runFixtureGit({ cwd: mainPath, args: ["ls-tree", "--name-only", "HEAD"] });
  for (const file of ["api.txt", "ui.txt", "api-docs.txt", "api-tests.txt", "needs-fix.txt", "fixed.txt"])
    expect(files).toContain(file);
  const merges = await runFixtureGit({ cwd: mainPath, args: ["log", "--merges", "--format=%s", "main"] });
  expect(merges.split("\n").filter(Boolean)).toHaveLength(5);
  // A child's first message is its spec with the plan's goal and its parent, which has landed.
  const messages = await callApi<{ messages: Array<{ role: string; content: string }> }>(
    claude.arbor,
    `/api/chat/messages?sessionId=${bySlug.get("api-docs")!.sessionId}`,
  );
  const first = messages.body.messages.find((message) => message.role === "user")!.content;
  expect(first).toContain('This is one task of the plan "Shop", whose goal is: Customers can pay.');
  expect(first).toContain('It builds on "Payment API": that node has landed');
  // A landed node refuses what no longer applies, saying why.
  const retry = await callApi<{ error: { message: string } }>(claude.arbor, `/api/plans/${planId}/run/nodes/api`, {
    body: { action: "retry" },
  });
  expect(retry.status).toBe(409);
  expect(retry.body.error.message).toBe(
    "Cannot retry a landed node: api has landed. Its work is already on the base branch.",
  );
  await expect(board.getByTestId("plan-run-finished")).toBeVisible();
  // Children started from main once their parent landed there: the design tree agrees with git.
  await expect(page.getByTestId("no-divergence")).toBeVisible();

  // "What needs you" names each node's worktree by its node and plan, in the board's words.
  await page.goto("/");
  const apiRow = page.locator(`[data-testid="attention-item"][data-path="${bySlug.get("api")!.worktreePath}"]`);
  await expect(apiRow.getByTestId("attention-name")).toHaveText("Payment API");
  await expect(apiRow.getByTestId("attention-node-title")).toHaveText("plan Shop · feat/api");
  await expect(apiRow.getByTestId("attention-node-state")).toHaveText("Plan node: landed");
  // The plan's board is there too, under the agents.
  const roomBoard = page.getByTestId("attention-plans").getByTestId("plan-run-board");
  await expect(roomBoard.getByTestId("plan-run-finished")).toBeVisible();
  await expect(roomBoard.getByTestId("board-column-landed").locator("li")).toHaveCount(5);
  await page.screenshot({ path: path.join(outDir, "plan-run-attention.png") });
  await page.goto(`/?repo=${repoId}`);

  // On a phone the board's columns stack; each card still shows its state and its chat.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId("pane-main").click();
  await expect(board.getByTestId("plan-node-api")).toBeVisible();
  await page.screenshot({ path: path.join(outDir, "plan-run-board-phone.png"), fullPage: true });
  await board.getByTestId("plan-node-api").getByRole("button", { name: "Open chat" }).click();
  await expect(page.locator('[data-testid="message"][data-role="user"]').first()).toContainText("Payment API");
  // What the node's agent cost shows in its chat too. "Today" is the machine's calendar day: a run that
  // began before midnight counts for yesterday, so today's part is read from the repository's costs.
  const apiCost = bySlug.get("api")!.costUsd;
  const costs = await callApi<{
    costs: { byWorktree: { worktreePath: string; totalUsd: number; todayUsd: number }[] };
  }>(claude.arbor, `/api/repos/${repoId}/costs`);
  const apiHere = costs.body.costs.byWorktree.find((entry) => entry.worktreePath === bySlug.get("api")!.worktreePath)!;
  expect(apiHere.totalUsd).toBeCloseTo(apiCost, 9);
  expect(apiHere.todayUsd === 0 || Math.abs(apiHere.todayUsd - apiCost) < 1e-6).toBe(true);
  await expect(page.getByTestId("worktree-costs")).toHaveText(
    `$${apiCost.toFixed(2)} over 1 run · $${apiHere.todayUsd.toFixed(2)} today`,
  );
  await page.screenshot({ path: path.join(outDir, "plan-run-chat-phone.png") });
});

test("a Sandboxed node's chat says so in its mode, Leave the sandbox ends it, and the repository shows its cost per day", async ({
  page,
  claude,
  repo,
}) => {
  test.setTimeout(180_000);
  const { repoId } = repo;
  const planId = await makePlan(claude.arbor, repo, {
    title: "Boxed",
    goal: "Stay inside.",
    tree: { nodes: [{ slug: "boxed", title: "Boxed", description: "[[mock:text boxed]]" }], edges: [] },
  });
  const started = await callApi(claude.arbor, `/api/plans/${planId}/run`, {
    body: { permissionMode: "sandboxed", allowedDomains: "registry.npmjs.org" },
  });
  expect(started.status).toBe(200);
  const readNode = async () =>
    (await callApi<{ run: PlanRunView }>(claude.arbor, `/api/plans/${planId}/run`)).body.run.nodes[0]!;
  await expect.poll(async () => (await readNode()).state, { timeout: 120_000 }).toBe("ready");
  const { worktreePath } = await readNode();

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/?repo=${repoId}&wt=${encodeURIComponent(worktreePath!)}`);
  const modeButton = page.getByTestId("mode-menu-button");
  await expect(modeButton).toContainText("Mode: Accept edits · Sandboxed");
  await modeButton.click();
  await expect(page.getByTestId("mode-sandbox-note")).toContainText("reach registry.npmjs.org");
  await page.screenshot({ path: path.join(outDir, "plan-run-sandboxed-mode.png") });
  await page.getByTestId("mode-leave-sandbox").click();
  await expect(page.getByTestId("mode-sandbox-note")).toHaveCount(0);
  await expect(modeButton).toHaveText("Mode: Accept edits ▾");
  // Kept: a reload reads the worktree out of the sandbox, in the mode it had.
  await page.reload();
  await expect(modeButton).toHaveText("Mode: Accept edits ▾");

  // What the agents cost per day: today's bar is the node's run.
  const costs = await callApi<{ costs: { todayUsd: number; byDay: Array<{ day: string; usd: number }> } }>(
    claude.arbor,
    `/api/repos/${repoId}/costs`,
  );
  expect(costs.body.costs.todayUsd).toBeGreaterThan(0);
  await page.getByTestId("repo-costs").click();
  const chart = page.getByTestId("repo-costs-chart");
  await expect(chart.getByTestId("repo-costs-day")).toHaveCount(14);
  await expect(chart.getByTestId("repo-costs-day").last()).toHaveAttribute(
    "data-usd",
    String(costs.body.costs.todayUsd),
  );
  await expect(chart).toContainText(path.basename(worktreePath!));
  await page.screenshot({ path: path.join(outDir, "repo-costs-chart.png") });
  await page.keyboard.press("Escape");
  await expect(chart).toHaveCount(0);
});

test("New task… adds the task to the plan shown, whose run starts it and lands it like its other nodes", async ({
  page,
  claude,
  repo,
}) => {
  test.setTimeout(240_000);
  const { repoId, mainPath } = repo;
  const planId = await makePlan(claude.arbor, repo, {
    title: "Shop",
    goal: "Customers can pay.",
    tree: { nodes: [{ slug: "api", title: "Payment API", description: "[[mock:write api.txt api]]" }], edges: [] },
  });
  const started = await callApi(claude.arbor, `/api/plans/${planId}/run`, {
    body: { permissionMode: "acceptEdits", autoLand: true },
  });
  expect(started.status).toBe(200);

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/?repo=${repoId}`);
  const board = page.getByTestId("plan-run-board");
  await expect(board.getByTestId("plan-node-api")).toBeVisible();
  await page.getByTestId("task-new").click();
  const dialog = page.getByTestId("new-task-dialog");
  await dialog.getByTestId("new-task-title").fill("Receipts");
  await dialog.getByTestId("new-task-prompt").fill("[[mock:write receipts.txt receipts]]");
  await dialog.getByTestId("new-task-plan-node").check();
  await dialog.getByTestId("new-task-start").click();
  await expect(dialog.getByTestId("new-task-joined-plan")).toContainText(
    "Added to the plan Shop as the node receipts.",
  );
  await page.screenshot({ path: path.join(outDir, "plan-run-new-task-joined.png") });
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(board.getByTestId("plan-node-receipts")).toBeVisible();
  // Its agent, checks and land take as long as any node's (a minute or more under CI load).
  await expect(board.getByTestId("board-column-landed").locator("li")).toHaveCount(2, { timeout: 180_000 });
  const files = await runFixtureGit({ cwd: mainPath, args: ["ls-tree", "--name-only", "HEAD"] });
  expect(files).toContain("receipts.txt");
  expect(files).toContain("api.txt");
});
