// kill -9 of Arbor while a plan's agents run: after the restart the plan resumes where it was, with
// the real CLI, real git and the mock model. The mock holds each node's first run (it never answers)
// until Arbor dies; the runs that go on after the restart write the node's file.
import { describe, expect, it } from "vitest";
import type { ErrorBody } from "@/lib/errors/error-body.ts";
import type { PlanRunView } from "@/lib/plans/run/plan-run-view.ts";
import { callApi } from "@/tests/support/call-api.ts";
import { runFixtureGit } from "@/tests/support/git-fixtures.ts";
import { useArborWithRepo } from "@/tests/support/use-arbor-with-repo.ts";
import { connectRepoWs } from "@/tests/support/ws-client.ts";

type RunBody = { run: PlanRunView } & ErrorBody;

const shared = useArborWithRepo();

/**
 * Waits for a node's agent to reach the model. When it does not, says why: each node's state as
 * the run shows it and the end of Arbor's own output (a failed start is logged there).
 */
async function untilNodeAsksTheModel(planId: string, slug: string): Promise<void> {
  try {
    await shared.env.mock.waitForRequest((request) => request.rawBody.includes(`${slug}.txt ${slug}]]`), {
      timeoutMs: 60_000,
    });
  } catch (error) {
    const view = (await callApi<RunBody>(shared.env.arbor, `/api/plans/${planId}/run`)).body.run;
    const nodes = view.nodes.map(({ runs: _runs, ...node }) => node);
    throw new Error(
      `${slug}'s agent never reached the model. The run's nodes: ${JSON.stringify(nodes)}\n` +
        `Arbor's output ends:\n${shared.env.arbor.output().slice(-6000)}`,
      { cause: error },
    );
  }
}

describe("a plan run and a kill -9 of Arbor", () => {
  it("resumes after the restart: every node lands, no run is started twice, the cut runs show as interrupted", async () => {
    const { repoId, mainPath } = shared.repo;
    await runFixtureGit({ cwd: mainPath, args: ["config", "user.name", "Plan Runner"] });
    await runFixtureGit({ cwd: mainPath, args: ["config", "user.email", "plans@arbor.invalid"] });
    const plan = await callApi<{ plan: { id: string } }>(shared.env.arbor, "/api/plans", {
      body: { repoId, title: "Crash", goal: "Survive a crash." },
    });
    const planId = plan.body.plan.id;
    const node = (slug: string) => ({ slug, title: slug, description: `[[mock:write ${slug}.txt ${slug}]]` });
    const tree = {
      nodes: [node("one"), node("two"), node("three"), node("four")],
      edges: [{ parent: "one", child: "four" }],
    };
    expect(
      (await callApi(shared.env.arbor, "/api/tree-spec", { body: { planId, tree, baseVersion: null } })).status,
    ).toBe(200);
    // Held until the kill: a node's first run never gets an answer. Runs after the restart are answered.
    let isHolding = true;
    shared.env.mock.setResponder(({ humanText }) =>
      isHolding && humanText?.includes("[[mock:write") ? { name: "held", steps: [{ type: "hang" }] } : null,
    );
    const started = await callApi<RunBody>(shared.env.arbor, `/api/plans/${planId}/run`, {
      body: { concurrency: 3, autoLand: true, permissionMode: "acceptEdits" },
    });
    expect(started.status).toBe(200);
    for (const slug of ["one", "two", "three"]) await untilNodeAsksTheModel(planId, slug);
    const before = (await callApi<RunBody>(shared.env.arbor, `/api/plans/${planId}/run`)).body.run;
    expect(before.nodes.filter((entry) => entry.state === "running").map((entry) => entry.slug)).toEqual([
      "one",
      "two",
      "three",
    ]);

    await shared.env.arbor.kill9();
    isHolding = false;
    await shared.env.restart();
    const ws = await connectRepoWs(shared.env.arbor, repoId);
    const allLanded = ws.waitFor(
      (message) =>
        message.type === "plan_run" &&
        message.planId === planId &&
        message.nodes.every((entry) => entry.state === "landed"),
    );
    const now = (await callApi<RunBody>(shared.env.arbor, `/api/plans/${planId}/run`)).body.run;
    if (!now.nodes.every((entry) => entry.state === "landed")) await allLanded;
    ws.close();

    const after = (await callApi<RunBody>(shared.env.arbor, `/api/plans/${planId}/run`)).body.run;
    const bySlug = new Map(after.nodes.map((entry) => [entry.slug, entry]));
    for (const slug of ["one", "two", "three"]) {
      const entry = bySlug.get(slug)!;
      // The run the kill cut is kept and shown as interrupted; one run went on from it, in the same conversation.
      expect(entry.runs.map((run) => [run.purpose, run.status])).toEqual([
        ["spec", "interrupted"],
        ["continue", "success"],
      ]);
      expect(entry.sessionId).toBe(before.nodes.find((other) => other.slug === slug)!.sessionId);
    }
    // The node that had not started started once, after its parent landed.
    const four = bySlug.get("four")!;
    expect(four.runs.map((run) => [run.purpose, run.status])).toEqual([["spec", "success"]]);
    expect(Date.parse(four.runs[0]!.startedAt)).toBeGreaterThan(Date.parse(bySlug.get("one")!.landedAt!));
    // Each node's branch was made once, and all the work is on the base.
    const branches = (await runFixtureGit({ cwd: mainPath, args: ["branch", "--format=%(refname:short)"] }))
      .split("\n")
      .filter((name) => name.startsWith("feat/"));
    expect(branches.sort()).toEqual(["feat/four", "feat/one", "feat/three", "feat/two"]);
    const files = await runFixtureGit({ cwd: mainPath, args: ["ls-tree", "--name-only", "HEAD"] });
    for (const slug of ["one", "two", "three", "four"]) expect(files).toContain(`${slug}.txt`);
  }, 240_000);
});
