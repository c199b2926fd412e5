import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ErrorBody, PlanBody } from "@/tests/support/api-types.ts";
import type { CheckRunView, WorktreeChecksView } from "@/lib/realtime/check-views.ts";
import type { LandQueueProgress } from "@/lib/realtime/land-queue-views.ts";
import type { LandQueueResult, LandResult } from "@/lib/worktrees/worktree-types.ts";
import { callApi, trustRepo } from "@/tests/support/call-api.ts";
import { findProcessesInDir } from "@/tests/support/find-processes.ts";
import { addWorktree, runFixtureGit } from "@/tests/support/git-fixtures.ts";
import { createPinnedRepo, type PinnedRepo } from "@/tests/support/pinned-repo.ts";
import { useArbor } from "@/tests/support/use-arbor.ts";
import { connectRepoWs } from "@/tests/support/ws-client.ts";

const server = useArbor();
let repo: PinnedRepo;
let ws: Awaited<ReturnType<typeof connectRepoWs>>;

const git = async (cwd: string, ...args: string[]) => (await runFixtureGit({ cwd, args })).trim();

beforeAll(async () => {
  repo = await createPinnedRepo(() => server.arbor);
  await git(repo.mainPath, "config", "user.name", "Arbor Test");
  await git(repo.mainPath, "config", "user.email", "test@arbor.invalid");
  await trustRepo(server.arbor, repo.repoId);
  ws = await connectRepoWs(server.arbor, repo.repoId);
});

afterAll(async () => {
  ws?.close();
  await repo?.remove();
});

type QueueAnswer = LandQueueResult & ErrorBody;

const landQueue = (body: Record<string, unknown>, repoId = repo.repoId) =>
  callApi<QueueAnswer>(server.arbor, "/api/worktrees/land-queue", { body: { repoId, ...body } });

async function setChecks(checks: Array<{ name: string; command: string }>, repoId = repo.repoId) {
  const saved = await callApi(server.arbor, `/api/repos/${repoId}/settings`, { method: "PUT", body: { checks } });
  expect(saved.status).toBe(200);
}

/** A worktree on a new branch with one commit writing `files`; its path and branch. */
async function branchWith(name: string, files: Record<string, string>): Promise<{ path: string; branch: string }> {
  const worktreePath = await repo.addWorktree(name);
  for (const [file, text] of Object.entries(files)) writeFileSync(path.join(worktreePath, file), text);
  await git(worktreePath, "add", "--", ...Object.keys(files));
  await git(worktreePath, "commit", "-q", "-m", `Change ${Object.keys(files).join(", ")}`);
  return { path: worktreePath, branch: await git(worktreePath, "branch", "--show-current") };
}

/** A log outside the repository that the checks append to: one line per run, in the order they ran. */
const logOf = (name: string) => path.join(repo.root, `${name}.log`);
const readLog = (log: string) => (existsSync(log) ? readFileSync(log, "utf8").trim().split("\n") : []);

const scratchWorktrees = async () =>
  (await git(repo.mainPath, "worktree", "list", "--porcelain")).split("\n").filter((line) => /arbor-gate-/.test(line));

/** The queue's progress messages about these branches, in the order they came. */
const progressOf = (branches: string[]) =>
  ws.messages
    .filter((message) => message.type === "land_queue")
    .map((message) => (message as { progress: LandQueueProgress }).progress)
    .filter((progress) => progress.entries.map((entry) => entry.branch).join() === branches.join());

