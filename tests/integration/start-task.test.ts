import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import type { RunResultBody } from "@/tests/support/api-types.ts";
import { callApi, pinRepo } from "@/tests/support/call-api.ts";
import {
  createFixtureRoot,
  createRepoWithOrigin,
  removeGitFixture,
  runFixtureGit,
} from "@/tests/support/git-fixtures.ts";
import { lastUserText } from "@/tests/support/mock-anthropic/index.ts";
import { useArborWithRepo } from "@/tests/support/use-arbor-with-repo.ts";
import { connectRepoWs } from "@/tests/support/ws-client.ts";
import type { StartedTask } from "@/lib/worktrees/worktree-types.ts";

interface ErrorBody {
  error: { code: string; message: string; details?: { limitBytes?: number } };
}

const shared = useArborWithRepo();

const start = (body: { title: string; prompt?: string; base?: string; repoId?: string }) =>
  callApi<{ task: StartedTask } & ErrorBody>(shared.env.arbor, "/api/tasks", {
    body: { repoId: shared.repo.repoId, ...body },
  });

const branches = async () =>
  (await runFixtureGit({ cwd: shared.repo.mainPath, args: ["branch", "--format=%(refname:short)"] }))
    .split("\n")
    .filter(Boolean)
    .sort();

const waitForRun = (runId: string) =>
  callApi<RunResultBody>(shared.env.arbor, `/api/chat/runs/${runId}?wait=1`).then(({ body }) => body);

describe("starting a task in one step", () => {
  it("makes the branch by the naming rule, its worktree and conversation, and runs the first message there", async () => {
    const started = await start({
      title: "Add the login page",
      prompt: "Make login.html with a form. [[mock:text Made login.html.]]",
    });
    expect(started.status).toBe(201);
    const { task } = started.body;
    expect(task).toMatchObject({
      branch: "feat/add-the-login-page",
      base: "main",
      worktreePath: path.join(shared.repo.root, "main-add-the-login-page"),
      setup: { copies: [], command: null },
    });
    expect(task.session.worktreePath).toBe(task.worktreePath);
    expect(task.userMessage.content).toBe(
      "Add the login page\n\nMake login.html with a form. [[mock:text Made login.html.]]",
    );
    expect(["queued", "running"]).toContain(task.run.status);
    expect((await runFixtureGit({ cwd: task.worktreePath, args: ["branch", "--show-current"] })).trim()).toBe(
      "feat/add-the-login-page",
    );

    const ended = await waitForRun(task.run.id);
    expect(ended.run.status).toBe("success");
    expect(ended.assistantMessage?.content).toBe("Made login.html.");
    // The model was asked from the new worktree, with Arbor's assembled prompt ending in the task's message.
    const request = shared.env.mock.requests.find(
      (candidate) => candidate.headers["x-claude-code-session-id"] === ended.run.claudeSessionId,
    );
    expect(lastUserText(request!)).toContain(task.worktreePath);
    expect(lastUserText(request!)!.endsWith(task.userMessage.content)).toBe(true);
  });

  it("numbers the branch of a second task with the same title, and uses the rule the repository set", async () => {
    const again = await start({ title: "Add the login page", prompt: "[[mock:text again]]" });
    expect(again.status).toBe(201);
    expect(again.body.task.branch).toBe("feat/add-the-login-page-2");
    await waitForRun(again.body.task.run.id);

    const rule = await callApi(shared.env.arbor, `/api/repos/${shared.repo.repoId}/rules`, {
      method: "PUT",
      body: { branchNamingRule: "task/{slug}" },
    });
    expect(rule.status).toBe(200);
    const titleOnly = await start({ title: "Rounding: use cents [[mock:text ok]]" });
    expect(titleOnly.status).toBe(201);
    expect(titleOnly.body.task.branch).toBe("task/rounding-use-cents-mock-text-ok");
    expect(titleOnly.body.task.userMessage.content).toBe("Rounding: use cents [[mock:text ok]]");
    await waitForRun(titleOnly.body.task.run.id);
  });

  it("refuses an empty title, a message over the limit and a missing base before making anything", async () => {
    const before = await branches();
    const noTitle = await start({ title: "   ", prompt: "do it" });
    expect(noTitle.status).toBe(422);
    expect(noTitle.body.error.message).toMatch(/title/);

    await callApi(shared.env.arbor, "/api/settings", { method: "PUT", body: { maxMessageBytes: 2048 } });
    const tooBig = await start({ title: "Big one", prompt: "y".repeat(3000) });
    await callApi(shared.env.arbor, "/api/settings", { method: "PUT", body: { maxMessageBytes: 1024 * 1024 } });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error.details?.limitBytes).toBe(2048);
    expect(tooBig.body.error.message).toMatch(/Shorten it/);
    expect(existsSync(path.join(shared.repo.root, "main-big-one"))).toBe(false);

    const badBase = await start({ title: "From nowhere", prompt: "x", base: "no-such-branch" });
    expect(badBase.status).toBeGreaterThanOrEqual(400);
    expect(badBase.status).toBeLessThan(500);
    expect(badBase.body.error.message).toMatch(/no-such-branch/);
    expect(existsSync(path.join(shared.repo.root, "main-from-nowhere"))).toBe(false);
    expect(await branches()).toEqual(before);
  });

  it("refuses a repository that is not pinned", async () => {
    const unknown = await start({ title: "Elsewhere", repoId: "00000000-0000-4000-8000-000000000000" });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toMatch(/pin/i);
  });
});

