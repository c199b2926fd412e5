// A plan run end to end with real git, real checks and the real CLI against the mock model: each
// node's spec carries the mock's file-writing directive, and one node's check fails until a file
// exists, printing the directive that makes its agent write it (Arbor sends the failure back).
import { existsSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { ErrorBody } from "@/lib/errors/error-body.ts";
import type { PlanRunView } from "@/lib/plans/run/plan-run-view.ts";
import type { ServerMessage } from "@/lib/realtime/protocol.ts";
import { callApi, trustRepo } from "@/tests/support/call-api.ts";
import { runFixtureGit } from "@/tests/support/git-fixtures.ts";
import { useArborWithRepo } from "@/tests/support/use-arbor-with-repo.ts";
import { connectRepoWs } from "@/tests/support/ws-client.ts";

type RunBody = { run: PlanRunView } & ErrorBody;

const shared = useArborWithRepo();
let ws: Awaited<ReturnType<typeof connectRepoWs>>;

beforeAll(async () => {
  ws = await connectRepoWs(shared.env.arbor, shared.repo.repoId);
  return () => ws.close();
});

async function createPlan(title: string, tree: { nodes: object[]; edges: object[] }): Promise<string> {
  const { arbor } = shared.env;
  const plan = await callApi<{ plan: { id: string } }>(arbor, "/api/plans", {
    body: { repoId: shared.repo.repoId, title, goal: `Ship ${title}.` },
  });
  expect(plan.status).toBe(201);
  const saved = await callApi(arbor, "/api/tree-spec", {
    body: { planId: plan.body.plan.id, tree, baseVersion: null },
  });
  expect(saved.status).toBe(200);
  return plan.body.plan.id;
}

const runPlan = (planId: string, body: Record<string, unknown>) =>
  callApi<RunBody>(shared.env.arbor, `/api/plans/${planId}/run`, { body });
const readRun = (planId: string) => callApi<RunBody>(shared.env.arbor, `/api/plans/${planId}/run`);
const act = (planId: string, slug: string, body: Record<string, unknown>) =>
  callApi<RunBody>(shared.env.arbor, `/api/plans/${planId}/run/nodes/${slug}`, { body });

/** The plan_run message in which every node is in one of `states`. */
const allIn = (planId: string, states: string[]) =>
  ws.waitFor(
    (message: ServerMessage) =>
      message.type === "plan_run" &&
      message.planId === planId &&
      message.nodes.every((node) => states.includes(node.state)),
  );

const mainFiles = async () =>
  (await runFixtureGit({ cwd: shared.repo.mainPath, args: ["ls-tree", "--name-only", "HEAD"] }))
    .split("\n")
    .filter(Boolean);

describe("running a plan", () => {
  it("refuses to run while git does not know who the user is, since every node is committed and merged as them", async () => {
    const planId = await createPlan("Nobody", { nodes: [{ slug: "anon", title: "Anon" }], edges: [] });
    const refused = await runPlan(planId, {});
    expect(refused.status).toBe(412);
    expect(refused.body.error.message).toMatch(
      /^Git does not know who you are, so the plan was not run.*then run the plan again\.$/,
    );
    expect((await readRun(planId)).status).toBe(404);
  });

  it("dispatches five nodes on two levels, fixes failed checks through the agent, and lands all in order", async () => {
    const { repoId, mainPath } = shared.repo;
    await runFixtureGit({ cwd: mainPath, args: ["config", "user.name", "Plan Runner"] });
    await runFixtureGit({ cwd: mainPath, args: ["config", "user.email", "plans@arbor.invalid"] });
    await trustRepo(shared.env.arbor, repoId);
    const checks = await callApi(shared.env.arbor, `/api/repos/${repoId}/settings`, {
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
    expect(checks.status).toBe(200);
    const node = (slug: string, title: string) => ({
      slug,
      title,
      description: `Write ${slug}.txt. [[mock:write ${slug}.txt ${slug} work]]`,
    });
    const planId = await createPlan("Shop", {
      nodes: [
        node("api", "Payment API"),
        node("ui", "Shop UI"),
        node("api-docs", "API docs"),
        node("api-tests", "API tests"),
        { slug: "ui-form", title: "Card form", description: "Write the form. [[mock:write needs-fix.txt form]]" },
      ],
      edges: [
        { parent: "api", child: "api-docs" },
        { parent: "api", child: "api-tests" },
        { parent: "ui", child: "ui-form" },
      ],
    });
    expect((await readRun(planId)).status).toBe(404);

    const started = await runPlan(planId, { concurrency: 3, autoLand: true, permissionMode: "acceptEdits" });
    expect(started.status).toBe(200);
    expect(started.body.run).toMatchObject({ concurrency: 3, autoLand: true, permissionMode: "acceptEdits" });
    // Children wait for their parent to land; both roots start at once.
    const firstStates = Object.fromEntries(started.body.run.nodes.map((entry) => [entry.slug, entry.state]));
    expect(firstStates["api-docs"]).toBe("waiting");
    expect(started.body.run.nodes.find((entry) => entry.slug === "api-docs")?.description).toBe(
      "waiting for api to land",
    );

    await allIn(planId, ["landed"]);
    const { body } = await readRun(planId);
    const bySlug = new Map(body.run.nodes.map((entry) => [entry.slug, entry]));
    for (const entry of body.run.nodes) {
      expect(entry.state).toBe("landed");
      expect(entry.branch).toBe(`feat/${entry.slug}`);
      expect(entry.runs.length).toBeGreaterThan(0);
      expect(entry.runs.every((run) => run.status === "success")).toBe(true);
      expect(entry.checks?.status).toBe("passed");
      // No child started before its parent landed.
      for (const parent of entry.dependsOn) {
        expect(Date.parse(entry.runs[0]!.startedAt)).toBeGreaterThan(Date.parse(bySlug.get(parent)!.landedAt!));
      }
    }
    // The node whose checks failed once went back to its agent with the failure, and passed after its second run.
    const form = bySlug.get("ui-form")!;
    expect(form.runs.map((run) => run.purpose)).toEqual(["spec", "fix_checks"]);
    expect(form.autoCommit).toMatch(/^[0-9a-f]{40}$/);
    // Every node's work is on the base branch, committed by Arbor from what each agent left.
    expect(await mainFiles()).toEqual(
      expect.arrayContaining(["api.txt", "ui.txt", "api-docs.txt", "api-tests.txt", "needs-fix.txt", "fixed.txt"]),
    );
    // Nodes landed one at a time: each land is a merge commit of its own.
    const merges = (
      await runFixtureGit({ cwd: shared.repo.mainPath, args: ["log", "--merges", "--format=%s", "main"] })
    )
      .split("\n")
      .filter(Boolean);
    expect(merges).toHaveLength(5);
    // The first message of a node is its spec, with the plan's goal and (for a child) its parent's outcome.
    const messages = await callApi<{ messages: Array<{ role: string; content: string }> }>(
      shared.env.arbor,
      `/api/chat/messages?sessionId=${bySlug.get("api-docs")!.sessionId}`,
    );
    const first = messages.body.messages.find((message) => message.role === "user")!.content;
    expect(first).toContain('This is one task of the plan "Shop", whose goal is: Ship Shop.');
    expect(first).toContain('It builds on "Payment API": that node has landed');

    // A landed node refuses what no longer applies, saying why.
    const retry = await act(planId, "api", { action: "retry" });
    expect(retry.status).toBe(409);
    expect(retry.body.error.message).toBe(
      "Cannot retry a landed node: api has landed. Its work is already on the base branch.",
    );
  }, 240_000);
});

describe("bad input to a plan run", () => {
  it("refuses a budget of zero, agents at once out of range and Sandboxed in an untrusted repository, keeping nothing", async () => {
    const planId = await createPlan("Refusals", { nodes: [{ slug: "solo", title: "Solo" }], edges: [] });
    const zero = await runPlan(planId, { budgetUsd: 0 });
    expect(zero.status).toBe(422);
    expect(zero.body.error.message).toMatch(/A budget must be more than \$0, not 0/);
    const tooMany = await runPlan(planId, { concurrency: 0 });
    expect(tooMany.status).toBe(422);
    await callApi(shared.env.arbor, `/api/repos/${shared.repo.repoId}/trust`, { method: "DELETE" });
    const sandboxed = await runPlan(planId, { permissionMode: "sandboxed" });
    expect(sandboxed.status).toBe(412);
    expect(sandboxed.body.error.message).toMatch(/only in a repository you trust/);
    expect((await readRun(planId)).status).toBe(404);
  });

  it("fails only the node whose branch already exists with other work, and runs the others", async () => {
    const { mainPath } = shared.repo;
    await runFixtureGit({ cwd: mainPath, args: ["branch", "feat/taken", "main"] });
    const planId = await createPlan("Taken", {
      nodes: [
        { slug: "taken", title: "Taken", description: "[[mock:text taken]]" },
        { slug: "free", title: "Free", description: "[[mock:text free]]" },
      ],
      edges: [],
    });
    const started = await runPlan(planId, {});
    expect(started.status).toBe(200);
    await ws.waitFor(
      (message) =>
        message.type === "plan_run" &&
        message.planId === planId &&
        message.nodes.some((entry) => entry.slug === "taken" && entry.state === "failed") &&
        message.nodes.some((entry) => entry.slug === "free" && ["ready", "landed"].includes(entry.state)),
    );
    const { body } = await readRun(planId);
    const taken = body.run.nodes.find((entry) => entry.slug === "taken")!;
    expect(taken.description).toMatch(/^failed: .*feat\/taken/);
    expect(taken.needsUser).toBe(true);
    expect(existsSync(path.join(shared.repo.root, `${path.basename(mainPath)}-taken`))).toBe(false);
    // Without "land when checks pass", a ready node waits for its click.
    expect(body.run.nodes.find((entry) => entry.slug === "free")!.state).toBe("ready");
    const landed = await act(planId, "free", { action: "land" });
    expect(landed.status).toBe(200);
    await ws.waitFor(
      (message) =>
        message.type === "plan_run" &&
        message.planId === planId &&
        message.nodes.some((entry) => entry.slug === "free" && entry.state === "landed"),
    );
  });
});
