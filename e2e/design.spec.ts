import type { LedgerEntryBody, PlanBody, PlansBody, RulesBody } from "@/tests/support/api-types.ts";
import { callApi, openSession } from "@/tests/support/call-api.ts";
import { expect, test } from "./chat-fixtures.ts";

const treeNode = (slug: string) => `[data-testid="tree-node"][data-slug="${slug}"]`;

test("a tree built by hand is shown against git; creating a planned node's branch clears its warning", async ({
  page,
  claude,
  repo,
}) => {
  const loginPath = await repo.addWorktree("login");
  const strayPath = await repo.addWorktree("stray");
  await page.goto(`/?repo=${repo.repoId}`);
  await expect(page.getByTestId("tree-dashboard").getByTestId("no-design")).toBeVisible();
  await expect(page.locator('[data-testid="tree-node"][data-branch="feat/login"]')).toBeVisible();

  await page.getByTestId("open-wizard").click();
  await page.getByTestId("wizard-plan-title").fill("Auth rework");
  await page.getByTestId("wizard-plan-goal").fill("Users can log in and sign up");
  await expect(page.getByTestId("wizard-plan-body")).toHaveValue(/## Scope/);
  await page.getByTestId("wizard-next").click();

  await page.getByTestId("wizard-manual").click();
  // Nothing typed yet is not an error: the wizard says what to do next, calmly.
  await expect(page.getByTestId("tree-incomplete")).toContainText("no nodes");
  await expect(page.getByTestId("tree-error")).toHaveCount(0);
  await page.getByTestId("editor-add").click();
  await expect(page.getByTestId("tree-incomplete")).toContainText("Node 1 has no title yet");
  await expect(page.getByTestId("editor-node").nth(0)).toHaveAttribute("data-invalid", "false");
  const rows = page.getByTestId("editor-node");
  await rows.nth(0).getByTestId("editor-title").fill("Auth");
  await expect(rows.nth(0).getByTestId("editor-slug")).toHaveValue("auth");
  await rows.nth(0).getByTestId("editor-add-child").click();
  await rows.nth(1).getByTestId("editor-title").fill("Login page");
  await expect(rows.nth(1).getByTestId("editor-slug")).toHaveValue("login-page");
  await rows.nth(1).getByTestId("editor-slug").fill("login");
  await page.getByTestId("editor-add").click();
  await rows.nth(2).getByTestId("editor-title").fill("Sign-up");
  await rows.nth(2).getByTestId("editor-slug").fill("login");
  await expect(page.getByTestId("tree-error")).toContainText('Two nodes use the slug "login"');
  await expect(page.getByTestId("wizard-next")).toBeDisabled();
  await rows.nth(2).getByTestId("editor-slug").fill("signup");
  await rows.nth(2).getByTestId("editor-parent").selectOption({ label: "Auth · auth" });
  await expect(page.getByTestId("tree-valid")).toBeVisible();
  const preview = page.getByTestId("tree-preview");
  await expect(preview.locator('[data-slug="signup"]')).toHaveAttribute("data-depth", "1");
  await expect(preview.locator('[data-slug="signup"]')).toContainText("feat/signup");
  await page.getByTestId("wizard-next").click();
  await page.getByTestId("wizard-save").click();

  const login = page.locator(treeNode("login"));
  await expect(login).toHaveAttribute("data-branch", "feat/login");
  await expect(login.getByTestId("design-badge")).toBeVisible();
  await expect(login.getByTestId("node-worktree")).toHaveText(loginPath);
  const signup = page.locator(treeNode("signup"));
  await expect(signup.getByTestId("node-no-branch")).toBeVisible();
  await expect(signup.locator('[data-testid="divergence-warning"][data-code="planned_without_branch"]')).toContainText(
    "feat/signup",
  );
  // Each warning once: the one on signup's node is only counted in the list under the tree.
  await expect(
    page.getByTestId("divergence-list").locator('[data-code="planned_without_branch"][data-slug="signup"]'),
  ).toHaveCount(0);
  await expect(page.getByTestId("divergence-on-tree")).toContainText("shown on");
  const strayRow = page.locator(`[data-testid="worktree-row"][data-path="${strayPath}"]`);
  const stray = strayRow.locator('[data-testid="worktree-divergence"][data-code="branch_not_in_design"]');
  await expect(stray).toContainText("feat/stray");
  // Work outside the design is a quiet note on one line; its whole message opens on demand.
  await expect(stray).toHaveAttribute("data-quiet", "true");
  expect((await stray.boundingBox())!.height).toBeLessThan(24);
  await stray.locator("summary").click();
  await expect(stray.locator("details")).toHaveAttribute("open", "");
  await expect(stray.getByTestId("divergence-details")).toBeVisible();
  await expect(stray.getByTestId("divergence-details")).toContainText(`Add a node "stray" to the design`);

  const plans = (await callApi<PlansBody>(claude.arbor, `/api/plans?repoId=${repo.repoId}`)).body.plans;
  expect(plans[0]?.tree?.nodes.map((node) => node.slug)).toEqual(["auth", "login", "signup"]);
  expect(plans[0]?.tree?.edges).toEqual([
    { parent: "auth", child: "login" },
    { parent: "auth", child: "signup" },
  ]);

  // The design parent has no branch yet: the hint and the button agree that it comes first.
  await expect(signup.locator('[data-testid="divergence-warning"][data-code="planned_without_branch"]')).toContainText(
    'its parent "auth" has no branch feat/auth either. Create feat/auth first, then feat/signup from it.',
  );
  await expect(signup.getByTestId("create-branch")).toBeDisabled();
  await expect(signup.getByTestId("create-branch-waits")).toHaveText("Create the branch of “auth” first.");
  await expect(signup.getByTestId("start-node")).toBeDisabled();
  // "Start agent": the node's branch and worktree, its conversation and first message in one click.
  const auth = page.locator(treeNode("auth"));
  await auth.getByTestId("start-node").click();
  await expect(page.getByTestId("chat-branch")).toHaveText("feat/auth");
  const firstMessage = page.locator('[data-testid="message"][data-role="user"]');
  await expect(firstMessage).toContainText("Auth");
  await expect(firstMessage).toContainText(
    'This is one task of the plan "Auth rework", whose goal is: Users can log in',
  );
  await expect(page.locator('[data-testid="message"][data-role="assistant"]')).toHaveCount(1);
  await page.getByTestId("open-dashboard").click();
  await expect(auth).toHaveAttribute("data-branch", "feat/auth");
  await expect(signup.getByTestId("create-branch-waits")).toHaveCount(0);
  // The repository's setup runs for a node's worktree too; what of it needs the user stays on the card.
  await callApi(claude.arbor, `/api/repos/${repo.repoId}/worktree-setup`, {
    method: "PUT",
    body: { copyFiles: [], command: ["npm", "ci"], timeoutSeconds: 60 },
  });
  await signup.getByTestId("create-branch").click();
  await expect(signup).toHaveAttribute("data-branch", "feat/signup");
  const setupNotice = signup.getByTestId("node-setup-problems");
  await expect(setupNotice).toContainText(
    "feat/signup was created, but its setup needs you: Not run: Arbor runs a repository's setup command only when you trust the repository.",
  );
  await setupNotice.getByTestId("node-setup-dismiss").click();
  await expect(setupNotice).toHaveCount(0);
  await expect(page.locator('[data-testid="divergence-warning"][data-slug="signup"]')).toHaveCount(0);
  await expect(page.locator('[data-testid="worktree-row"][data-branch="feat/signup"]')).toBeVisible();

  await signup.getByTestId("node-open").click();
  await expect(page.getByTestId("chat-branch")).toHaveText("feat/signup");
  await page.getByTestId("open-dashboard").click();
  await expect(page.locator(treeNode("signup"))).toHaveAttribute("data-branch", "feat/signup");
});

test("option C: Claude's proposal lands in the editor for review; an answer that is not JSON is reported and nothing is saved", async ({
  page,
  claude,
  repo,
}) => {
  const proposal = '{"nodes":[{"slug":"api","title":"API","description":null,"status":"planned"}],"edges":[]}';
  await page.goto(`/?repo=${repo.repoId}`);
  await page.getByTestId("open-wizard").click();
  await page.getByTestId("wizard-plan-title").fill("Proposed");
  await page.getByTestId("wizard-plan-body").fill(`Design the API. [[mock:text ${proposal}]]`);
  await page.getByTestId("wizard-next").click();
  await page.getByTestId("wizard-propose").click();
  await page.getByTestId("propose-run").click();
  await expect(page.getByTestId("proposal-loaded")).toBeVisible({ timeout: 60_000 });
  const api = page.locator('[data-testid="editor-node"][data-slug="api"]');
  await expect(api.getByTestId("editor-title")).toHaveValue("API");
  await expect(page.getByTestId("tree-preview")).toContainText("feat/api");
  const proposed = (await callApi<PlansBody>(claude.arbor, `/api/plans?repoId=${repo.repoId}`)).body.plans[0];
  expect(proposed?.tree).toBeNull();
  await page.getByTestId("wizard-next").click();
  await page.getByTestId("wizard-save").click();
  await expect(page.locator(treeNode("api")).getByTestId("node-no-branch")).toBeVisible();

  await page.getByTestId("edit-tree").click();
  await expect(page.locator('[data-testid="editor-node"][data-slug="api"]').getByTestId("editor-title")).toHaveValue(
    "API",
  );
  await page.getByTestId("wizard-cancel").click();

  await page.getByTestId("open-wizard").click();
  await page.getByTestId("wizard-new-plan").click();
  await page.getByTestId("wizard-plan-title").fill("Broken");
  await page.getByTestId("wizard-plan-body").fill("[[mock:text not json]]");
  await page.getByTestId("wizard-next").click();
  await page.getByTestId("wizard-propose").click();
  await page.getByTestId("propose-run").click();
  await expect(page.getByTestId("propose-error")).toContainText(/not valid JSON.*Nothing was saved/, {
    timeout: 60_000,
  });
  await page.getByTestId("wizard-manual").click();
  await expect(page.getByTestId("editor-node")).toHaveCount(0);
  const broken = (await callApi<PlansBody>(claude.arbor, `/api/plans?repoId=${repo.repoId}`)).body.plans.find(
    (plan) => plan.title === "Broken",
  );
  expect(broken?.tree).toBeNull();
});

test("option B is disabled with its reason; plans are picked; the rules editor refuses a rule without {slug}", async ({
  page,
  claude,
  repo,
}) => {
  await callApi(claude.arbor, "/api/plans", { body: { repoId: repo.repoId, title: "First" } });
  await callApi(claude.arbor, "/api/plans", { body: { repoId: repo.repoId, title: "Second" } });
  await page.goto(`/?repo=${repo.repoId}`);
  await page.getByTestId("plan-picker").selectOption({ label: "Second (no tree yet)" });
  await expect(page.getByTestId("no-design")).toContainText("“Second” has no design tree yet");

  await page.getByTestId("open-wizard").click();
  await page.getByTestId("wizard-plan-select").selectOption({ label: "First" });
  await page.getByTestId("wizard-next").click();
  await expect(page.getByTestId("wizard-github")).toBeDisabled();
  await expect(page.getByTestId("github-unavailable")).toContainText("gh");
  await page.getByTestId("wizard-cancel").click();

  await page.getByTestId("open-rules").click();
  const rules = page.getByTestId("rules-editor");
  await expect(rules.getByTestId("rules-naming")).toHaveValue("feat/{slug}");
  await rules.getByTestId("rules-naming").fill("task/no-placeholder");
  await rules.getByTestId("rules-save").click();
  await expect(rules.getByTestId("rules-error")).toContainText("{slug}");
  await rules.getByTestId("rules-naming").fill("task/{slug}");
  await rules.getByTestId("rules-text").fill("Write tests first.");
  await rules.getByTestId("rules-save").click();
  await expect(rules.getByTestId("rules-saved")).toBeVisible();
  await expect(page.getByTestId("dashboard-summary")).toContainText("task/{slug}");
  const stored = (await callApi<RulesBody>(claude.arbor, `/api/repos/${repo.repoId}/rules`)).body.rules;
  expect(stored).toEqual({ branchNamingRule: "task/{slug}", freeTextRules: "Write tests first." });
});

test("plans: a wizard left without saving leaves no plan behind; a plan is renamed, refused while a decision is open, then deleted", async ({
  page,
  claude,
  repo,
}) => {
  const planTitles = async () =>
    (await callApi<PlansBody>(claude.arbor, `/api/plans?repoId=${repo.repoId}`)).body.plans.map((plan) => plan.title);
  await page.goto(`/?repo=${repo.repoId}`);
  await page.getByTestId("open-wizard").click();
  await page.getByTestId("wizard-plan-title").fill("Cancelled");
  await page.getByTestId("wizard-next").click();
  await expect(page.getByTestId("design-wizard")).toHaveAttribute("data-step", "build");
  await expect.poll(planTitles).toEqual(["Cancelled"]);
  await page.getByTestId("wizard-cancel").click();
  await expect.poll(planTitles).toEqual([]);

  await page.getByTestId("open-wizard").click();
  await page.getByTestId("wizard-plan-title").fill("Tab closed");
  await page.getByTestId("wizard-next").click();
  await expect(page.getByTestId("design-wizard")).toHaveAttribute("data-step", "build");
  await page.reload();
  await expect.poll(planTitles).toEqual([]);

  const plan = (
    await callApi<PlanBody>(claude.arbor, "/api/plans", { body: { repoId: repo.repoId, title: "Old name" } })
  ).body.plan;
  const tree = { nodes: [{ slug: "api", title: "API", description: null, status: "planned" }], edges: [] };
  await callApi(claude.arbor, "/api/tree-spec", { body: { planId: plan.id, tree, baseVersion: null } });
  await page.reload();
  await expect(page.getByTestId("plan-title")).toContainText("Old name");
  await page.getByTestId("edit-plan").click();
  const editor = page.getByTestId("edit-plan-dialog");
  await editor.getByTestId("wizard-plan-title").fill("New name");
  await editor.getByTestId("edit-plan-save").click();
  await expect(editor).toBeHidden();
  await expect(page.getByTestId("plan-title")).toContainText("New name");

  const sessionId = await openSession(claude.arbor, { repoId: repo.repoId, worktreePath: repo.mainPath });
  await callApi(claude.arbor, "/api/chat/sessions/plan", { body: { sessionId, planId: plan.id } });
  const decision = await callApi<LedgerEntryBody>(claude.arbor, "/api/ledger", {
    body: { kind: "decision", text: "REST, not GraphQL", sessionId, scope: "plan" },
  });
  await page.getByTestId("delete-plan").click();
  const confirm = page.getByTestId("delete-plan-dialog");
  await expect(confirm).toContainText("Its design tree (1 task) goes with it.");
  await confirm.getByTestId("delete-plan-confirm").click();
  await expect(confirm.getByTestId("delete-plan-error")).toContainText("still has 1 open decision or task");
  expect(await planTitles()).toEqual(["New name"]);

  await callApi(claude.arbor, `/api/ledger/${decision.body.entry.id}`, {
    method: "PATCH",
    body: { action: "close", status: "dropped" },
  });
  await confirm.getByTestId("delete-plan-confirm").click();
  await expect(confirm).toBeHidden();
  await expect(page.getByTestId("no-design")).toBeVisible();
  expect(await planTitles()).toEqual([]);
});
