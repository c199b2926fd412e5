import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, expect as playwrightExpect } from "@playwright/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findBrowser } from "@/scripts/find-browser.ts";
import type { PlanRunView } from "@/lib/plans/run/plan-run-view.ts";
import type { ErrorBody } from "@/tests/support/api-types.ts";
import { startArborWithClaude, type ArborWithClaude } from "@/tests/support/arbor-with-claude.ts";
import { callApi, pinRepo, trustRepo } from "@/tests/support/call-api.ts";
import {
  createFixtureRoot,
  createRepoWithOrigin,
  removeGitFixture,
  runFixtureGit,
  type GitFixtureRoot,
} from "@/tests/support/git-fixtures.ts";
import { countAssistantMessagesAfter, findHumanTurn } from "@/tests/support/mock-anthropic/request-inspect.ts";
import type { RecordedRequest } from "@/tests/support/mock-anthropic/types.ts";
import { forgeCommand, localInstanceId } from "@/tests/support/forge-command.ts";
import { removeDataDir, startArbor } from "@/tests/support/start-arbor.ts";
import { dropPostgresDatabase, ensurePostgresDatabase, postgresSkipReason } from "@/tests/support/test-database.ts";
import { connectRepoWs } from "@/tests/support/ws-client.ts";

/**
 * Runners: three Arbor servers on one throw-away PostgreSQL database, each with its own clone of one
 * bare remote (origin), its own data directory, port, HOME and mock model. The owner holds the plan;
 * two runners offer their clones; the plan's nodes run on the runners and land on the owner, once
 * each and in the merge order, even when a runner is killed with kill -9 mid-plan.
 */
const skipReason = postgresSkipReason();
const title = "a plan spread over runners";
/** Short, so a killed runner's nodes come back within the test: the sweep runs every lease / 3. */
const LEASE_SECONDS = 4;
/** Pages load while other suites share the cores. */
const expectPage = playwrightExpect.configure({ timeout: 30_000 });
/** Screenshots of the pages, to look at (test-results is git-ignored). */
const SHOTS = path.join(process.cwd(), "test-results", "runners");

interface Clone {
  path: string;
  repoId: string;
}
interface Team {
  databaseUrl: string;
  fixture: GitFixtureRoot;
  owner: ArborWithClaude;
  runners: ArborWithClaude[];
  ownerClone: Clone;
  runnerClones: Clone[];
}
let team: Team | null = null;
/** Left by the tests in order: a clone pinned on a runner and not trusted there; the landed plan. */
let untrustedCloneId: string | null = null;
let landedPlanId: string | null = null;
const read = (): Team => {
  if (!team) throw new Error("the team starts in beforeAll");
  return team;
};

async function setIdentity(cwd: string): Promise<void> {
  await runFixtureGit({ cwd, args: ["config", "user.name", "Plan Runner"] });
  await runFixtureGit({ cwd, args: ["config", "user.email", "plans@arbor.invalid"] });
}

beforeAll(async () => {
  if (skipReason) return;
  const databaseUrl = await ensurePostgresDatabase(mkdtempSync(path.join(os.tmpdir(), "arbor-runners-")));
  const serverEnv = { DATABASE_URL: databaseUrl, ARBOR_RUNNER_LEASE_SECONDS: String(LEASE_SECONDS) };
  const fixture = await createFixtureRoot();
  const { originPath, mainPath } = await createRepoWithOrigin({ root: fixture.root, files: { "a.txt": "a\n" } });
  await setIdentity(mainPath);
  const clonePaths = ["runner-1", "runner-2"].map((name) => path.join(fixture.root, name));
  for (const clonePath of clonePaths) {
    await runFixtureGit({ cwd: fixture.root, args: ["clone", "-q", originPath, clonePath] });
    await setIdentity(clonePath);
  }
  // The second runner is set up as the README says: its clone and one start command.
  const [owner, first, second] = await Promise.all([
    startArborWithClaude({ serverEnv }),
    startArborWithClaude({ serverEnv }),
    startArborWithClaude({ serverEnv, args: ["--runner", clonePaths[1]!, "--slots", "2"] }),
  ]);
  const ownerClone = { path: mainPath, repoId: await pinRepo(owner.arbor, mainPath) };
  await trustRepo(owner.arbor, ownerClone.repoId);
  // The first offers its clone from its page: pinned, trusted, then offered.
  const firstClone = { path: clonePaths[0]!, repoId: await pinRepo(first.arbor, clonePaths[0]!) };
  await trustRepo(first.arbor, firstClone.repoId);
  const offered = await callApi<{ runner: { slots: number; remoteUrl: string } }>(
    first.arbor,
    `/api/repos/${firstClone.repoId}/runner`,
    { method: "PUT", body: { slots: 2 } },
  );
  expect(offered.status).toBe(200);
  expect(offered.body.runner).toEqual({
    repoId: firstClone.repoId,
    slots: 2,
    remoteUrl: originPath.replace(/\.git$/, ""),
  });
  // The second's start command pinned, trusted and offered its clone.
  expect(second.arbor.output()).toContain(
    `runner: ${clonePaths[1]} (origin ${originPath.replace(/\.git$/, "")}) runs up to 2`,
  );
  const secondClone = { path: clonePaths[1]!, repoId: await pinRepo(second.arbor, clonePaths[1]!) };
  const secondOffer = await callApi<{ runner: { slots: number } }>(
    second.arbor,
    `/api/repos/${secondClone.repoId}/runner`,
  );
  expect(secondOffer.body.runner.slots).toBe(2);
  team = { databaseUrl, fixture, owner, runners: [first, second], ownerClone, runnerClones: [firstClone, secondClone] };
}, 180_000);

