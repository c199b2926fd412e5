// The merge gate and the land queue test a scratch checkout that has the dependencies of the user's
// worktree (linked), or, when the merge changes a lockfile, what the repository's setup command installs
// there; the user's folders are as they were afterwards, and the scratch is gone.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { ErrorBody } from "@/tests/support/api-types.ts";
import type { MergeGateResult } from "@/lib/realtime/check-views.ts";
import type { LandQueueResult, LandResult } from "@/lib/worktrees/worktree-types.ts";
import { callApi, trustRepo } from "@/tests/support/call-api.ts";
import { runFixtureGit, writeFiles } from "@/tests/support/git-fixtures.ts";
import { installDependencies, snapshotFolder } from "@/tests/support/installed-dependencies.ts";
import { createPinnedRepo, type PinnedRepo } from "@/tests/support/pinned-repo.ts";
import { useArbor } from "@/tests/support/use-arbor.ts";

const server = useArbor();
let repo: PinnedRepo;

const git = async (cwd: string, ...args: string[]) => (await runFixtureGit({ cwd, args })).trim();

/**
 * The check: loads `left-pad-like`, which only the worktrees' untracked node_modules have, and the
 * workspace package `@me/util`, which must be the checkout's own file; writes a cache into
 * node_modules/.cache; logs where it ran, whether the package was linked or installed, whether the
 * setup file .env was there and whether the setup command's marker was.
 */
const CHECK_SCRIPT = `const fs = require("fs");
const pad = require("left-pad-like");
const util = require.resolve("@me/util");
const here = fs.realpathSync(".") + "/";
fs.mkdirSync("node_modules/.cache/gate", { recursive: true });
fs.writeFileSync("node_modules/.cache/gate/ran", "1");
const kind = fs.lstatSync("node_modules/left-pad-like").isSymbolicLink() ? "linked" : "installed";
const facts = [process.cwd(), kind, fs.existsSync(".env") ? "env" : "no-env", fs.existsSync("set-up") ? "set-up" : "-"];
fs.appendFileSync(process.argv[2], facts.join("|") + "\\n");
if (!util.startsWith(here)) throw new Error("@me/util came from " + util);
console.log(pad("checked"));
`;

/** The setup command's script (outside the repository): installs what npm would, leaves a marker, logs where it ran. */
const SETUP_SCRIPT = `const fs = require("fs");
fs.mkdirSync("node_modules/left-pad-like", { recursive: true });
fs.writeFileSync("node_modules/left-pad-like/index.js", "module.exports = (text) => '  ' + text;\\n");
fs.writeFileSync("node_modules/left-pad-like/package.json", JSON.stringify({ name: "left-pad-like" }));
fs.mkdirSync("node_modules/@me");
fs.symlinkSync("../../packages/util", "node_modules/@me/util");
fs.writeFileSync("set-up", "");
fs.appendFileSync(process.argv[2], process.cwd() + "\\n");
console.log("installed 2 packages");
`;

const checkLog = () => path.join(repo.root, "check.log");
const readLines = (file: string) => (existsSync(file) ? readFileSync(file, "utf8").trim().split("\n") : []);
const scratchWorktrees = async () =>
  (await git(repo.mainPath, "worktree", "list", "--porcelain")).split("\n").filter((line) => /arbor-gate-/.test(line));

beforeAll(async () => {
  repo = await createPinnedRepo(() => server.arbor);
  const main = repo.mainPath;
  await git(main, "config", "user.name", "Arbor Test");
  await git(main, "config", "user.email", "test@arbor.invalid");
  await writeFiles({
    dir: main,
    files: {
      ".gitignore": "node_modules/\n.venv/\n.env\n",
      "package.json": '{ "name": "app", "workspaces": ["packages/*"] }\n',
      "package-lock.json": '{ "lockfileVersion": 3 }\n',
      "packages/util/package.json": '{ "name": "@me/util" }\n',
      "packages/util/index.js": "module.exports = 'util';\n",
      "check.js": CHECK_SCRIPT,
    },
  });
  await git(main, "add", "-A");
  await git(main, "commit", "-q", "-m", "A workspace with a check");
  // A setup file as new worktrees get it: ignored in the main worktree, copied from there.
  writeFileSync(path.join(main, ".env"), "TOKEN=local\n");
  await trustRepo(server.arbor, repo.repoId);
  const checks = [{ name: "deps", command: `node check.js '${checkLog()}'` }];
  const saved = await callApi(server.arbor, `/api/repos/${repo.repoId}/settings`, { method: "PUT", body: { checks } });
  expect(saved.status).toBe(200);
});

async function saveSetup(command: string[]) {
  const saved = await callApi(server.arbor, `/api/repos/${repo.repoId}/worktree-setup`, {
    method: "PUT",
    body: { copyFiles: [".env"], command, timeoutSeconds: 60 },
  });
  expect(saved.status).toBe(200);
}

/** A worktree on a new branch, its dependencies installed by hand, with one commit writing `files`. */
async function branchWith(name: string, files: Record<string, string>): Promise<string> {
  const worktreePath = await repo.addWorktree(name);
  await installDependencies(worktreePath);
  await writeFiles({ dir: worktreePath, files });
  await git(worktreePath, "add", "--", ...Object.keys(files));
  await git(worktreePath, "commit", "-q", "-m", `Change ${Object.keys(files).join(", ")}`);
  return worktreePath;
}

