// Attack: a repository whose own git config and hooks name programs (it came as an archive or a
// shared folder, or an agent wrote them): core.fsmonitor, a filter driver on every .txt file with a
// stale index entry so `git status` must run its clean filter, diff.external and a textconv,
// log.showSignature with a gpg.program and a forged signed commit, hooks on checkout, ref updates
// and index writes, and a submodule with a filter of its own. Arbor's pin, worktree scan, dashboard,
// chat send and "Create branch and worktree" ran those programs. Until the user trusts the
// repository none may run; "Create branch and worktree" in a trusted one runs its hooks on purpose.
import { chmodSync, mkdirSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startArborWithClaude, type ArborWithClaude } from "@/tests/support/arbor-with-claude.ts";
import type { DashboardBody, NodeBranchBody, PlanBody, ScanBody, TrustBody } from "@/tests/support/api-types.ts";
import { callApi, openSession, pinRepo, sendChat } from "@/tests/support/call-api.ts";
import {
  addWorktree,
  createFixtureRoot,
  createRepoWithOrigin,
  removeGitFixture,
  runFixtureGit,
} from "@/tests/support/git-fixtures.ts";

let env: ArborWithClaude;
let fixture: { root: string };
let mainPath: string;
let featurePath: string;
let repoId: string;
let markers: string;

const STALE = new Date("2001-01-01T00:00:00Z");

/** A program that leaves a marker named after itself and passes its input through (a filter must). */
function plantProgram(name: string): string {
  const file = path.join(fixture.root, "programs", name);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `#!/bin/sh\ntouch '${path.join(markers, name)}'\ncat\n`);
  chmodSync(file, 0o755);
  return file;
}

function plantHook(input: { gitDir: string; name: string }): void {
  mkdirSync(path.join(input.gitDir, "hooks"), { recursive: true });
  const file = path.join(input.gitDir, "hooks", input.name);
  writeFileSync(file, `#!/bin/sh\ntouch '${path.join(markers, `hook-${input.name}`)}'\n`);
  chmodSync(file, 0o755);
}

const git = (cwd: string, ...args: string[]) => runFixtureGit({ cwd, args });

/** A commit object with a (fake) signature header: showing its signature would run gpg.program. */
async function forgeSignedCommit(): Promise<string> {
  const tree = (await git(mainPath, "rev-parse", "HEAD^{tree}")).trim();
  const parent = (await git(mainPath, "rev-parse", "HEAD")).trim();
  const file = path.join(fixture.root, "signed-commit.txt");
  writeFileSync(
    file,
    [
      `tree ${tree}`,
      `parent ${parent}`,
      "author A <a@example.invalid> 1700000000 +0000",
      "committer A <a@example.invalid> 1700000000 +0000",
      "gpgsig -----BEGIN PGP SIGNATURE-----",
      " ",
      " iQEzBAABCAAdFiEE",
      " -----END PGP SIGNATURE-----",
      "",
      "Signed change",
      "",
    ].join("\n"),
  );
  return (await git(mainPath, "hash-object", "-t", "commit", "-w", file)).trim();
}

beforeAll(async () => {
  env = await startArborWithClaude();
  fixture = await createFixtureRoot();
  markers = path.join(fixture.root, "markers");
  mkdirSync(markers);
  ({ mainPath } = await createRepoWithOrigin({
    root: fixture.root,
    files: { "a.txt": "a\n", "b.txt": "b\n", ".gitattributes": "*.txt filter=evil diff=evil\n" },
  }));

  const library = path.join(fixture.root, "library");
  mkdirSync(library);
  await createRepoWithOrigin({ root: library, files: { "lib.txt": "lib\n" } });
  await git(mainPath, "-c", "protocol.file.allow=always", "submodule", "add", "-q", path.join(library, "main"), "lib");
  await git(mainPath, "commit", "-q", "-m", "Add the submodule");

  await git(mainPath, "update-ref", "refs/heads/signed", await forgeSignedCommit());
  featurePath = path.join(fixture.root, "signed");
  await addWorktree({ mainPath, path: featurePath, branch: "feature" });
  await git(featurePath, "checkout", "-q", "signed");

  // The repository's own config, written last so that building the fixture ran none of it.
  const local = (key: string, value: string) => git(mainPath, "config", key, value);
  await local("core.fsmonitor", plantProgram("fsmonitor"));
  await local("filter.evil.clean", plantProgram("clean"));
  await local("filter.evil.smudge", plantProgram("smudge"));
  await local("filter.evil.required", "true");
  await local("diff.external", plantProgram("external-diff"));
  await local("diff.evil.textconv", plantProgram("textconv"));
  await local("log.showSignature", "true");
  await local("gpg.program", plantProgram("gpg"));
  const gitDir = path.join(mainPath, ".git");
  for (const name of ["post-checkout", "reference-transaction", "post-index-change", "pre-commit"]) {
    plantHook({ gitDir, name });
  }
  const moduleDir = path.join(gitDir, "modules", "lib");
  await git(path.join(mainPath, "lib"), "config", "filter.inner.clean", plantProgram("submodule-clean"));
  await git(path.join(mainPath, "lib"), "config", "core.fsmonitor", plantProgram("submodule-fsmonitor"));
  mkdirSync(path.join(moduleDir, "info"), { recursive: true });
  writeFileSync(path.join(moduleDir, "info", "attributes"), "* filter=inner\n");
  // Stale index entries: git must read these files again, through their clean filter.
  for (const file of [
    path.join(mainPath, "a.txt"),
    path.join(featurePath, "b.txt"),
    path.join(mainPath, "lib", "lib.txt"),
  ]) {
    utimesSync(file, STALE, STALE);
  }
  repoId = await pinRepo(env.arbor, mainPath);
});