afterAll(async () => {
  if (!team) return;
  for (const instance of [team.owner, ...team.runners]) await instance.close();
  await removeGitFixture(team.fixture);
  await dropPostgresDatabase(team.databaseUrl);
});

type RunBody = { run: PlanRunView } & ErrorBody;

async function createPlan(planTitle: string, tree: { nodes: object[]; edges: object[] }): Promise<string> {
  const { owner, ownerClone } = read();
  const plan = await callApi<{ plan: { id: string } }>(owner.arbor, "/api/plans", {
    body: { repoId: ownerClone.repoId, title: planTitle, goal: `Ship ${planTitle}.` },
  });
  expect(plan.status).toBe(201);
  const saved = await callApi(owner.arbor, "/api/tree-spec", {
    body: { planId: plan.body.plan.id, tree, baseVersion: null },
  });
  expect(saved.status).toBe(200);
  return plan.body.plan.id;
}

const writeNode = (slug: string) => ({
  slug,
  title: `Node ${slug}`,
  description: `[[mock:write ${slug}.txt ${slug}]]`,
});

/** The first request of each run whose prompt carries `text` (a run's later requests carry tool results). */
const runsAskedWith = (mockRequests: RecordedRequest[], text: string) =>
  mockRequests.filter((request) => {
    const turn = findHumanTurn(request.body);
    return (
      request.isStreaming &&
      turn !== null &&
      turn.text.includes(text) &&
      countAssistantMessagesAfter(request.body, turn.index) === 0
    );
  }).length;

/** Waits on the owner's socket for the plan's run in which every node is landed. */
async function waitUntilAllLanded(planId: string, slugs: string[]): Promise<void> {
  const { owner, ownerClone } = read();
  const ws = await connectRepoWs(owner.arbor, ownerClone.repoId);
  try {
    await ws.waitFor(
      (message) =>
        message.type === "plan_run" &&
        message.planId === planId &&
        slugs.every((slug) => message.nodes.some((node) => node.slug === slug && node.state === "landed")),
    );
  } finally {
    ws.close();
  }
}

const mergesOnMain = async (): Promise<string[]> =>
  (
    await runFixtureGit({
      cwd: read().ownerClone.path,
      args: ["log", "--merges", "--first-parent", "--format=%s", "main"],
    })
  )
    .split("\n")
    .filter(Boolean)
    .reverse();