describe("starting a design node's agent in one step", () => {
  it("makes the node's branch from its parent's and sends the node, with the plan's goal, as its first message", async () => {
    const { arbor } = shared.env;
    const { repoId } = shared.repo;
    await callApi(arbor, `/api/repos/${repoId}/rules`, { method: "PUT", body: { branchNamingRule: "plan/{slug}" } });
    const plan = (
      await callApi<{ plan: { id: string } }>(arbor, "/api/plans", {
        body: { repoId, title: "Checkout", goal: "Customers pay by card." },
      })
    ).body.plan;
    const tree = {
      nodes: [
        { slug: "payment-api", title: "Payment API", description: "Add POST /pay. [[mock:text API done.]]" },
        { slug: "card-form", title: "Card form", description: "[[mock:text Form done.]]" },
      ],
      edges: [{ parent: "payment-api", child: "card-form" }],
    };
    expect(
      (await callApi(arbor, "/api/tree-spec", { body: { planId: plan.id, tree, baseVersion: null } })).status,
    ).toBe(200);
    const startNode = (slug: string) =>
      callApi<{ task: StartedTask } & ErrorBody>(arbor, `/api/plans/${plan.id}/nodes/${slug}/start`, { body: {} });

    // A child waits for its parent's branch, and nothing is made meanwhile.
    const early = await startNode("card-form");
    expect(early.status).toBeGreaterThanOrEqual(400);
    expect(early.status).toBeLessThan(500);
    expect(early.body.error.message).toContain("plan/payment-api does not exist yet");
    expect(await branches()).not.toContain("plan/card-form");

    const root = await startNode("payment-api");
    expect(root.status).toBe(201);
    expect(root.body.task).toMatchObject({ branch: "plan/payment-api", base: "main" });
    expect(root.body.task.userMessage.content).toBe(
      'Payment API\n\nAdd POST /pay. [[mock:text API done.]]\n\nThis is one task of the plan "Checkout", whose goal is: Customers pay by card.',
    );
    expect((await waitForRun(root.body.task.run.id)).assistantMessage?.content).toBe("API done.");

    const child = await startNode("card-form");
    expect(child.status).toBe(201);
    expect(child.body.task).toMatchObject({ branch: "plan/card-form", base: "plan/payment-api" });
    expect(child.body.task.userMessage.content).toContain('It builds on "Payment API"');
    expect((await waitForRun(child.body.task.run.id)).assistantMessage?.content).toBe("Form done.");

    // Started twice: the branch exists, so nothing more is made; an unknown node says so.
    const twice = await startNode("payment-api");
    expect(twice.status).toBe(409);
    const unknown = await startNode("no-such-node");
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toContain('no node "no-such-node"');
  });
});