afterAll(async () => {
  await env?.close();
  if (fixture) await removeGitFixture(fixture);
});

const markersLeft = () => readdirSync(markers).sort();

describe("in a repository the user has not trusted", () => {
  it("pinning, scanning every worktree and the dashboard run none of its programs", async () => {
    const scan = await callApi<ScanBody>(env.arbor, `/api/repos/${repoId}/worktrees`);
    expect(scan.status).toBe(200);
    expect(scan.body.scan.worktrees.map((worktree) => worktree.path)).toEqual([mainPath, featurePath]);
    expect(scan.body.scan.worktrees[1]?.head?.subject).toBe("Signed change");
    const dashboard = await callApi<DashboardBody>(env.arbor, `/api/repos/${repoId}/dashboard`);
    expect(dashboard.status).toBe(200);
    expect(markersLeft()).toEqual([]);
  });

  it("a chat send (which rescans the worktree first) runs none of them", async () => {
    const sessionId = await openSession(env.arbor, { repoId, worktreePath: featurePath });
    const sent = await sendChat(env.arbor, { sessionId, userMessage: "[[mock:text hi]]" });
    expect(sent.body.run.status).toBe("success");
    expect(markersLeft()).toEqual([]);
  });

  it('"Create branch and worktree" checks out without its hooks and filters', async () => {
    const plan = await callApi<PlanBody>(env.arbor, "/api/plans", { body: { repoId, title: "Untrusted plan" } });
    const tree = { nodes: [{ slug: "first", title: "First", description: null, status: "planned" }], edges: [] };
    expect(
      (
        await callApi(env.arbor, "/api/tree-spec", {
          body: { planId: plan.body.plan.id, tree, baseVersion: plan.body.plan.treeVersion },
        })
      ).status,
    ).toBe(200);
    const made = await callApi<NodeBranchBody>(env.arbor, `/api/plans/${plan.body.plan.id}/nodes/first/branch`, {
      body: { worktreePath: path.join(fixture.root, "first") },
    });
    expect(made.status).toBe(201);
    expect(readdirSync(made.body.worktreePath)).toContain("a.txt");
    expect(markersLeft()).toEqual([]);
  });
});

describe("after the user trusts the repository", () => {
  it('"Create branch and worktree" runs its checkout hook and smudge filter, as git would', async () => {
    const { body } = await callApi<TrustBody>(env.arbor, `/api/repos/${repoId}/trust`);
    expect(body.trust.inspection.findings.map((finding) => finding.title)).toEqual(
      expect.arrayContaining(["core.fsmonitor", "filter.evil.clean", "gpg.program", "post-checkout"]),
    );
    expect(
      (await callApi(env.arbor, `/api/repos/${repoId}/trust`, { body: { digest: body.trust.digest } })).status,
    ).toBe(200);
    for (const name of markersLeft()) rmSync(path.join(markers, name));
    const plan = await callApi<PlanBody>(env.arbor, "/api/plans", { body: { repoId, title: "Trusted plan" } });
    const tree = { nodes: [{ slug: "second", title: "Second", description: null, status: "planned" }], edges: [] };
    await callApi(env.arbor, "/api/tree-spec", {
      body: { planId: plan.body.plan.id, tree, baseVersion: plan.body.plan.treeVersion },
    });
    const made = await callApi<NodeBranchBody>(env.arbor, `/api/plans/${plan.body.plan.id}/nodes/second/branch`, {
      body: { worktreePath: path.join(fixture.root, "second") },
    });
    expect(made.status).toBe(201);
    expect(markersLeft()).toEqual(expect.arrayContaining(["hook-post-checkout", "hook-reference-transaction"]));
    expect(markersLeft()).toContain("smudge");
    // The scans stay safe in a trusted repository too.
    for (const name of markersLeft()) rmSync(path.join(markers, name));
    utimesSync(path.join(mainPath, "a.txt"), STALE, STALE);
    expect((await callApi<ScanBody>(env.arbor, `/api/repos/${repoId}/worktrees`)).status).toBe(200);
    expect(markersLeft()).toEqual([]);
  });
});
