import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { ErrorBody } from "@/lib/errors/error-body.ts";
import type { AcceptedBody, RunResultBody } from "@/tests/support/api-types.ts";
import type { RepoSettingsWithChecks } from "@/lib/checks/repo-settings-with-checks.ts";
import type { CheckRunView, MergeGateResult, WorktreeChecksView } from "@/lib/realtime/check-views.ts";
import type { LandResult } from "@/lib/worktrees/worktree-types.ts";
import { callApi, trustRepo } from "@/tests/support/call-api.ts";
import { findProcessesInDir } from "@/tests/support/find-processes.ts";
import { runFixtureGit } from "@/tests/support/git-fixtures.ts";
import { lastUserText } from "@/tests/support/mock-anthropic/index.ts";
import { useArborWithRepo } from "@/tests/support/use-arbor-with-repo.ts";
import { connectRepoWs } from "@/tests/support/ws-client.ts";

const shared = useArborWithRepo();
let ws: Awaited<ReturnType<typeof connectRepoWs>>;

beforeAll(async () => {
  ws = await connectRepoWs(shared.env.arbor, shared.repo.repoId);
  return () => ws.close();
});

const settingsRoute = () => `/api/repos/${shared.repo.repoId}/settings`;

async function setChecks(checks: Array<{ name: string; command: string; timeoutSeconds?: number }>) {
  const saved = await callApi<{ settings: RepoSettingsWithChecks }>(shared.env.arbor, settingsRoute(), {
    method: "PUT",
    body: { checks },
  });
  expect(saved.status).toBe(200);
}

function runChecks(worktreePath: string) {
  return callApi<WorktreeChecksView & ErrorBody>(shared.env.arbor, "/api/worktrees/checks", {
    body: { repoId: shared.repo.repoId, worktreePath },
  });
}

function readChecksOf(worktreePath: string) {
  const query = new URLSearchParams({ repoId: shared.repo.repoId, worktreePath });
  return callApi<WorktreeChecksView>(shared.env.arbor, `/api/worktrees/checks?${query}`);
}

/** The `check_run` message that ends the run of check `id`. */
async function finalRun(id: string): Promise<CheckRunView> {
  const message = await ws.waitFor(
    (candidate) => candidate.type === "check_run" && candidate.run.id === id && candidate.run.status !== "running",
  );
  return (message as { run: CheckRunView }).run;
}

/** Runs the configured checks in a fresh worktree and waits for the one check's result. */
async function runOnce(worktreePath: string): Promise<CheckRunView> {
  const started = await runChecks(worktreePath);
  expect(started.status).toBe(202);
  const run = started.body.checks[0]!;
  return run.status === "running" ? finalRun(run.id) : run;
}

