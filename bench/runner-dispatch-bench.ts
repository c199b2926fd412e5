// Runners, measured: how long a plan's node waits between becoming ready (dispatched) and its agent run
// starting, on a runner (another instance, its own clone) against on the plan's owner itself, in the same
// run (npm run bench -- --db postgresql).
import path from "node:path";
import pg from "pg";
import type { PlanRunView } from "@/lib/plans/run/plan-run-view.ts";
import { startArborWithClaude, type ArborWithClaude } from "@/tests/support/arbor-with-claude.ts";
import { callApi, pinRepo, trustRepo } from "@/tests/support/call-api.ts";
import {
  createFixtureRoot,
  createRepoWithOrigin,
  removeGitFixture,
  runFixtureGit,
} from "@/tests/support/git-fixtures.ts";
import type { ArborAddress } from "@/tests/support/start-arbor.ts";
import { connectRepoWs } from "@/tests/support/ws-client.ts";
import { percentile, round } from "./stats.ts";

export interface RunnerDispatchResult {
  /** From a node's dispatch (seen on the owner's socket) to the runner having taken it (its run_node job done). */
  handOverP50Ms: number;
  handOverP95Ms: number;
  /** From a node's dispatch to its agent run queued on the runner (its worktree made, its conversation open)… */
  runnerP50Ms: number;
  runnerP95Ms: number;
  /** …and the baseline: the same on the owner, with no runner. */
  localP50Ms: number;
  localP95Ms: number;
  nodes: number;
}

/** Nodes per plan; one at a time, so each is dispatched when the one before it finished. */
const NODES = 12;
/** The first node of each plan warms its paths up (and the CLI's): not counted. */
const WARM_UP_NODES = 1;

/**
 * The owner runs a plan of NODES independent nodes one at a time on its own clone, then (once a
 * runner has offered its clone of the same origin, one slot) the same plan again, on the runner. Each
 * node's dispatch is when the owner's socket first shows it running; its start is its agent run's
 * recorded start. One machine, one clock.
 */
export async function benchRunnerDispatch(input: {
  newDatabase: () => Promise<string>;
}): Promise<RunnerDispatchResult> {
  const databaseUrl = await input.newDatabase();
  const fixture = await createFixtureRoot();
  const started: ArborWithClaude[] = [];
  try {
    const { originPath, mainPath } = await createRepoWithOrigin({ root: fixture.root, files: { "a.txt": "a\n" } });
    const clonePath = path.join(fixture.root, "runner");
    await runFixtureGit({ cwd: fixture.root, args: ["clone", "-q", originPath, clonePath] });
    for (const cwd of [mainPath, clonePath]) {
      await runFixtureGit({ cwd, args: ["config", "user.name", "Bench"] });
      await runFixtureGit({ cwd, args: ["config", "user.email", "bench@arbor.invalid"] });
    }
    const owner = await startArborWithClaude({ serverEnv: { DATABASE_URL: databaseUrl } });
    started.push(owner);
    const repoId = await pinRepo(owner.arbor, mainPath);
    await trustRepo(owner.arbor, repoId);
    const { starts: local } = await measurePlan(owner.arbor, repoId, "local");
    const runner = await startArborWithClaude({
      serverEnv: { DATABASE_URL: databaseUrl },
      args: ["--runner", clonePath, "--slots", "1"],
    });
    started.push(runner);
    const { starts: remote, dispatchedAt } = await measurePlan(owner.arbor, repoId, "runner");
    const handOver = await readHandOvers(databaseUrl, dispatchedAt);
    return {
      handOverP50Ms: round(percentile(handOver, 50)),
      handOverP95Ms: round(percentile(handOver, 95)),
      runnerP50Ms: round(percentile(remote, 50)),
      runnerP95Ms: round(percentile(remote, 95)),
      localP50Ms: round(percentile(local, 50)),
      localP95Ms: round(percentile(local, 95)),
      nodes: remote.length,
    };
  } finally {
    for (const arbor of started.reverse()) await arbor.close();
    await removeGitFixture(fixture);
  }
}

/**
 * Runs a plan of NODES nodes one at a time: each counted node's dispatch-to-start in ms, and when each
 * counted node was seen dispatched.
 */
async function measurePlan(
  arbor: ArborAddress,
  repoId: string,
  name: string,
): Promise<{ starts: number[]; dispatchedAt: Map<string, number> }> {
  const slugs = Array.from({ length: NODES }, (_, index) => `${name}-${index + 1}`);
  const plan = await callApi<{ plan: { id: string } }>(arbor, "/api/plans", {
    body: { repoId, title: `Dispatch ${name}`, goal: "Measure dispatch." },
  });
  const planId = plan.body.plan.id;
  await callApi(arbor, "/api/tree-spec", {
    body: {
      planId,
      tree: {
        nodes: slugs.map((slug) => ({ slug, title: slug, description: `[[mock:text ${slug} done]]` })),
        edges: [],
      },
      baseVersion: null,
    },
  });
  const dispatchedAt = new Map<string, number>();
  const ws = await connectRepoWs(arbor, repoId);
  try {
    ws.onMessage((message) => {
      if (message.type !== "plan_run" || message.planId !== planId) return;
      for (const node of message.nodes)
        if (node.state === "running" && !dispatchedAt.has(node.slug)) dispatchedAt.set(node.slug, Date.now());
    });
    const run = await callApi(arbor, `/api/plans/${planId}/run`, { body: { autoLand: true, concurrency: 1 } });
    if (run.status !== 200) throw new Error(`the ${name} plan did not start: ${JSON.stringify(run.body)}`);
    await ws.waitFor(
      (message) =>
        message.type === "plan_run" &&
        message.planId === planId &&
        message.nodes.every((node) => node.state === "landed"),
    );
  } finally {
    ws.close();
  }
  const view = (await callApi<{ run: PlanRunView }>(arbor, `/api/plans/${planId}/run`)).body.run;
  for (const slug of slugs.slice(0, WARM_UP_NODES)) dispatchedAt.delete(slug);
  const counted = view.nodes.filter((node) => dispatchedAt.has(node.slug));
  return {
    starts: counted.map((node) => Date.parse(node.runs[0]!.startedAt) - dispatchedAt.get(node.slug)!),
    dispatchedAt,
  };
}

/** When the runner took each node: its run_node job's end, as pg-boss recorded it (the same machine's clock). */
async function readHandOvers(databaseUrl: string, dispatchedAt: ReadonlyMap<string, number>): Promise<number[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ slug: string; completed_on: Date }>(
      `SELECT data->'command'->>'slug' AS slug, completed_on FROM arbor_jobs.job
        WHERE data->'command'->>'kind' = 'run_node' AND state = 'completed'`,
    );
    return rows.flatMap((row) => {
      const at = dispatchedAt.get(row.slug);
      return at === undefined ? [] : [row.completed_on.getTime() - at];
    });
  } finally {
    await client.end();
  }
}
