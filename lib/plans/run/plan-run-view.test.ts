import { describe, expect, it } from "vitest";
import { isAppError } from "@/lib/errors/app-error.ts";
import { nodeIn, planRun, runNode } from "./plan-run-fixtures.ts";
import { emptyWork, parseNodes, serializeNodes, type StoredPlanRun } from "./plan-run-record.ts";
import { planRunMessage, questionInAnswer, sumUsd, toPlanRunView } from "./plan-run-view.ts";

describe("questionInAnswer", () => {
  it("finds the question the last paragraph ends with", () => {
    expect(questionInAnswer("Done with the API.\n\nShould the form also accept Amex?")).toBe(
      "Should the form also accept Amex?",
    );
  });

  it("is null when the answer ends with a statement, is empty, or asked earlier and went on", () => {
    expect(questionInAnswer("Made login.html.")).toBeNull();
    expect(questionInAnswer(null)).toBeNull();
    expect(questionInAnswer("  \n\n ")).toBeNull();
    expect(questionInAnswer("Which port? I used 8080.\n\nAll tests pass.")).toBeNull();
  });

  it("keeps the end of a very long question", () => {
    const question = questionInAnswer(`${"x".repeat(400)} ok?`)!;
    expect(question).toHaveLength(300);
    expect(question.startsWith("…")).toBe(true);
    expect(question.endsWith("x ok?")).toBe(true);
  });
});

describe("the stored nodes", () => {
  it("read back what was saved: the core's node and its work", () => {
    const run = planRun([runNode("api"), nodeIn("ui", { name: "landed", landedAt: "2026-11-30T10:00:00.000Z" })]);
    const work = new Map([
      ["ui", { ...emptyWork("Shop UI"), branch: "feat/ui", worktreePath: "/r-ui", sessionId: "s" }],
    ]);
    const { nodes, work: readWork } = parseNodes(serializeNodes(run, work));
    expect(nodes).toEqual(run.nodes);
    expect(readWork.get("ui")).toEqual(work.get("ui"));
    expect(readWork.get("api")).toEqual(emptyWork("api"));
  });

  it("refuse a row Arbor cannot read, saying so, rather than starting over", () => {
    for (const text of ["{not json", '{"slug":"a"}', '[{"slug":"a"}]']) {
      let thrown: unknown;
      try {
        parseNodes(text);
      } catch (error) {
        thrown = error;
      }
      expect(isAppError(thrown) && thrown.message).toMatch(/cannot be read .* Nothing was changed/);
    }
  });
});

describe("toPlanRunView", () => {
  const stored: StoredPlanRun = {
    id: "r",
    planId: "p",
    repoId: "repo",
    version: 3,
    options: { concurrency: null, autoLand: true, permissionMode: "acceptEdits", budgetUsd: 5, allowedDomains: [] },
    run: planRun([
      nodeIn("api", { name: "landed", landedAt: "2026-11-30T10:00:00.000Z" }),
      runNode("docs", { dependsOn: ["api"], state: { name: "waiting", reason: "waiting for api to land" } }),
    ]),
    work: new Map([
      [
        "api",
        {
          ...emptyWork("Payment API"),
          branch: "feat/api",
          runs: [
            { runId: "r1", purpose: "spec", startedAt: "2026-11-30T09:00:00.000Z" },
            { runId: "r2", purpose: "fix_checks", startedAt: "2026-11-30T09:30:00.000Z" },
          ],
        },
      ],
    ]),
  };

  it("adds up each node's runs and the plan's, and says each state in words", () => {
    const view = toPlanRunView(stored, {
      runs: new Map([
        ["r1", { status: "success", costUsd: 0.1 }],
        ["r2", { status: "success", costUsd: 0.2 }],
      ]),
      concurrencyInForce: 3,
      landing: { slug: null, reason: "every node has landed or been skipped" },
    });
    expect(view).toMatchObject({ planId: "p", autoLand: true, budgetUsd: 5, concurrencyInForce: 3, spentUsd: 0.3 });
    const [api, docs] = view.nodes;
    expect(api).toMatchObject({
      title: "Payment API",
      state: "landed",
      landedAt: "2026-11-30T10:00:00.000Z",
      costUsd: 0.3,
      branch: "feat/api",
    });
    expect(api!.runs.map((run) => [run.purpose, run.status])).toEqual([
      ["spec", "success"],
      ["fix_checks", "success"],
    ]);
    expect(docs).toMatchObject({ title: "docs", state: "waiting", description: "waiting for api to land", costUsd: 0 });
  });

  it("tells the browsers each node's title, words, worktree and whether it needs the user", () => {
    const message = planRunMessage({
      ...stored,
      work: new Map([["api", { ...stored.work.get("api")!, worktreePath: "/w/api" }]]),
    });
    expect(message).toMatchObject({ type: "plan_run", planId: "p", repoId: "repo", version: 3, isPaused: false });
    expect(message.nodes).toEqual([
      {
        slug: "api",
        title: "Payment API",
        state: "landed",
        description: "landed",
        needsUser: false,
        worktreePath: "/w/api",
      },
      {
        slug: "docs",
        title: "docs",
        state: "waiting",
        description: "waiting for api to land",
        needsUser: false,
        worktreePath: null,
      },
    ]);
  });

  it("shows a run whose row is gone as unknown, costing nothing", () => {
    const view = toPlanRunView(stored, { runs: new Map(), concurrencyInForce: 2, landing: { slug: "docs" } });
    expect(view.nodes[0]!.runs.map((run) => run.status)).toEqual(["unknown", "unknown"]);
    expect(view.spentUsd).toBe(0);
  });

  it("adds dollars without binary fractions", () => {
    expect(sumUsd([0.1, 0.2])).toBe(0.3);
  });
});