describe("landing several branches in order", () => {
  it("tests each branch on top of the ones before it, in order, and lands exactly the commits tested", async () => {
    const log = logOf("in-order");
    await setChecks([{ name: "order", command: `echo "$PWD|$(git rev-parse HEAD)|$(ls | tr '\\n' ' ')" >> '${log}'` }]);
    const queue = [
      await branchWith("first", { "x1.txt": "1\n" }),
      await branchWith("second", { "x2.txt": "2\n" }),
      await branchWith("third", { "x3.txt": "3\n" }),
    ];
    const branches = queue.map((entry) => entry.branch);
    const answer = await landQueue({ worktreePaths: queue.map((entry) => entry.path) });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ state: "landed", base: "main", message: null });
    const entries = answer.body.entries;
    expect(entries.map((entry) => [entry.branch, entry.status])).toEqual(branches.map((b) => [b, "landed"]));

    // Each check saw the base with the branches before it and its own, at the merge commit that landed.
    const lines = readLog(log).map((line) => line.split("|"));
    expect(lines.map(([, head, files]) => [head, files!.trim()])).toEqual([
      [entries[0]!.commit, "a.txt x1.txt"],
      [entries[1]!.commit, "a.txt x1.txt x2.txt"],
      [entries[2]!.commit, "a.txt x1.txt x2.txt x3.txt"],
    ]);
    // main is the last commit tested; its first parents are the three merges, each of its branch as it was.
    expect(await git(repo.mainPath, "rev-parse", "HEAD")).toBe(answer.body.commit);
    expect(answer.body.commit).toBe(entries[2]!.commit);
    const firstParents = (await git(repo.mainPath, "rev-list", "--first-parent", "-3", "HEAD")).split("\n");
    expect(firstParents).toEqual([entries[2]!.commit, entries[1]!.commit, entries[0]!.commit]);
    for (const [index, entry] of entries.entries()) {
      expect(await git(repo.mainPath, "rev-parse", `${entry.commit}^2`)).toBe(
        await git(queue[index]!.path, "rev-parse", "HEAD"),
      );
      expect(await git(repo.mainPath, "rev-parse", `${entry.commit}^{tree}`)).toBe(entry.tree);
      expect(entry.checks).toMatchObject([{ status: "passed", tree: entry.tree, commit: entry.commit }]);
    }
    expect(await git(repo.mainPath, "status", "--porcelain")).toBe("");
    // One scratch worktree for the whole queue, gone afterwards.
    expect(new Set(lines.map(([folder]) => folder)).size).toBe(1);
    expect(existsSync(lines[0]![0]!)).toBe(false);
    expect(await scratchWorktrees()).toEqual([]);
    // The socket said which branch was being tested, one after another, then that they landed.
    const progress = progressOf(branches);
    expect(progress.map((step) => step.current).filter((current) => current !== null)).toEqual([1, 2, 3]);
    expect(progress.at(-1)).toMatchObject({ state: "landed", current: null });
    expect(progress.at(-1)!.entries.map((entry) => entry.status)).toEqual(["landed", "landed", "landed"]);
  });

  it("stops at a branch that passes alone but fails on top of the one before it; the one before lands as tested", async () => {
    const log = logOf("clash");
    await setChecks([
      {
        name: "clash",
        command: `echo "$PWD" >> '${log}'; if [ -f y1.txt ] && [ -f y2.txt ]; then echo 'y1 and y2 clash'; exit 1; fi`,
      },
    ]);
    const queue = [
      await branchWith("clash-one", { "y1.txt": "1\n" }),
      await branchWith("clash-two", { "y2.txt": "2\n" }),
      await branchWith("clash-three", { "y3.txt": "3\n" }),
    ];
    // The second branch passes on its own.
    const alone = await callApi<WorktreeChecksView>(server.arbor, "/api/worktrees/checks", {
      body: { repoId: repo.repoId, worktreePath: queue[1]!.path },
    });
    expect(alone.status).toBe(202);
    const aloneRun = alone.body.checks[0]!;
    const aloneResult = await ws.waitFor(
      (message) => message.type === "check_run" && message.run.id === aloneRun.id && message.run.status !== "running",
    );
    expect((aloneResult as { run: CheckRunView }).run.status).toBe("passed");
    const before = await git(repo.mainPath, "rev-parse", "HEAD");

    const answer = await landQueue({ worktreePaths: queue.map((entry) => entry.path) });
    expect(answer.status).toBe(200);
    expect(answer.body.state).toBe("stopped");
    const [first, second, third] = answer.body.entries;
    expect([first!.status, second!.status, third!.status]).toEqual(["landed", "failed", "not_tested"]);
    expect(second!.checks).toMatchObject([
      { name: "clash", status: "failed", exitCode: 1, output: "y1 and y2 clash\n", tree: second!.tree },
    ]);
    // It was tested as the merge of the second branch onto the first's tested commit.
    expect(await git(repo.mainPath, "rev-parse", `${second!.commit}^1`)).toBe(first!.commit);
    expect(third).toMatchObject({ commit: null, checks: [] });
    expect(answer.body.message).toMatch(
      /^feat\/clash-two-\d+ was not landed: on main with feat\/clash-one-\d+ merged before it, "clash" \(failed\) did not pass\. feat\/clash-one-\d+ was tested and landed: main is now at [0-9a-f]{7}\. feat\/clash-three-\d+ was not tested or landed\./,
    );
    // main moved over exactly the tested merge of the first branch, and nothing else.
    const head = await git(repo.mainPath, "rev-parse", "HEAD");
    expect(head).toBe(first!.commit);
    expect(await git(repo.mainPath, "rev-parse", "HEAD^1")).toBe(before);
    expect(await git(repo.mainPath, "rev-parse", "HEAD^{tree}")).toBe(first!.checks[0]!.tree);
    expect([existsSync(path.join(repo.mainPath, "y1.txt")), existsSync(path.join(repo.mainPath, "y2.txt"))]).toEqual([
      true,
      false,
    ]);
    expect(await git(repo.mainPath, "status", "--porcelain")).toBe("");
    const third3 = await runFixtureGit({
      cwd: repo.mainPath,
      args: ["merge-base", "--is-ancestor", queue[2]!.branch, "main"],
    }).then(
      () => "merged",
      () => "not merged",
    );
    expect(third3).toBe("not merged");
    // The scratch worktree the queue tested in (the last two lines of the log) is gone.
    const scratch = readLog(log).at(-1)!;
    expect(scratch).toMatch(/arbor-gate-/);
    expect(existsSync(scratch)).toBe(false);
    expect(await scratchWorktrees()).toEqual([]);
  });

  it("stops where a branch conflicts with the ones before it, naming the files", async () => {
    const log = logOf("conflict");
    await setChecks([{ name: "count", command: `echo "$PWD" >> '${log}'` }]);
    const queue = [
      await branchWith("edit-one", { "a.txt": "one\n" }),
      await branchWith("edit-two", { "a.txt": "two\n" }),
      await branchWith("edit-three", { "z.txt": "z\n" }),
    ];
    const before = await git(repo.mainPath, "rev-parse", "HEAD");
    const answer = await landQueue({ worktreePaths: queue.map((entry) => entry.path) });
    expect(answer.status).toBe(200);
    const [first, second, third] = answer.body.entries;
    expect([first!.status, second!.status, third!.status]).toEqual(["landed", "conflict", "not_tested"]);
    expect(second!.conflictingFiles).toEqual(["a.txt"]);
    expect(answer.body.message).toMatch(
      /^feat\/edit-two-\d+ was not landed: merging it onto main with feat\/edit-one-\d+ merged before it would conflict in a\.txt\..*Merge main into feat\/edit-two-\d+ and resolve the conflicts in its worktree/,
    );
    expect(await git(repo.mainPath, "rev-parse", "HEAD")).toBe(first!.commit);
    expect(await git(repo.mainPath, "rev-parse", "HEAD^1")).toBe(before);
    expect(readFileSync(path.join(repo.mainPath, "a.txt"), "utf8")).toBe("one\n");
    expect(readLog(log)).toHaveLength(1);
    expect(await scratchWorktrees()).toEqual([]);
  });

  it("lands a plan's merge order when given the plan", async () => {
    const log = logOf("plan");
    await setChecks([{ name: "seen", command: `ls p*.txt | tr '\\n' ' ' >> '${log}'; echo >> '${log}'` }]);
    // Made in the reverse of the design's order: the queue follows the design.
    for (const slug of ["p3", "p2", "p1"]) {
      const worktreePath = path.join(repo.root, `plan-${slug}`);
      await addWorktree({ mainPath: repo.mainPath, path: worktreePath, branch: `feat/${slug}` });
      writeFileSync(path.join(worktreePath, `${slug}.txt`), `${slug}\n`);
      await git(worktreePath, "add", `${slug}.txt`);
      await git(worktreePath, "commit", "-q", "-m", slug);
    }
    const created = await callApi<PlanBody>(server.arbor, "/api/plans", {
      body: { repoId: repo.repoId, title: "Queue plan", goal: "" },
    });
    const planId = created.body.plan.id;
    const node = (slug: string) => ({ slug, title: slug, description: null, status: "in_progress" });
    const tree = {
      nodes: [node("p3"), node("p1"), node("p2")],
      edges: [
        { parent: "p1", child: "p2" },
        { parent: "p2", child: "p3" },
      ],
    };
    expect((await callApi(server.arbor, "/api/tree-spec", { body: { planId, tree, baseVersion: null } })).status).toBe(
      200,
    );
    const answer = await landQueue({ planId });
    expect(answer.status).toBe(200);
    expect(answer.body.entries.map((entry) => [entry.branch, entry.status])).toEqual([
      ["feat/p1", "landed"],
      ["feat/p2", "landed"],
      ["feat/p3", "landed"],
    ]);
    expect(readLog(log).map((line) => line.trim())).toEqual(["p1.txt", "p1.txt p2.txt", "p1.txt p2.txt p3.txt"]);
    expect(answer.body.entries.flatMap((entry) => entry.nodesDone.map((done) => done.slug))).toEqual([
      "p1",
      "p2",
      "p3",
    ]);
  });
});

