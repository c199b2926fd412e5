// Plan runs through the API with real git and the real CLI against the mock model: what is refused
// before anything starts, a node that cannot start, and a node removed from the tree while its agent
// runs. The whole journey (five nodes, a failed check fixed by its agent, landing in order) is
// e2e/plan-run.spec.ts.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { ErrorBody } from "@/lib/errors/error-body.ts";
import type { PlanRunView } from "@/lib/plans/run/plan-run-view.ts";
import { callApi, trustRepo } from "@/tests/support/call-api.ts";
import { runFixtureGit, writeFiles } from "@/tests/support/git-fixtures.ts";
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

/**
 * Resolves on the plan's first `plan_run` message (past or future) in which each named node is in
 * one of its states, or has exactly its description (`{ description }`).
 */
const planReaches = (planId: string, wanted: Record<string, string[] | { description: string }>) =>
  ws.waitFor(
    (message) =>
      message.type === "plan_run" &&
      message.planId === planId &&
      Object.entries(wanted).every(([slug, want]) =>
        message.nodes.some(
          (entry) =>
            entry.slug === slug &&
            (Array.isArray(want) ? want.includes(entry.state) : entry.description === want.description),
        ),
      ),
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
});

describe("bad input to a plan run", () => {
  beforeAll(async () => {
    // Every node is committed and merged as the user: these runs have someone to be.
    await runFixtureGit({ cwd: shared.repo.mainPath, args: ["config", "user.name", "Plan Runner"] });
    await runFixtureGit({ cwd: shared.repo.mainPath, args: ["config", "user.email", "plans@arbor.invalid"] });
  });

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

  it("fails only the node whose branch or worktree folder already exists, touching neither, and runs the others", async () => {
    const { mainPath } = shared.repo;
    await runFixtureGit({ cwd: mainPath, args: ["branch", "feat/taken", "main"] });
    // Someone's own folder where the node's worktree would go.
    const occupiedFolder = path.join(shared.repo.root, `${path.basename(mainPath)}-occupied`);
    mkdirSync(occupiedFolder);
    writeFileSync(path.join(occupiedFolder, "mine.txt"), "mine");
    const planId = await createPlan("Taken", {
      nodes: [
        { slug: "taken", title: "Taken", description: "[[mock:text taken]]" },
        { slug: "occupied", title: "Occupied", description: "[[mock:text occupied]]" },
        { slug: "free", title: "Free", description: "[[mock:text free]]" },
      ],
      edges: [],
    });
    const started = await runPlan(planId, {});
    expect(started.status).toBe(200);
    await planReaches(planId, { taken: ["failed"], occupied: ["failed"], free: ["ready", "landed"] });
    const { body } = await readRun(planId);
    const taken = body.run.nodes.find((entry) => entry.slug === "taken")!;
    expect(taken.description).toBe(
      "failed: Branch feat/taken already exists, and no worktree has it. Check it out in a worktree of its own (the run takes that over), or delete the branch, then Retry the node.",
    );
    expect(taken.needsUser).toBe(true);
    const occupied = body.run.nodes.find((entry) => entry.slug === "occupied")!;
    expect(occupied.description).toBe(
      `failed: ${occupiedFolder} already exists, and it is not this node's worktree. Move or remove that folder, then Retry the node.`,
    );
    expect(readdirSync(occupiedFolder)).toEqual(["mine.txt"]);
    expect(readFileSync(path.join(occupiedFolder, "mine.txt"), "utf8")).toBe("mine");
    expect(existsSync(path.join(shared.repo.root, `${path.basename(mainPath)}-taken`))).toBe(false);
    // Without "land when checks pass", a ready node waits for its click.
    const free = body.run.nodes.find((entry) => entry.slug === "free")!;
    expect(free.state).toBe("ready");
    // "What needs you" names the node's worktree by the node, in the board's words.
    const attention = await callApi<{ items: Array<{ worktreePath: string; planNode?: object | null }> }>(
      shared.env.arbor,
      "/api/attention",
    );
    expect(attention.body.items.find((item) => item.worktreePath === free.worktreePath)?.planNode).toEqual({
      planId,
      planTitle: "Taken",
      slug: "free",
      title: "Free",
      description: free.description,
      needsUser: true,
    });
    const landed = await act(planId, "free", { action: "land" });
    expect(landed.status).toBe(200);
    await planReaches(planId, { free: ["landed"] });
  });

  it("lets a waiting node's task be edited until its agent starts, which then gets the new task", async () => {
    const { arbor } = shared.env;
    const planId = await createPlan("Edited", {
      nodes: [
        { slug: "base-work", title: "Base work", description: "[[mock:write base-work.txt base]]" },
        { slug: "follow", title: "Follow", description: "[[mock:write follow.txt old]]" },
      ],
      edges: [{ parent: "base-work", child: "follow" }],
    });
    // Without "land when checks pass" the parent waits at ready, so its child is still waiting.
    expect((await runPlan(planId, { permissionMode: "acceptEdits" })).status).toBe(200);
    await planReaches(planId, { "base-work": ["ready"], follow: ["waiting"] });
    const edited = await act(planId, "follow", { action: "edit_spec", spec: "[[mock:write follow.txt new]]" });
    expect(edited.status).toBe(200);
    expect(edited.body.run.nodes.find((entry) => entry.slug === "follow")!.spec).toBe("[[mock:write follow.txt new]]");
    const tooLate = await act(planId, "base-work", { action: "edit_spec", spec: "something else" });
    expect(tooLate.status).toBe(409);
    expect(tooLate.body.error.message).toMatch(/base-work/);
    expect((await act(planId, "base-work", { action: "land" })).status).toBe(200);
    await planReaches(planId, { follow: ["ready"] });
    const follow = (await readRun(planId)).body.run.nodes.find((entry) => entry.slug === "follow")!;
    const messages = await callApi<{ messages: Array<{ role: string; content: string }> }>(
      arbor,
      `/api/chat/messages?sessionId=${follow.sessionId}`,
    );
    const first = messages.body.messages.find((message) => message.role === "user")!.content;
    expect(first).toContain("[[mock:write follow.txt new]]");
    expect(first).not.toContain("follow.txt old");
    expect(readFileSync(path.join(follow.worktreePath!, "follow.txt"), "utf8").trim()).toBe("new");
  }, 240_000);

  it("takes over a node whose agent was started by hand: its worktree and conversation, told to go on", async () => {
    const { arbor } = shared.env;
    const planId = await createPlan("By hand", {
      nodes: [{ slug: "by-hand", title: "By hand", description: "[[mock:text done by hand]]" }],
      edges: [],
    });
    const started = await callApi<{ task: { worktreePath: string; session: { id: number } } }>(
      arbor,
      `/api/plans/${planId}/nodes/by-hand/start`,
      { body: {} },
    );
    expect(started.status).toBe(201);
    const { worktreePath, session } = started.body.task;
    const messagesOf = async () =>
      (
        await callApi<{ messages: Array<{ role: string; content: string; status: string }> }>(
          arbor,
          `/api/chat/messages?sessionId=${session.id}`,
        )
      ).body.messages;
    await expect
      .poll(async () => (await messagesOf()).filter((m) => m.role === "assistant" && m.status === "complete").length, {
        timeout: 60_000,
      })
      .toBe(1);

    expect((await runPlan(planId, {})).status).toBe(200);
    await planReaches(planId, { "by-hand": ["ready"] });
    const node = (await readRun(planId)).body.run.nodes.find((entry) => entry.slug === "by-hand")!;
    expect(node.worktreePath).toBe(worktreePath);
    expect(node.sessionId).toBe(session.id);
    const asked = (await messagesOf()).filter((m) => m.role === "user").map((m) => m.content);
    expect(asked).toHaveLength(2);
    expect(asked[1]).toContain("[[mock:text done by hand]]");
    expect(asked[1]).toMatch(/now part of the plan's run\. Look at what is already done in this worktree first/);
    const answers = (await messagesOf()).filter((m) => m.role === "assistant" && m.status === "complete");
    expect(answers).toHaveLength(2);
  }, 240_000);

  it("ends a node removed from the tree while its agent runs, saying so, and lands the rest", async () => {
    const { arbor, mock } = shared.env;
    // The doomed node's agent never gets an answer: it is still running when the node is removed.
    mock.setResponder(({ humanText }) =>
      humanText?.includes("doomed.txt") ? { name: "held", steps: [{ type: "hang" }] } : null,
    );
    try {
      const kept = { slug: "kept", title: "Kept", description: "[[mock:write kept.txt kept]]" };
      const planId = await createPlan("Removal", {
        nodes: [{ slug: "doomed", title: "Doomed", description: "[[mock:write doomed.txt x]]" }, kept],
        edges: [],
      });
      expect((await runPlan(planId, { autoLand: true, permissionMode: "acceptEdits" })).status).toBe(200);
      await mock.waitForRequest((request) => request.rawBody.includes("doomed.txt x]]"), { timeoutMs: 60_000 });
      const saved = await callApi<{ plan: { treeVersion: number } }>(arbor, `/api/plans/${planId}`);
      const edited = await callApi(arbor, "/api/tree-spec", {
        body: { planId, tree: { nodes: [kept], edges: [] }, baseVersion: saved.body.plan.treeVersion },
      });
      expect(edited.status).toBe(200);
      await planReaches(planId, { doomed: ["failed"], kept: ["landed"] });
      const doomed = (await readRun(planId)).body.run.nodes.find((entry) => entry.slug === "doomed")!;
      expect(doomed.description).toMatch(
        /^failed: removed from the plan's design tree; its branch, worktree and conversation are kept/,
      );
      // Its agent was stopped: the run ends cancelled (the plan does not wait for that to say the node ended).
      expect(doomed.runs).toHaveLength(1);
      const ended = await callApi<{ run: { status: string } }>(arbor, `/api/chat/runs/${doomed.runs[0]!.id}?wait=1`);
      expect(ended.body.run.status).toBe("cancelled");
      expect(existsSync(doomed.worktreePath!)).toBe(true);
      expect(await mainFiles()).toContain("kept.txt");
    } finally {
      mock.setResponder(null);
    }
  }, 240_000);

  it("shows a node whose agent asks to run a tool as waiting for you, and goes on once it is allowed", async () => {
    const { arbor } = shared.env;
    const planId = await createPlan("Asking", {
      nodes: [{ slug: "asks", title: "Asks", description: "[[mock:bash echo hi > asked.txt]]" }],
      edges: [],
    });
    expect((await runPlan(planId, { autoLand: true })).status).toBe(200);
    await planReaches(planId, { asks: { description: "waiting for you: allow Bash?" } });
    const node = (await readRun(planId)).body.run.nodes[0]!;
    expect(node).toMatchObject({ state: "waiting_for_user", needsUser: true });
    const pending = await callApi<{ approvals: Array<{ id: string; status: string }> }>(
      arbor,
      `/api/approvals?sessionId=${node.sessionId}`,
    );
    const approval = pending.body.approvals.find((entry) => entry.status === "pending")!;
    expect(
      (await callApi(arbor, `/api/approvals/${approval.id}`, { body: { decision: { action: "allow_once" } } })).status,
    ).toBe(200);
    await planReaches(planId, { asks: ["landed"] });
    expect(await mainFiles()).toContain("asked.txt");
  }, 240_000);

  it("runs Sandboxed agents' commands without asking, inside Claude Code's sandbox, which the repository cannot switch off", async () => {
    const { arbor } = shared.env;
    const { repoId } = shared.repo;
    const outside = mkdtempSync(path.join(os.tmpdir(), "arbor-outside-"));
    const planId = await createPlan("Sandboxed", {
      nodes: [
        {
          slug: "boxed",
          title: "Boxed",
          // No subshell: Claude Code asks for a command it cannot check before it runs, sandbox or not.
          description: `[[mock:bash echo inside > boxed.txt && echo x > ${outside}/escape.txt; echo escape=$?]]`,
        },
      ],
      edges: [],
    });
    // The repository's own settings try to switch the sandbox off and allow Bash outright: the
    // sandbox Arbor passes with --settings outranks them (checked with the CLI 2.1.332).
    await writeFiles({
      dir: shared.repo.mainPath,
      files: {
        ".claude/settings.json": JSON.stringify({
          sandbox: { enabled: false, allowUnsandboxedCommands: true },
          permissions: { allow: ["Bash"] },
        }),
      },
    });
    await runFixtureGit({ cwd: shared.repo.mainPath, args: ["add", ".claude/settings.json"] });
    await runFixtureGit({ cwd: shared.repo.mainPath, args: ["commit", "-q", "-m", "Turn the sandbox off"] });
    await trustRepo(arbor, repoId);
    try {
      const badDomain = await runPlan(planId, { permissionMode: "sandboxed", allowedDomains: "https://pypi.org" });
      expect(badDomain.status).toBe(422);
      expect(badDomain.body.error.message).toMatch(/"https:\/\/pypi.org" is not a domain the sandbox can allow/);
      expect((await readRun(planId)).status).toBe(404);

      const started = await runPlan(planId, {
        permissionMode: "sandboxed",
        autoLand: true,
        allowedDomains: "registry.npmjs.org, *.GitHub.com",
      });
      expect(started.status).toBe(200);
      expect(started.body.run.allowedDomains).toEqual(["registry.npmjs.org", "*.github.com"]);
      await planReaches(planId, { boxed: ["landed"] });
      const node = (await readRun(planId)).body.run.nodes[0]!;
      // Bash ran without a card; its write inside the worktree landed, the one outside was refused by the sandbox.
      const approvals = await callApi<{ approvals: unknown[] }>(arbor, `/api/approvals?sessionId=${node.sessionId}`);
      expect(approvals.body.approvals).toEqual([]);
      expect(await mainFiles()).toContain("boxed.txt");
      expect(existsSync(path.join(outside, "escape.txt"))).toBe(false);
      const messages = await callApi(arbor, `/api/chat/messages?sessionId=${node.sessionId}`);
      expect(JSON.stringify(messages.body)).toMatch(/Read-only file system[\s\S]*escape=1/);
      // The worktree stays sandboxed for every later run, the user's own sends included.
      const mode = await callApi<{ mode: string; sandbox: { allowedDomains: string[] } | null }>(
        arbor,
        `/api/worktree-mode?repoId=${repoId}&worktreePath=${encodeURIComponent(node.worktreePath!)}`,
      );
      expect(mode.body).toEqual({
        mode: "acceptEdits",
        sandbox: { allowedDomains: ["registry.npmjs.org", "*.github.com"] },
      });

      // Leave the sandbox (the chat header's mode menu): the mode stays; commands run outside it.
      const modeUrl = "/api/worktree-mode";
      const where = { repoId, worktreePath: node.worktreePath! };
      const garbled = await callApi<ErrorBody>(arbor, modeUrl, {
        method: "PUT",
        body: { ...where, mode: "acceptEdits", sandbox: "off" },
      });
      expect(garbled.status).toBe(422);
      expect(garbled.body.error.message).toMatch(/sandbox/);
      expect((await callApi(arbor, `${modeUrl}?${new URLSearchParams(where)}`)).body).toMatchObject({
        sandbox: { allowedDomains: ["registry.npmjs.org", "*.github.com"] },
      });
      const left = await callApi(arbor, modeUrl, {
        method: "PUT",
        body: { ...where, mode: "acceptEdits", sandbox: null },
      });
      expect(left.status).toBe(200);
      expect((await callApi(arbor, `${modeUrl}?${new URLSearchParams(where)}`)).body).toEqual({
        mode: "acceptEdits",
        sandbox: null,
      });
      // The same escape is no longer refused by the sandbox: it asks, and once allowed it writes outside.
      const sending = shared.send(node.sessionId!, `[[mock:bash echo x > ${outside}/unboxed.txt]]`);
      const pendingBash = async () =>
        (
          await callApi<{ approvals: Array<{ id: string; status: string; toolName: string }> }>(
            arbor,
            `/api/approvals?sessionId=${node.sessionId}`,
          )
        ).body.approvals.filter((entry) => entry.status === "pending" && entry.toolName === "Bash");
      await expect.poll(async () => (await pendingBash()).length, { timeout: 60_000 }).toBe(1);
      const [asked] = await pendingBash();
      const allowed = await callApi(arbor, `/api/approvals/${asked!.id}`, {
        body: { decision: { action: "allow_once" } },
      });
      expect(allowed.status).toBe(200);
      expect((await sending).status).toBe(200);
      expect(readFileSync(path.join(outside, "unboxed.txt"), "utf8")).toBe("x\n");
    } finally {
      await callApi(arbor, `/api/repos/${repoId}/trust`, { method: "DELETE" });
    }
  }, 240_000);

  it("rolls every run's cost up per worktree and day, the same sums the plan shows per node", async () => {
    const { arbor } = shared.env;
    type CostsBody = {
      costs: {
        totalUsd: number;
        todayUsd: number;
        byWorktree: Array<{ worktreePath: string; totalUsd: number; runs: number }>;
        byDay: Array<{ day: string; usd: number }>;
      };
    } & ErrorBody;
    const { status, body } = await callApi<CostsBody>(arbor, `/api/repos/${shared.repo.repoId}/costs`);
    expect(status).toBe(200);
    expect(body.costs.totalUsd).toBeGreaterThan(0);
    expect(body.costs.byDay).toHaveLength(14);
    expect(body.costs.byDay.at(-1)!.usd).toBe(body.costs.todayUsd);
    const plans = await callApi<{ plans: Array<{ id: string; title: string }> }>(
      arbor,
      `/api/plans?repoId=${shared.repo.repoId}`,
    );
    const asking = plans.body.plans.find((plan) => plan.title === "Asking")!;
    const node = (await readRun(asking.id)).body.run.nodes[0]!;
    const here = body.costs.byWorktree.find((entry) => entry.worktreePath === node.worktreePath)!;
    expect(here.totalUsd).toBe(node.costUsd);
    expect(here.runs).toBe(node.runs.length);
    const unknown = await callApi<CostsBody>(arbor, "/api/repos/00000000-0000-4000-8000-000000000000/costs");
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toMatch(/not pinned/);
  });
});
