import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lastUserText } from "@/tests/support/mock-anthropic/index.ts";
import { startArborWithClaude, type ArborWithClaude } from "@/tests/support/arbor-with-claude.ts";
import {
  addWorktree,
  createFixtureRoot,
  createRepoWithOrigin,
  removeGitFixture,
  runFixtureGit,
} from "@/tests/support/git-fixtures.ts";
import type {
  DashboardBody,
  ErrorBody,
  GithubStatusBody,
  LedgerEntryBody,
  NodeBranchBody,
  PlanBody,
  ProposedTreeBody,
  RulesBody,
  TreeSpecBody,
} from "@/tests/support/api-types.ts";
import { callApi, openSession, pinRepo, sendChat } from "@/tests/support/call-api.ts";

let env: ArborWithClaude;
let fixture: { root: string };
let mainPath: string;
let repoId: string;

const tree = {
  nodes: [
    { slug: "auth", title: "Authentication", description: "Login and sessions", status: "in_progress" },
    { slug: "login-page", title: "Login page", description: null, status: "planned" },
    { slug: "logout", title: "Logout", description: null, status: "planned" },
  ],
  edges: [
    { parent: "auth", child: "login-page" },
    { parent: "auth", child: "logout" },
  ],
};

beforeAll(async () => {
  env = await startArborWithClaude();
  fixture = await createFixtureRoot();
  ({ mainPath } = await createRepoWithOrigin({ root: fixture.root, files: { "a.txt": "a\n" } }));
  await addWorktree({ mainPath, path: path.join(fixture.root, "auth"), branch: "feat/auth" });
  await runFixtureGit({
    cwd: path.join(fixture.root, "auth"),
    args: ["commit", "-q", "--allow-empty", "-m", "auth work"],
  });
  repoId = await pinRepo(env.arbor, mainPath);
});

afterAll(async () => {
  await env?.close();
  if (fixture) await removeGitFixture(fixture);
});