describe("a queue refuses what it cannot land, before anything is tested", () => {
  it("refuses an empty list, an unknown worktree, a worktree listed twice and the base itself", async () => {
    await setChecks([{ name: "never", command: `echo ran >> '${logOf("refused")}'` }]);
    const worktree = await branchWith("refused", { "r.txt": "r\n" });
    const before = await git(repo.mainPath, "rev-parse", "HEAD");
    const refusal = async (body: Record<string, unknown>, status: number) => {
      const answer = await landQueue(body);
      expect(answer.status).toBe(status);
      return answer.body.error.message;
    };
    expect(await refusal({ worktreePaths: [] }, 422)).toMatch(/List at least one worktree to land/);
    expect(await refusal({ worktreePaths: [worktree.path, path.join(repo.root, "nowhere")] }, 422)).toMatch(
      /^Nothing was landed\. In the queue, .*nowhere: ".*nowhere" is not a worktree of/,
    );
    expect(await refusal({ worktreePaths: [worktree.path, worktree.path] }, 422)).toMatch(
      /is listed twice in the queue; list each worktree once/,
    );
    expect(await refusal({ worktreePaths: [worktree.path, repo.mainPath] }, 422)).toMatch(
      /In the queue, .*\/main: This worktree is on main itself; there is nothing to land/,
    );
    expect(await refusal({ worktreePaths: [worktree.path], planId: crypto.randomUUID() }, 422)).toMatch(
      /either worktreePaths .* or planId/,
    );
    writeFileSync(path.join(worktree.path, "dirty.txt"), "dirty\n");
    expect(await refusal({ worktreePaths: [worktree.path] }, 409)).toMatch(
      /Nothing was landed\. In the queue, .*: feat\/refused-\d+ was not landed: This worktree has 1 uncommitted change/,
    );
    expect(await git(repo.mainPath, "rev-parse", "HEAD")).toBe(before);
    expect(readLog(logOf("refused"))).toEqual([]);
  });

  it("refuses a repository without checks, then an untrusted one, saying why", async () => {
    const other = await createPinnedRepo(() => server.arbor);
    try {
      const worktreePath = await other.addWorktree("untrusted");
      const none = await landQueue({ worktreePaths: [worktreePath] }, other.repoId);
      expect(none.status).toBe(412);
      expect(none.body.error.message).toMatch(/none is configured.*land the branches one by one/);
      await setChecks([{ name: "unit", command: "true" }], other.repoId);
      const untrusted = await landQueue({ worktreePaths: [worktreePath] }, other.repoId);
      expect(untrusted.status).toBe(412);
      expect(untrusted.body.error.message).toMatch(/only in a repository you trust.*trust the repository/);
    } finally {
      await other.remove();
    }
  });
});