const snapshotDependencies = async (worktreePath: string) => ({
  modules: await snapshotFolder(path.join(worktreePath, "node_modules")),
  venv: await snapshotFolder(path.join(worktreePath, ".venv")),
});

const land = (worktreePath: string) =>
  callApi<LandResult & ErrorBody & { error: { details: { gate: MergeGateResult } } }>(
    server.arbor,
    "/api/worktrees/land",
    { body: { repoId: repo.repoId, worktreePath, method: "merge" } },
  );

describe("the gate's scratch checkout and the worktrees' dependencies", () => {
  it("passes with the branch worktree's node_modules linked in, and leaves them byte for byte as they were", async () => {
    await saveSetup([]);
    const worktreePath = await branchWith("linked", { "feature.txt": "feature\n" });
    const before = await snapshotDependencies(worktreePath);

    const landed = await land(worktreePath);

    expect(landed.body.error?.message).toBeUndefined();
    expect(landed.status).toBe(200);
    const [run] = landed.body.gate.checks;
    expect(run).toMatchObject({ status: "passed", exitCode: 0, cached: false });
    expect(run!.output).toBe(
      `Arbor: dependencies linked from the branch's worktree (${worktreePath}): .venv, node_modules.\n\n  checked\n`,
    );
    const [scratch, kind, env, marker] = readLines(checkLog()).at(-1)!.split("|");
    expect([kind, env, marker]).toEqual(["linked", "env", "-"]);
    expect(scratch).toMatch(/arbor-gate-/);
    // The check's cache went into the scratch, which is gone; the user's folders did not change.
    expect(existsSync(scratch!)).toBe(false);
    expect(await scratchWorktrees()).toEqual([]);
    expect(await snapshotDependencies(worktreePath)).toEqual(before);
    expect(existsSync(path.join(worktreePath, "node_modules/.cache/gate"))).toBe(false);
  });

  it("still links when the merge changes the lockfile and no setup command is set, and says they may be stale", async () => {
    const worktreePath = await branchWith("stale", { "stale.txt": "stale\n" });
    // The base moves on: the merge has a lockfile the branch's worktree was not installed from.
    await writeFiles({ dir: repo.mainPath, files: { "package-lock.json": '{ "lockfileVersion": 3, "v": 2 }\n' } });
    await git(repo.mainPath, "commit", "-q", "-am", "Update the lockfile");

    const landed = await land(worktreePath);

    expect(landed.status).toBe(200);
    const output = landed.body.gate.checks[0]!.output;
    expect(output).toContain(`Arbor: dependencies linked from the branch's worktree (${worktreePath})`);
    expect(output).toContain(
      "the merge changes package-lock.json relative to that worktree, so these dependencies may be stale",
    );
    expect(readLines(checkLog()).at(-1)!.split("|")[1]).toBe("linked");
  });

  it("runs the setup command in the scratch, not the links, at the queue step whose merge changes the lockfile", async () => {
    const setupLog = path.join(repo.root, "setup.log");
    const setupScript = path.join(repo.root, "setup.js");
    writeFileSync(setupScript, SETUP_SCRIPT);
    await saveSetup(["node", setupScript, setupLog]);
    // The first branch changes the lockfile (its worktree has it); the second is tested on top of it.
    const first = await branchWith("lock", { "package-lock.json": '{ "lockfileVersion": 3, "v": 3 }\n' });
    const second = await branchWith("after-lock", { "after.txt": "after\n" });
    const before = [await snapshotDependencies(first), await snapshotDependencies(second)];
    const checksBefore = readLines(checkLog()).length;

    const queued = await callApi<LandQueueResult & ErrorBody>(server.arbor, "/api/worktrees/land-queue", {
      body: { repoId: repo.repoId, worktreePaths: [first, second] },
    });

    expect(queued.body.error?.message).toBeUndefined();
    expect(queued.status).toBe(200);
    expect(queued.body.entries.map((entry) => entry.status)).toEqual(["landed", "landed"]);
    const steps = readLines(checkLog())
      .slice(checksBefore)
      .map((line) => line.split("|"));
    expect(steps.map(([, kind, env, marker]) => [kind, env, marker])).toEqual([
      ["linked", "env", "-"],
      ["installed", "env", "set-up"],
    ]);
    // The setup command ran once, in the scratch, where the second step's check then ran.
    expect(readLines(setupLog)).toEqual([steps[1]![0]]);
    const output = queued.body.entries[1]!.checks[0]!.output;
    expect(output).toContain(
      `Arbor: the merge changes package-lock.json relative to the branch's worktree (${second}), so its dependencies were not linked: the setup command (node ${setupScript} ${setupLog}) ran here instead and succeeded.`,
    );
    expect(output).toContain("installed 2 packages");
    // The clean between the steps and the removal afterwards went through no link.
    expect(existsSync(steps[0]![0]!)).toBe(false);
    expect(await scratchWorktrees()).toEqual([]);
    expect([await snapshotDependencies(first), await snapshotDependencies(second)]).toEqual(before);
  });
});