describe("checks: settings and refusals", () => {
  it("refuses checks with no configuration, then in an untrusted repository, each saying what to do", async () => {
    const worktreePath = await shared.repo.addWorktree("refusals");
    const none = await runChecks(worktreePath);
    expect(none.status).toBe(412);
    expect(none.body.error.message).toMatch(/No check is configured.*repository's settings/);
    await setChecks([{ name: "unit", command: "true" }]);
    const untrusted = await runChecks(worktreePath);
    expect(untrusted.status).toBe(412);
    expect(untrusted.body.error.message).toMatch(/only in a repository you trust.*trust the repository/);
    const read = await readChecksOf(worktreePath);
    expect(read.body).toMatchObject({ status: "not_run", reason: { code: "untrusted" }, checks: [] });
  });

  it("validates checks with clear 422 messages and proposes one from what the repository has", async () => {
    const bad = async (checks: unknown) => {
      const answer = await callApi<ErrorBody>(shared.env.arbor, settingsRoute(), { method: "PUT", body: { checks } });
      expect(answer.status).toBe(422);
      return answer.body.error.message;
    };
    expect(await bad([{ name: "", command: "x" }])).toMatch(/Give each check a name/);
    expect(
      await bad([
        { name: "a", command: "x" },
        { name: "a", command: "y" },
      ]),
    ).toMatch(/Two checks are named "a"/);
    expect(await bad([{ name: "a", command: "x", timeoutSeconds: 99999 }])).toMatch(/1 to 3600 seconds/);
    expect(await bad(Array.from({ length: 11 }, (_, n) => ({ name: `c${n}`, command: "x" })))).toMatch(/At most 10/);
    const makefile = path.join(shared.repo.mainPath, "Makefile");
    writeFileSync(makefile, "test:\n\ttrue\n");
    const read = await callApi<{ settings: RepoSettingsWithChecks }>(shared.env.arbor, settingsRoute());
    rmSync(makefile); // main stays clean for the lands below
    expect(read.body.settings.proposedChecks).toEqual([{ name: "test", command: "make test", timeoutSeconds: 600 }]);
    expect(read.body.settings.checks).toEqual([{ name: "unit", command: "true", timeoutSeconds: 600 }]);
  });
});

describe("checks: running in a trusted repository", () => {
  beforeAll(async () => {
    await trustRepo(shared.env.arbor, shared.repo.repoId);
  });

  it("a passing check reports the commit, the tree tested and whether it was dirty; the latest result reads back", async () => {
    const worktreePath = await shared.repo.addWorktree("pass");
    writeFileSync(path.join(worktreePath, "new.txt"), "untracked\n");
    await setChecks([{ name: "unit", command: `test -f new.txt && echo "it's $(cat a.txt)"` }]);
    const run = await runOnce(worktreePath);
    const head = (await runFixtureGit({ cwd: worktreePath, args: ["rev-parse", "HEAD"] })).trim();
    expect(run).toMatchObject({ status: "passed", exitCode: 0, commit: head, dirty: true, cached: false });
    expect(run.output).toBe("it's a\n");
    const read = await readChecksOf(worktreePath);
    expect(read.body).toMatchObject({ status: "passed", reason: null, checks: [{ id: run.id, tree: run.tree }] });
    // The tree is the files as they are (new.txt included), and the user's index was left alone.
    const listed = await runFixtureGit({ cwd: worktreePath, args: ["ls-tree", "--name-only", run.tree] });
    expect(listed.split("\n")).toContain("new.txt");
    expect(await runFixtureGit({ cwd: worktreePath, args: ["status", "--porcelain"] })).toBe("?? new.txt\n");
  });

  it("a failing check is failed with its exit code and output; a missing command fails with 127 and a hint", async () => {
    const worktreePath = await shared.repo.addWorktree("fail");
    await setChecks([{ name: "unit", command: "echo 'expected 1, got 2' >&2; exit 3" }]);
    const failed = await runOnce(worktreePath);
    expect(failed).toMatchObject({ status: "failed", exitCode: 3, output: "expected 1, got 2\n", dirty: false });
    expect(failed.message).toMatch(/exit code 3/);
    await setChecks([{ name: "unit", command: "no-such-program-arbor --run" }]);
    const missing = await runOnce(worktreePath);
    expect(missing).toMatchObject({ status: "failed", exitCode: 127 });
    expect(missing.output).toMatch(/no-such-program-arbor: .*not found/);
    expect(missing.message).toMatch(/did not find the command.*PATH/);
  });

  it("a failing node --test run carries the failing test's name, file and line, and Fix with Claude sends them first", async () => {
    const { sessionId, worktreePath } = await shared.repo.freshSession("tap");
    const testFile = [
      'import { test } from "node:test";',
      'import assert from "node:assert/strict";',
      "",
      'test("adds", () => assert.equal(1 + 1, 2));',
      "",
      'test("subtracts", () => {',
      "  assert.equal(5 - 3, 3);",
      "});",
    ];
    writeFileSync(path.join(worktreePath, "math.test.mjs"), `${testFile.join("\n")}\n`);
    await setChecks([{ name: "unit", command: "node --test --test-reporter=tap math.test.mjs" }]);
    const run = await runOnce(worktreePath);
    expect(run).toMatchObject({ status: "failed", exitCode: 1 });
    const read = await readChecksOf(worktreePath);
    const found = read.body.checks[0]!.failures;
    expect(found).toMatchObject({ format: "tap", omitted: 0 });
    expect(found!.failures.map(({ name, file, line }) => ({ name, file, line }))).toEqual([
      { name: "subtracts", file: "math.test.mjs", line: 6 },
    ]);
    expect(found!.failures[0]!.lines[0]).toBe("not ok 2 - subtracts");
    expect(found!.failures[0]!.lines.join("\n")).toContain("2 !== 3");
    // The browsers' copy (the check_run message) carries the same failures.
    expect(run.failures).toEqual(found);

    const fix = await callApi<AcceptedBody>(shared.env.arbor, "/api/worktrees/checks/fix", { body: { sessionId } });
    expect(fix.status).toBe(202);
    const fixed = await callApi<RunResultBody>(shared.env.arbor, `/api/chat/runs/${fix.body.run.id}?wait=1`);
    const request = shared.env.mock.requests.find(
      (candidate) => candidate.headers["x-claude-code-session-id"] === fixed.body.run.claudeSessionId,
    );
    const sent = lastUserText(request!)!;
    expect(sent).toMatch(
      /exited with code 1 on [0-9a-f]{7} with uncommitted changes\.\nFailing tests \(found in its TAP output\):\n1\. subtracts \(math\.test\.mjs:6\)\n```text\nnot ok 2 - subtracts\n/,
    );
    expect(sent.indexOf("The end of its output:")).toBeGreaterThan(sent.indexOf("2 !== 3"));
  });

  it("a check that deletes its own worktree fails saying so, and touches nothing else", async () => {
    const worktreePath = await shared.repo.addWorktree("self-removing");
    await setChecks([{ name: "unit", command: 'cd .. && rm -rf "$OLDPWD" && echo removed' }]);
    const run = await runOnce(worktreePath);
    expect(run).toMatchObject({ status: "failed", exitCode: 0, output: "removed\n" });
    expect(run.message).toMatch(/removed the folder it ran in/);
    expect(await runFixtureGit({ cwd: shared.repo.mainPath, args: ["status", "--porcelain"] })).toBe("");
    const again = await runChecks(worktreePath);
    expect(again.status).toBe(422);
    expect(again.body.error.message).toMatch(/is not a worktree of/);
  });

  it("a check that hangs past its limit is killed with what it started, and reported timed out", async () => {
    const worktreePath = await shared.repo.addWorktree("hang");
    await setChecks([{ name: "unit", command: "sleep 300 & echo started; sleep 301", timeoutSeconds: 1 }]);
    const run = await runOnce(worktreePath);
    expect(run).toMatchObject({ status: "timed_out", exitCode: null, output: "started\n" });
    expect(run.message).toMatch(/did not finish within 1 s/);
    expect(findProcessesInDir(worktreePath)).toEqual([]);
  });

  it("a check that prints megabytes keeps its head and its end, and says how much was dropped", async () => {
    const worktreePath = await shared.repo.addWorktree("loud");
    await setChecks([{ name: "unit", command: "echo FIRST; head -c 5000000 /dev/zero | tr '\\0' x; echo; echo LAST" }]);
    const run = await runOnce(worktreePath);
    expect(run.status).toBe("passed");
    expect(run.output.length).toBeLessThan(70_000);
    expect(run.output.startsWith("FIRST\nxxx")).toBe(true);
    expect(run.output.endsWith("xxx\nLAST\n")).toBe(true);
    expect(run.droppedBytes).toBeGreaterThan(4_900_000);
    expect(run.output).toMatch(/… 4\.\d MiB of output dropped here …/);
  });

  it("a new run cancels the one running in the worktree, and only one runs at a time", async () => {
    const worktreePath = await shared.repo.addWorktree("cancel");
    await setChecks([{ name: "unit", command: "echo waiting; sleep 300" }]);
    const first = await runChecks(worktreePath);
    const firstRun = first.body.checks[0]!;
    expect(firstRun.status).toBe("running");
    await ws.waitFor((message) => message.type === "check_output" && message.checkRunId === firstRun.id);
    await setChecks([{ name: "unit", command: "echo second" }]);
    const second = await runOnce(worktreePath);
    const cancelled = await finalRun(firstRun.id);
    expect(cancelled).toMatchObject({ status: "cancelled", output: "waiting\n" });
    expect(second).toMatchObject({ status: "passed", output: "second\n" });
    expect(Date.parse(second.startedAt)).toBeGreaterThanOrEqual(Date.parse(cancelled.finishedAt!));
    expect(findProcessesInDir(worktreePath)).toEqual([]);
  });

  it("a check that passed on exactly the same tree is not run again, and runs again once the tree changes", async () => {
    const worktreePath = await shared.repo.addWorktree("cache");
    const marker = path.join(shared.repo.root, "cache-runs.log");
    await setChecks([{ name: "unit", command: `echo ran >> '${marker}'; echo ok` }]);
    const first = await runOnce(worktreePath);
    const again = await runChecks(worktreePath);
    expect(again.body.checks[0]).toMatchObject({ status: "passed", cached: true, tree: first.tree, output: "ok\n" });
    expect(readFileSync(marker, "utf8")).toBe("ran\n");
    writeFileSync(path.join(worktreePath, "a.txt"), "changed\n");
    const changed = await runOnce(worktreePath);
    expect(changed).toMatchObject({ status: "passed", cached: false });
    expect(changed.tree).not.toBe(first.tree);
    expect(readFileSync(marker, "utf8")).toBe("ran\nran\n");
  });
});

describe("checks after a Claude run", () => {
  beforeAll(async () => {
    await trustRepo(shared.env.arbor, shared.repo.repoId);
  });

  it("run by themselves when a run changed files, and the next prompt states the result with an excerpt", async () => {
    const saved = await callApi(shared.env.arbor, settingsRoute(), {
      method: "PUT",
      body: { permissionMode: "acceptEdits" },
    });
    expect(saved.status).toBe(200);
    await setChecks([
      { name: "unit", command: "if [ -f broken.txt ]; then echo 'FAIL broken.txt exists'; exit 1; fi" },
    ]);
    const { sessionId, worktreePath } = await shared.repo.freshSession("auto");
    const isAutoResult = (message: Parameters<Parameters<typeof ws.waitFor>[0]>[0]) =>
      message.type === "check_run" && message.worktreePath === worktreePath && message.run.status !== "running";
    const wrote = await shared.send(sessionId, "[[mock:write broken.txt oops]]");
    expect(wrote.status).toBe(200);
    expect(existsSync(path.join(worktreePath, "broken.txt"))).toBe(true);
    const auto = (await ws.waitFor(isAutoResult)) as { run: CheckRunView };
    expect(auto.run).toMatchObject({ status: "failed", exitCode: 1, dirty: true, output: "FAIL broken.txt exists\n" });
    const asked = await shared.send(sessionId, "What do the checks say? [[mock:text ok]]");
    const request = shared.env.mock.requests.find(
      (candidate) => candidate.headers["x-claude-code-session-id"] === asked.body.run.claudeSessionId,
    );
    const prompt = lastUserText(request!)!;
    expect(prompt).toContain("- Checks (the repository's own, latest run in this worktree):");
    expect(prompt).toMatch(
      / {2}- `unit` \(`if \[ -f broken\.txt \].*`\): FAILED, exit 1, on `[0-9a-f]{7}` with uncommitted changes\n {4}> FAIL broken\.txt exists/,
    );

    // "Fix with Claude" sends the failure as the next message: the command, the exit code, the output.
    const fix = await callApi<AcceptedBody>(shared.env.arbor, "/api/worktrees/checks/fix", { body: { sessionId } });
    expect(fix.status).toBe(202);
    const fixed = await callApi<RunResultBody>(shared.env.arbor, `/api/chat/runs/${fix.body.run.id}?wait=1`);
    expect(fixed.status).toBe(200);
    const fixRequest = shared.env.mock.requests.find(
      (candidate) => candidate.headers["x-claude-code-session-id"] === fixed.body.run.claudeSessionId,
    );
    expect(lastUserText(fixRequest!)).toMatch(
      /This check fails:\n\nCheck "unit" \(`if \[ -f broken\.txt \].*`\) exited with code 1 on [0-9a-f]{7} with uncommitted changes\.\n```text\nFAIL broken\.txt exists\n```\n/,
    );
    const calm = await shared.repo.freshSession("nothing-to-fix");
    const refused = await callApi<ErrorBody>(shared.env.arbor, "/api/worktrees/checks/fix", {
      body: { sessionId: calm.sessionId },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/No check is failing in this worktree/);
  });
});

describe("the merge gate", () => {
  beforeAll(async () => {
    await trustRepo(shared.env.arbor, shared.repo.repoId);
  });
  const git = (cwd: string, ...args: string[]) => runFixtureGit({ cwd, args });
  const land = (worktreePath: string, method: "merge" | "fast-forward") =>
    callApi<LandResult & ErrorBody & { error: { details: { gate: MergeGateResult } } }>(
      shared.env.arbor,
      "/api/worktrees/land",
      { body: { repoId: shared.repo.repoId, worktreePath, method } },
    );
  async function branchWith(name: string, file: string): Promise<string> {
    const worktreePath = await shared.repo.addWorktree(name);
    writeFileSync(path.join(worktreePath, file), `${file}\n`);
    await git(worktreePath, "add", file);
    await git(worktreePath, "commit", "-q", "-m", `Add ${file}`);
    return worktreePath;
  }

  it("refuses the second of two branches that pass alone and break together; the base stays, the scratch goes", async () => {
    const main = shared.repo.mainPath;
    await git(main, "config", "user.name", "Arbor Test");
    await git(main, "config", "user.email", "test@arbor.invalid");
    const marker = path.join(shared.repo.root, "gate-runs.log");
    await setChecks([
      {
        name: "clash",
        command: `echo "$PWD" >> '${marker}'; if [ -f x.txt ] && [ -f y.txt ]; then echo 'x and y clash'; exit 1; fi`,
      },
    ]);
    const [withX, withY] = [await branchWith("gate-x", "x.txt"), await branchWith("gate-y", "y.txt")];
    expect((await runOnce(withX)).status).toBe("passed");
    expect((await runOnce(withY)).status).toBe("passed");
    // main moves on, so no merge below is a tree already tested in a worktree.
    writeFileSync(path.join(main, "base.txt"), "base\n");
    await git(main, "add", "base.txt");
    await git(main, "commit", "-q", "-m", "Add base.txt");

    const first = await land(withX, "merge");
    expect(first.status).toBe(200);
    expect(first.body.gate).toMatchObject({ status: "passed", checks: [{ name: "clash", status: "passed" }] });
    const tested = readFileSync(marker, "utf8").trim().split("\n").at(-1)!;
    expect(tested).toMatch(/arbor-gate-/);
    expect(existsSync(tested)).toBe(false);

    const before = (await git(main, "rev-parse", "HEAD")).trim();
    const second = await land(withY, "merge");
    expect(second.status).toBe(409);
    expect(second.body.error.message).toMatch(
      /was not landed: on the merge of feat\/gate-y-\d+ into main, "clash" \(failed\) did not pass, so main did not move/,
    );
    expect(second.body.error.details.gate.checks[0]).toMatchObject({
      status: "failed",
      exitCode: 1,
      output: "x and y clash\n",
    });
    expect((await git(main, "rev-parse", "HEAD")).trim()).toBe(before);
    expect(await git(main, "status", "--porcelain")).toBe("");
    expect(existsSync(path.join(main, "y.txt"))).toBe(false);
    expect(await git(main, "worktree", "list", "--porcelain")).not.toMatch(/arbor-gate-/);
    expect(existsSync(readFileSync(marker, "utf8").trim().split("\n").at(-1)!)).toBe(false);
  });

  it("does not run a check again on a merge whose tree already passed", async () => {
    const withZ = await branchWith("gate-z", "z.txt");
    const marker = path.join(shared.repo.root, "gate-runs.log");
    expect((await runOnce(withZ)).status).toBe("passed");
    const runsBefore = readFileSync(marker, "utf8");
    const landed = await land(withZ, "fast-forward");
    expect(landed.status).toBe(200);
    expect(landed.body.gate).toMatchObject({ status: "passed", checks: [{ status: "passed", cached: true }] });
    expect(readFileSync(marker, "utf8")).toBe(runsBefore);
  });
});