describe.skipIf(skipReason)(skipReason ? `${title} (skipped: ${skipReason})` : title, () => {
  it("refuses --runner that cannot run for a team, saying what to do, and starts nothing", async () => {
    const { fixture, databaseUrl } = read();
    const embedded = `file:${path.join(mkdtempSync(path.join(os.tmpdir(), "arbor-embedded-")), "arbor.db")}`;
    expect(
      await whyStartFails({ env: { DATABASE_URL: embedded }, args: ["--runner", path.join(fixture.root, "runner-1")] }),
    ).toMatch(
      /--runner runs plan nodes for a team's other Arbors, which share a PostgreSQL database: start it with DATABASE_URL=postgresql/,
    );
    const notARepo = mkdtempSync(path.join(os.tmpdir(), "arbor-not-a-clone-"));
    expect(await whyStartFails({ env: { DATABASE_URL: databaseUrl }, args: ["--runner", notARepo] })).toMatch(
      `${notARepo} is not inside a git repository. Pick a folder that belongs to a git checkout, or run \`git init\` there first.`,
    );
  });

  it("refuses an offer of a clone that is not trusted or slots out of range, saying what to do", async () => {
    const { runners, fixture } = read();
    const loose = path.join(fixture.root, "untrusted-clone");
    await runFixtureGit({ cwd: fixture.root, args: ["clone", "-q", path.join(fixture.root, "origin.git"), loose] });
    const repoId = await pinRepo(runners[1]!.arbor, loose);
    untrustedCloneId = repoId;
    const untrusted = await callApi<ErrorBody>(runners[1]!.arbor, `/api/repos/${repoId}/runner`, {
      method: "PUT",
      body: { slots: 2 },
    });
    expect(untrusted.status).toBe(412);
    expect(untrusted.body.error.message).toMatch(/only for a repository you trust.*then offer it again/);
    await trustRepo(runners[1]!.arbor, repoId);
    const tooMany = await callApi<ErrorBody>(runners[1]!.arbor, `/api/repos/${repoId}/runner`, {
      method: "PUT",
      body: { slots: 99 },
    });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.error.message).toContain("a whole number from 1 to 16, not 99");
    // An API client's token only reads: offering this machine's agents to the team is a person's call.
    const byToken = await callApi<ErrorBody>(runners[1]!.arbor, `/api/repos/${repoId}/runner`, {
      method: "PUT",
      body: { slots: 1 },
      as: "api-client",
    });
    expect(byToken.status).toBe(403);
    expect((await callApi<{ runner: null }>(runners[1]!.arbor, `/api/repos/${repoId}/runner`)).body.runner).toBeNull();
    await callApi(runners[1]!.arbor, `/api/repos/${repoId}/trust`, { method: "DELETE" });
  });

  it("lands six nodes run on two runners, each once and in the merge order, the owner's model never asked", async () => {
    const { owner, runners } = read();
    const slugs = ["api", "ui", "docs", "tests", "form", "cli"];
    const planId = await createPlan("Spread", {
      nodes: slugs.map(writeNode),
      edges: [
        { parent: "api", child: "docs" },
        { parent: "api", child: "tests" },
        { parent: "ui", child: "form" },
      ],
    });
    const started = await callApi<RunBody>(owner.arbor, `/api/plans/${planId}/run`, {
      body: { autoLand: true, permissionMode: "acceptEdits" },
    });
    expect(started.status).toBe(200);
    await waitUntilAllLanded(planId, slugs);
    landedPlanId = planId;

    const run = (await callApi<RunBody>(owner.arbor, `/api/plans/${planId}/run`)).body.run;
    const bySlug = new Map(run.nodes.map((node) => [node.slug, node]));
    const runnerLabels = new Set(run.nodes.map((node) => node.ranOn));
    // Every node ran on a runner (both were used), and its work was taken over here to land.
    expect(runnerLabels.size).toBe(2);
    expect(runnerLabels.has(null)).toBe(false);
    for (const slug of slugs) {
      // Asked of the runners' models once per node, never of the owner's.
      const asked = runners.map((runner) => runsAskedWith(runner.mock.requests, `[[mock:write ${slug}.txt ${slug}]]`));
      expect(asked.reduce((sum, count) => sum + count, 0)).toBe(1);
      expect(runsAskedWith(owner.mock.requests, `[[mock:write ${slug}.txt`)).toBe(0);
      expect(bySlug.get(slug)!.checks?.status).toBeDefined();
    }
    // The merge order: a child starts after its parent landed; each lands once, in the order of its land.
    for (const node of run.nodes) {
      for (const parent of node.dependsOn)
        expect(Date.parse(node.runs[0]!.startedAt)).toBeGreaterThan(Date.parse(bySlug.get(parent)!.landedAt!));
    }
    const merges = await mergesOnMain();
    expect(merges).toHaveLength(6);
    const landingOrder = [...run.nodes].sort((a, b) => Date.parse(a.landedAt!) - Date.parse(b.landedAt!));
    expect(merges.map((subject) => slugs.find((slug) => subject.includes(`feat/${slug}`)))).toEqual(
      landingOrder.map((node) => node.slug),
    );
    // A child started from the base its parent landed on: the runner fetched it from origin.
    const docsTree = await runFixtureGit({
      cwd: read().ownerClone.path,
      args: ["ls-tree", "--name-only", "feat/docs"],
    });
    expect(docsTree).toContain("api.txt");
    const files = await runFixtureGit({ cwd: read().ownerClone.path, args: ["ls-tree", "--name-only", "main"] });
    for (const slug of slugs) expect(files).toContain(`${slug}.txt`);
  });

  it("refuses node commands forged in the database: from the wrong instance, for an untrusted clone, or a stale report", async () => {
    const { owner, runners, databaseUrl, runnerClones } = read();
    const ownerId = await localInstanceId(owner.arbor);
    const runnerIds = await Promise.all(runners.map((runner) => localInstanceId(runner.arbor)));
    const planId = await createPlan("Forged", { nodes: [writeNode("forged")], edges: [] });
    const attempt = "00000000-0000-4000-8000-000000000001";
    const runNode = (repoId: string) => ({
      kind: "run_node",
      repoId,
      planId,
      slug: "forged",
      attempt,
      purpose: "spec",
      message: null,
      baseBranch: "main",
    });
    const forge = (to: string, data: unknown) => forgeCommand(databaseUrl, to, data);

    // From a runner, not the plan's owner: only the owner hands out its nodes.
    const notOwner = await forge(runnerIds[1]!, {
      from: runnerIds[0],
      by: "someone",
      command: runNode(runnerClones[1]!.repoId),
    });
    expect(notOwner.status).toBe(403);
    expect(notOwner.body.error.message).toContain("Only the Arbor that holds a plan's repository hands out its nodes");
    // From the owner's id, for a node the stored run never gave that runner.
    const unassigned = await forge(runnerIds[1]!, {
      from: ownerId,
      by: "someone",
      command: runNode(runnerClones[1]!.repoId),
    });
    expect(unassigned.status).toBe(409);
    expect(unassigned.body.error.message).toContain("does not give node forged to this Arbor");
    // For a clone the runner has not trusted (the one the first test left untrusted): refused before anything.
    expect(untrustedCloneId).not.toBeNull();
    const untrusted = await forge(runnerIds[1]!, { from: ownerId, by: "someone", command: runNode(untrustedCloneId!) });
    expect(untrusted.status).toBe(403);
    expect(untrusted.body.error.message).toContain("has not trusted this repository");
    // A runner's report for another attempt of a landed node: refused as stale, and the node stays landed.
    expect(landedPlanId).not.toBeNull();
    const report = await forge(ownerId, {
      from: runnerIds[0],
      by: "someone",
      command: {
        kind: "node_report",
        planId: landedPlanId,
        slug: "api",
        attempt,
        work: {
          branch: null,
          worktreePath: null,
          sessionId: null,
          runs: [],
          checks: null,
          autoCommit: null,
          pushedRef: null,
        },
        events: [{ type: "failed", message: "forged" }],
      },
    });
    expect(report.status).toBe(409);
    expect(report.body.error.message).toContain("is no longer this runner's");
    const landed = (await callApi<RunBody>(owner.arbor, `/api/plans/${landedPlanId}/run`)).body.run;
    expect(landed.nodes.find((node) => node.slug === "api")).toMatchObject({ state: "landed", branch: "feat/api" });
    expect(runsAskedWith([...runners[0]!.mock.requests, ...runners[1]!.mock.requests], "[[mock:write forged.txt")).toBe(
      0,
    );
  });

  it("shows in the browser where each node ran, and offers a clone from its settings, refusing slots that cannot be", async () => {
    const { owner, runners, ownerClone, runnerClones } = read();
    expect(landedPlanId).not.toBeNull();
    const browser = await chromium.launch({ executablePath: findBrowser().executablePath });
    try {
      const labels = new Set(
        (await callApi<RunBody>(owner.arbor, `/api/plans/${landedPlanId}/run`)).body.run.nodes.map(
          (node) => node.ranOn,
        ),
      );
      for (const width of [1440, 390]) {
        const page = await browser.newPage({ viewport: { width, height: 900 } });
        await page.goto(await owner.arbor.mintSignInLink());
        await page.goto(`${owner.arbor.url}/?repo=${ownerClone.repoId}&plan=${landedPlanId}`);
        if (width < 800) await page.getByTestId("pane-main").click();
        const card = page.getByTestId("plan-run-board").getByTestId("plan-node-api");
        await expectPage(card.getByTestId("plan-node-runner")).toHaveText(/^ran on /);
        expect(labels.has((await card.getByTestId("plan-node-runner").textContent())!.replace("ran on ", ""))).toBe(
          true,
        );
        await page.screenshot({ path: path.join(SHOTS, `runner-board-${width}.png`), fullPage: true });
        await page.close();
      }

      const runner = runners[0]!;
      const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
      await page.goto(await runner.arbor.mintSignInLink());
      await page.goto(`${runner.arbor.url}/settings?from=${encodeURIComponent(`?repo=${runnerClones[0]!.repoId}`)}`);
      const section = page.getByTestId("repo-runner");
      await expectPage(section.getByTestId("repo-runner-offered")).toContainText("Offered: 2 agents at once");
      await section.scrollIntoViewIfNeeded();
      await section.screenshot({ path: path.join(SHOTS, "runner-settings-390.png") });
      await section.getByRole("button", { name: "Stop offering" }).click();
      await section.getByTestId("repo-runner-slots").fill("0");
      await section.getByTestId("repo-runner-offer").click();
      await expectPage(section).toContainText("a whole number from 1 to 16, not 0");
      // Nothing is offered until a valid number is given; then the offer is back as it was.
      expect(
        (await callApi<{ runner: null }>(runner.arbor, `/api/repos/${runnerClones[0]!.repoId}/runner`)).body.runner,
      ).toBeNull();
      await section.getByTestId("repo-runner-slots").fill("2");
      await section.getByTestId("repo-runner-offer").click();
      await expectPage(section.getByTestId("repo-runner-offered")).toContainText("Offered: 2 agents at once");
      await page.close();
    } finally {
      await browser.close();
    }
  });

  it("queues a killed runner's nodes again within the lease, lands every node once, and the runner back finds them gone", async () => {
    const { owner, runners } = read();
    const doomed = runners[0]!;
    // The doomed runner's model never answers: its nodes are mid-run when it is killed.
    doomed.mock.setResponder(() => ({ name: "hang", steps: [{ type: "hang" }] }));
    const slugs = ["k1", "k2", "k3", "k4"];
    const planId = await createPlan("Killed", { nodes: slugs.map(writeNode), edges: [] });
    const before = doomed.mock.requests.length;
    const started = await callApi<RunBody>(owner.arbor, `/api/plans/${planId}/run`, {
      body: { autoLand: true, permissionMode: "acceptEdits" },
    });
    expect(started.status).toBe(200);
    // Two nodes reach the doomed runner's model (it has two slots), then it dies.
    await expect
      .poll(() => runsAskedWith(doomed.mock.requests.slice(before), "[[mock:write k"), { timeout: 120_000 })
      .toBe(2);
    const onDoomed = slugs.filter(
      (slug) => runsAskedWith(doomed.mock.requests.slice(before), `[[mock:write ${slug}.txt`) > 0,
    );
    expect(onDoomed).toHaveLength(2);
    await doomed.arbor.kill9();

    await waitUntilAllLanded(planId, slugs);
    const run = (await callApi<RunBody>(owner.arbor, `/api/plans/${planId}/run`)).body.run;
    for (const node of run.nodes) expect(node.state).toBe("landed");
    // The killed runner's nodes ran again on the other one, from the base; each landed once.
    const survivorLabel = run.nodes.find((node) => !onDoomed.includes(node.slug))!.ranOn;
    for (const slug of onDoomed) expect(run.nodes.find((node) => node.slug === slug)!.ranOn).toBe(survivorLabel);
    const merges = (await mergesOnMain()).filter((subject) => slugs.some((slug) => subject.includes(`feat/${slug}`)));
    expect(merges).toHaveLength(4);

    // Back again, the runner has no lease on them: nothing of the plan runs there twice.
    doomed.mock.setResponder(null);
    const asked = doomed.mock.requests.length;
    await doomed.restart();
    const after = (await callApi<RunBody>(owner.arbor, `/api/plans/${planId}/run`)).body.run;
    expect(after.nodes.map((node) => node.state)).toEqual(slugs.map(() => "landed"));
    expect(doomed.mock.requests.length).toBe(asked);
  }, 300_000);
});

/** The reason Arbor refused to start, or "started" (after stopping the server that should not have). */
async function whyStartFails(options: Parameters<typeof startArbor>[0]): Promise<string> {
  try {
    const arbor = await startArbor(options);
    await arbor.stop();
    removeDataDir(arbor.dataDir);
    return "started";
  } catch (error) {
    return (error as Error).message;
  }
}