describe("a new task added to a plan", () => {
  const planTask = (body: { title: string; prompt?: string; planId: string }) =>
    callApi<{ task: StartedTask | null; planNode: { planId: string; slug: string; isPaused?: boolean } } & ErrorBody>(
      shared.env.arbor,
      "/api/tasks",
      { body: { repoId: shared.repo.repoId, ...body } },
    );
  const treeOf = async (planId: string) =>
    (
      await callApi<{ plan: { tree: { nodes: Array<{ slug: string; title: string; description: string | null }> } } }>(
        shared.env.arbor,
        `/api/plans/${planId}`,
      )
    ).body.plan.tree.nodes;

  it("becomes a node of a plan without a run and starts at once, with the plan's goal", async () => {
    const { arbor } = shared.env;
    const plan = (
      await callApi<{ plan: { id: string } }>(arbor, "/api/plans", {
        body: { repoId: shared.repo.repoId, title: "Billing", goal: "Send invoices." },
      })
    ).body.plan;
    const started = await planTask({
      planId: plan.id,
      title: "Invoice PDF",
      prompt: "Render it. [[mock:text PDF done.]]",
    });
    expect(started.status).toBe(201);
    expect(started.body.planNode).toEqual({ planId: plan.id, slug: "invoice-pdf" });
    expect(started.body.task!.userMessage.content).toContain(
      'This is one task of the plan "Billing", whose goal is: Send invoices.',
    );
    expect((await waitForRun(started.body.task!.run.id)).assistantMessage?.content).toBe("PDF done.");
    expect(await treeOf(plan.id)).toEqual([
      expect.objectContaining({
        slug: "invoice-pdf",
        title: "Invoice PDF",
        description: "Render it. [[mock:text PDF done.]]",
      }),
    ]);
    // The same title again is a second node, numbered.
    const again = await planTask({ planId: plan.id, title: "Invoice PDF", prompt: "[[mock:text again]]" });
    expect(again.body.planNode.slug).toBe("invoice-pdf-2");
  });

  it("joins a plan's run, which starts it like any node; a plan of nowhere is refused and changes nothing", async () => {
    const { arbor } = shared.env;
    await runFixtureGit({ cwd: shared.repo.mainPath, args: ["config", "user.name", "Plan Runner"] });
    await runFixtureGit({ cwd: shared.repo.mainPath, args: ["config", "user.email", "plans@arbor.invalid"] });
    const plan = (
      await callApi<{ plan: { id: string } }>(arbor, "/api/plans", {
        body: { repoId: shared.repo.repoId, title: "Running", goal: "Keep going." },
      })
    ).body.plan;
    const tree = { nodes: [{ slug: "first", title: "First", description: "[[mock:text first]]" }], edges: [] };
    expect(
      (await callApi(arbor, "/api/tree-spec", { body: { planId: plan.id, tree, baseVersion: null } })).status,
    ).toBe(200);
    expect((await callApi(arbor, `/api/plans/${plan.id}/run`, { body: {} })).status).toBe(200);

    const ws = await connectRepoWs(arbor, shared.repo.repoId);
    onTestFinished(() => ws.close());
    const joined = await planTask({ planId: plan.id, title: "Second", prompt: "[[mock:text second]]" });
    expect(joined.status).toBe(202);
    expect(joined.body).toEqual({ task: null, planNode: { planId: plan.id, slug: "second", isPaused: false } });
    await ws.waitFor(
      (message) =>
        message.type === "plan_run" &&
        message.planId === plan.id &&
        message.nodes.some((node) => node.slug === "second" && node.state === "ready"),
    );
    const run = await callApi<{ run: { nodes: Array<{ slug: string; state: string; runs: unknown[] }> } }>(
      arbor,
      `/api/plans/${plan.id}/run`,
    );
    expect(run.body.run.nodes.find((node) => node.slug === "second")!.runs).toHaveLength(1);

    const nowhere = await planTask({ planId: "00000000-0000-4000-8000-000000000000", title: "Lost" });
    expect(nowhere.status).toBe(404);
    // A plan of another pinned repository is not this one's.
    const other = await createFixtureRoot();
    onTestFinished(() => removeGitFixture(other));
    const otherRepoId = await pinRepo(
      arbor,
      (await createRepoWithOrigin({ ...other, files: { "a.txt": "a\n" } })).mainPath,
    );
    const otherPlan = (
      await callApi<{ plan: { id: string } }>(arbor, "/api/plans", { body: { repoId: otherRepoId, title: "Theirs" } })
    ).body.plan;
    const foreign = await planTask({ planId: otherPlan.id, title: "Misplaced" });
    expect(foreign.status).toBe(422);
    expect(foreign.body.error.message).toBe(
      'The plan "Theirs" belongs to another repository. Pick one of this repository\'s plans, or start the task without one.',
    );
    expect((await callApi<{ plan: { tree: unknown } }>(arbor, `/api/plans/${otherPlan.id}`)).body.plan.tree).toBeNull();
    expect((await treeOf(plan.id)).map((node) => node.slug)).toEqual(["first", "second"]);
  }, 120_000);
});