describe("plans and design trees", () => {
  it("saves a tree, shows it against git with warnings, creates a missing branch, and feeds the prompt", async () => {
    const created = await callApi<PlanBody>(env.arbor, "/api/plans", {
      body: { repoId, title: "Auth rework", goal: "Users can log in and out" },
    });
    expect(created.status).toBe(201);
    expect(created.body.plan.bodyMarkdown).toContain("## Scope");
    const planId = created.body.plan.id;

    const invalid = await callApi<ErrorBody>(env.arbor, "/api/tree-spec", {
      body: {
        planId,
        baseVersion: null,
        tree: {
          nodes: [...tree.nodes, { slug: "logout", title: "Again", description: null, status: "planned" }],
          edges: tree.edges,
        },
      },
    });
    expect(invalid.status).toBe(422);
    expect(invalid.body.error.message).toContain("logout");
    const cyclic = await callApi<ErrorBody>(env.arbor, "/api/tree-spec", {
      body: {
        planId,
        baseVersion: null,
        tree: { nodes: tree.nodes, edges: [...tree.edges, { parent: "login-page", child: "auth" }] },
      },
    });
    expect(cyclic.status).toBe(422);
    expect((await callApi<PlanBody>(env.arbor, `/api/plans/${planId}`)).body.plan.tree).toBeNull();

    const saved = await callApi<TreeSpecBody>(env.arbor, "/api/tree-spec", {
      body: { planId, tree, baseVersion: null },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.plan.treeVersion).toBe(1);
    // Optimistic concurrency: a save made from an older version is refused and writes nothing.
    const secondFirst = await callApi<ErrorBody>(env.arbor, "/api/tree-spec", {
      body: { planId, tree, baseVersion: null },
    });
    expect(secondFirst.status).toBe(409);
    expect(secondFirst.body.error.message).toContain("Nothing was overwritten");
    const resaved = await callApi<TreeSpecBody>(env.arbor, "/api/tree-spec", {
      body: { planId, tree, baseVersion: 1 },
    });
    expect(resaved.body.plan.treeVersion).toBe(2);
    const stale = await callApi<ErrorBody>(env.arbor, "/api/tree-spec", {
      body: { planId, tree: { nodes: tree.nodes.slice(0, 1), edges: [] }, baseVersion: 1 },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toContain("now version 2");
    expect((await callApi<PlanBody>(env.arbor, `/api/plans/${planId}`)).body.plan.tree?.nodes).toHaveLength(
      tree.nodes.length,
    );
    const renamed = await callApi<PlanBody>(env.arbor, `/api/plans/${planId}`, {
      method: "PATCH",
      body: { baseVersion: 1, title: "Auth rework" },
    });
    expect(renamed.body.plan.version).toBe(2);
    const stalePlan = await callApi<ErrorBody>(env.arbor, `/api/plans/${planId}`, {
      method: "PATCH",
      body: { baseVersion: 1, title: "Overwritten?" },
    });
    expect(stalePlan.status).toBe(409);
    expect((await callApi<PlanBody>(env.arbor, `/api/plans/${planId}`)).body.plan.title).toBe("Auth rework");
    const dashboard = saved.body.dashboard;
    const authNode = dashboard.layout.find((node) => node.nodeSlug === "auth");
    expect(authNode).toMatchObject({
      branch: "feat/auth",
      isInDesign: true,
      worktreePath: path.join(fixture.root, "auth"),
    });
    const codes = dashboard.warnings.map((w) => `${w.code}:${w.nodeSlug ?? ""}`);
    expect(codes).toContain("planned_without_branch:login-page");
    expect(codes).toContain("planned_without_branch:logout");

    // The repository's setup runs for a node's worktree too: .env copied, the command not run (untrusted).
    writeFileSync(path.join(mainPath, ".env"), "SECRET=1\n");
    mkdirSync(path.join(mainPath, ".git", "info"), { recursive: true });
    writeFileSync(path.join(mainPath, ".git", "info", "exclude"), ".env\n", { flag: "a" });
    await callApi(env.arbor, `/api/repos/${repoId}/worktree-setup`, {
      method: "PUT",
      body: { copyFiles: [".env"], command: ["npm", "ci"], timeoutSeconds: 60 },
    });
    const made = await callApi<NodeBranchBody>(env.arbor, `/api/plans/${planId}/nodes/login-page/branch`, { body: {} });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ branch: "feat/login-page", parentBranch: "feat/auth" });
    expect(made.body.setup.copies).toEqual([{ path: ".env", status: "copied", reason: null }]);
    expect(made.body.setup.command).toMatchObject({ command: "npm ci", status: "not_run" });
    expect(readFileSync(path.join(made.body.worktreePath, ".env"), "utf8")).toBe("SECRET=1\n");
    await callApi(env.arbor, `/api/repos/${repoId}/worktree-setup`, {
      method: "PUT",
      body: { copyFiles: [], command: [], timeoutSeconds: 60 },
    });
    const again = await callApi(env.arbor, `/api/plans/${planId}/nodes/login-page/branch`, { body: {} });
    expect(again.status).toBe(409);
    const rescanned = (await callApi<DashboardBody>(env.arbor, `/api/repos/${repoId}/dashboard?planId=${planId}`)).body
      .dashboard;
    expect(rescanned.warnings.map((w) => w.nodeSlug)).not.toContain("login-page");

    const sessionId = await openSession(env.arbor, { repoId, worktreePath: made.body.worktreePath });
    const sent = await sendChat(env.arbor, { sessionId, userMessage: "[[mock:text ok]]" });
    const prompt = lastUserText(
      env.mock.requests.find((r) => r.headers["x-claude-code-session-id"] === sent.body.run.claudeSessionId)!,
    )!;
    const planSection = prompt.slice(prompt.indexOf("# 3. Plan"), prompt.indexOf("# 4. Memory"));
    expect(planSection).toContain("Auth rework");
    expect(planSection).toContain("Users can log in and out");
    expect(planSection).toContain("Login page (feat/login-page, planned)");
    expect(planSection).toContain("Parent: Authentication (feat/auth, in_progress)");
  });

  it("puts divergence warnings for the worktree into the Context section", async () => {
    const plan = (await callApi<PlanBody>(env.arbor, "/api/plans", { body: { repoId, title: "Stray" } })).body.plan;
    const stray = path.join(fixture.root, "stray");
    await addWorktree({ mainPath, path: stray, branch: "feat/stray" });
    await callApi(env.arbor, "/api/tree-spec", {
      body: {
        planId: plan.id,
        baseVersion: plan.treeVersion,
        tree: { nodes: [{ slug: "other", title: "Other", description: null, status: "planned" }], edges: [] },
      },
    });
    const sessionId = await openSession(env.arbor, { repoId, worktreePath: stray });
    await callApi(env.arbor, "/api/chat/sessions/plan", { body: { sessionId, planId: plan.id } });
    const sent = await sendChat(env.arbor, { sessionId, userMessage: "[[mock:text ok]]" });
    const prompt = lastUserText(
      env.mock.requests.find((r) => r.headers["x-claude-code-session-id"] === sent.body.run.claudeSessionId)!,
    )!;
    const context = prompt.slice(prompt.indexOf("# 2. Context"), prompt.indexOf("# 3. Plan"));
    expect(context).toContain("Where git diverges from the design tree:");
    expect(context).toContain("feat/stray");
  });

  it("option C: claude proposes a tree for review; invalid JSON is reported and nothing is saved", async () => {
    const proposal = JSON.stringify({
      nodes: [{ slug: "api", title: "API", description: null, status: "planned" }],
      edges: [],
    });
    const plan = (
      await callApi<PlanBody>(env.arbor, "/api/plans", {
        body: { repoId, title: "Proposed", bodyMarkdown: `Design it. [[mock:text \`\`\`json\n${proposal}\n\`\`\`]]` },
      })
    ).body.plan;
    const proposed = await callApi<ProposedTreeBody>(env.arbor, `/api/plans/${plan.id}/propose`, { body: {} });
    expect(proposed.status).toBe(200);
    expect(proposed.body.tree.nodes[0]?.slug).toBe("api");
    expect((await callApi<PlanBody>(env.arbor, `/api/plans/${plan.id}`)).body.plan.tree).toBeNull();

    const broken = (
      await callApi<PlanBody>(env.arbor, "/api/plans", {
        body: { repoId, title: "Broken", bodyMarkdown: "[[mock:text {not json at all]]" },
      })
    ).body.plan;
    const failed = await callApi<ErrorBody>(env.arbor, `/api/plans/${broken.id}/propose`, { body: {} });
    expect(failed.status).toBe(502);
    expect(failed.body.error.message).toMatch(/not valid JSON.*Nothing was saved/);
    expect((await callApi<PlanBody>(env.arbor, `/api/plans/${broken.id}`)).body.plan.tree).toBeNull();
  });

  it("option B is disabled with a reason when gh is missing; the naming rule is validated", async () => {
    const status = await callApi<GithubStatusBody>(env.arbor, `/api/repos/${repoId}/github-status`);
    expect(status.body.isAvailable).toBe(false);
    expect(status.body.reason).toMatch(/gh/);
    const badRule = await callApi(env.arbor, `/api/repos/${repoId}/rules`, {
      method: "PUT",
      body: { branchNamingRule: "feat/no-placeholder" },
    });
    expect(badRule.status).toBe(422);
    const good = await callApi<RulesBody>(env.arbor, `/api/repos/${repoId}/rules`, {
      method: "PUT",
      body: { branchNamingRule: "task/{slug}", freeTextRules: "Write tests first." },
    });
    expect(good.body.rules).toEqual({ branchNamingRule: "task/{slug}", freeTextRules: "Write tests first." });
    await callApi(env.arbor, `/api/repos/${repoId}/rules`, {
      method: "PUT",
      body: { branchNamingRule: "feat/{slug}" },
    });
  });

  it("edits a plan from the version it started on, and deletes one only when nothing open would be forgotten", async () => {
    const created = await callApi<PlanBody>(env.arbor, "/api/plans", { body: { repoId, title: "Doomed" } });
    const plan = created.body.plan;
    const edited = await callApi<PlanBody>(env.arbor, `/api/plans/${plan.id}`, {
      method: "PATCH",
      body: { baseVersion: plan.version, title: "Renamed", goal: "A new goal" },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.plan).toMatchObject({ title: "Renamed", goal: "A new goal", version: plan.version + 1 });
    const stale = await callApi<ErrorBody>(env.arbor, `/api/plans/${plan.id}`, {
      method: "PATCH",
      body: { baseVersion: plan.version, title: "Lost edit" },
    });
    expect(stale.status).toBe(409);
    const saved = await callApi<TreeSpecBody>(env.arbor, "/api/tree-spec", {
      body: { planId: plan.id, tree, baseVersion: null },
    });
    expect(saved.status).toBe(200);

    const worktreePath = path.join(fixture.root, "auth");
    const sessionId = await openSession(env.arbor, { repoId, worktreePath });
    await callApi(env.arbor, "/api/chat/sessions/plan", { body: { sessionId, planId: plan.id } });
    const decision = await callApi<LedgerEntryBody>(env.arbor, "/api/ledger", {
      body: { kind: "decision", text: "Sessions expire after a day", sessionId, scope: "plan" },
    });
    expect(decision.status).toBe(201);

    // The wizard's discard keeps a plan that has a tree; a delete with an open decision is refused; nothing changes.
    const discard = await callApi<ErrorBody>(env.arbor, `/api/plans/${plan.id}?draft=1`, { method: "DELETE" });
    expect(discard.status).toBe(409);
    expect(discard.body.error.message).toMatch(/has a saved design tree now, so it was kept/);
    const refused = await callApi<ErrorBody>(env.arbor, `/api/plans/${plan.id}`, { method: "DELETE" });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(
      'Plan "Renamed" still has 1 open decision or task. Close them in the Ledger panel first (mark tasks done, drop what no longer holds), then delete the plan. Nothing was deleted.',
    );
    expect((await callApi<PlanBody>(env.arbor, `/api/plans/${plan.id}`)).body.plan.tree).toEqual(tree);

    await callApi(env.arbor, `/api/ledger/${decision.body.entry.id}`, {
      method: "PATCH",
      body: { action: "close", status: "dropped" },
    });
    const deleted = await callApi<{ unlinkedConversations: number }>(env.arbor, `/api/plans/${plan.id}`, {
      method: "DELETE",
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body.unlinkedConversations).toBe(1);
    expect((await callApi(env.arbor, `/api/plans/${plan.id}`)).status).toBe(404);
    // The conversation is still there (unlinked, counted above).
    expect(await openSession(env.arbor, { repoId, worktreePath })).toBe(sessionId);
    const again = await callApi<ErrorBody>(env.arbor, `/api/plans/${plan.id}`, { method: "DELETE" });
    expect(again.status).toBe(404);
    expect(again.body.error.message).toMatch(/does not exist/);
  });

  it("a plan the design wizard created and left without a tree is discarded", async () => {
    const draft = (await callApi<PlanBody>(env.arbor, "/api/plans", { body: { repoId, title: "Abandoned" } })).body
      .plan;
    const discarded = await callApi(env.arbor, `/api/plans/${draft.id}?draft=1`, { method: "DELETE" });
    expect(discarded.status).toBe(200);
    const plans = await callApi<{ plans: { id: string }[] }>(env.arbor, `/api/plans?repoId=${repoId}`);
    expect(plans.body.plans.map((plan) => plan.id)).not.toContain(draft.id);
    expect((await callApi(env.arbor, `/api/plans/${draft.id}?draft=yes`, { method: "DELETE" })).status).toBe(422);
  });

  it("a planned node under a parent without a branch waits for it: the warning says so and creating is refused", async () => {
    const plan = (await callApi<PlanBody>(env.arbor, "/api/plans", { body: { repoId, title: "Stacked" } })).body.plan;
    const stacked = {
      nodes: [
        { slug: "base-work", title: "Base", description: null, status: "planned" },
        { slug: "on-top", title: "On top", description: null, status: "planned" },
      ],
      edges: [{ parent: "base-work", child: "on-top" }],
    };
    const saved = await callApi<TreeSpecBody>(env.arbor, "/api/tree-spec", {
      body: { planId: plan.id, tree: stacked, baseVersion: null },
    });
    expect(saved.body.dashboard.warnings.find((warning) => warning.nodeSlug === "on-top")).toMatchObject({
      code: "planned_without_branch",
      waitsForNode: "base-work",
    });
    const refused = await callApi<ErrorBody>(env.arbor, `/api/plans/${plan.id}/nodes/on-top/branch`, { body: {} });
    expect(refused.status).toBe(412);
    expect(refused.body.error.message).toBe(
      "The design parent's branch feat/base-work does not exist yet. Create it first.",
    );
  });
});