describe("cancelling a land while its checks run", () => {
  const cancel = () =>
    callApi<{ cancelled: number }>(server.arbor, "/api/worktrees/land/cancel", {
      body: { repoId: repo.repoId },
    });
  const startedIn = (log: string) =>
    ws.waitFor((message) => message.type === "check_output" && message.text.includes(`started ${log}`));

  it("stops a queue: its check's processes are killed, nothing lands, the scratch worktree is gone", async () => {
    const log = logOf("cancel-queue");
    await setChecks([
      {
        name: "slow",
        command: `echo "$PWD" >> '${log}'; if [ -f k2.txt ]; then echo 'started ${log}'; sleep 300; fi`,
      },
    ]);
    const queue = [
      await branchWith("keep-one", { "k1.txt": "1\n" }),
      await branchWith("keep-two", { "k2.txt": "2\n" }),
    ];
    const before = await git(repo.mainPath, "rev-parse", "HEAD");
    const answering = landQueue({ worktreePaths: queue.map((entry) => entry.path) });
    await startedIn(log);
    const scratch = readLog(log).at(-1)!;
    expect(findProcessesInDir(scratch).length).toBeGreaterThan(0);
    expect((await cancel()).body).toEqual({ cancelled: 1 });
    const answer = await answering;
    expect(answer.status).toBe(409);
    expect(answer.body.error.message).toMatch(
      /^Landing in order was cancelled while feat\/keep-two-\d+ was being tested, so nothing was landed and main did not move\. feat\/keep-one-\d+ had passed/,
    );
    expect(await git(repo.mainPath, "rev-parse", "HEAD")).toBe(before);
    expect(findProcessesInDir(scratch)).toEqual([]);
    expect(existsSync(scratch)).toBe(false);
    expect(await scratchWorktrees()).toEqual([]);
    const progress = progressOf(queue.map((entry) => entry.branch));
    expect(progress.at(-1)).toMatchObject({ state: "cancelled" });
    const stopped = await ws.waitFor(
      (message) =>
        message.type === "check_run" && message.worktreePath === queue[1]!.path && message.run.status === "cancelled",
    );
    expect((stopped as { run: CheckRunView }).run.message).toMatch(/the land was cancelled/);
  });

  it("stops a single land's merge gate the same way", async () => {
    const log = logOf("cancel-land");
    await setChecks([{ name: "slow", command: `echo "$PWD" >> '${log}'; echo 'started ${log}'; sleep 300` }]);
    const worktree = await branchWith("gate-cancel", { "g.txt": "g\n" });
    const before = await git(repo.mainPath, "rev-parse", "HEAD");
    const answering = callApi<LandResult & ErrorBody>(server.arbor, "/api/worktrees/land", {
      body: { repoId: repo.repoId, worktreePath: worktree.path, method: "merge" },
    });
    await startedIn(log);
    expect((await cancel()).body).toEqual({ cancelled: 1 });
    const answer = await answering;
    expect(answer.status).toBe(409);
    expect(answer.body.error.message).toMatch(/was not landed: its checks were cancelled before they finished/);
    expect(await git(repo.mainPath, "rev-parse", "HEAD")).toBe(before);
    const scratch = readLog(log).at(-1)!;
    expect(findProcessesInDir(scratch)).toEqual([]);
    expect(await scratchWorktrees()).toEqual([]);
    expect((await cancel()).body).toEqual({ cancelled: 0 });
  });
});
