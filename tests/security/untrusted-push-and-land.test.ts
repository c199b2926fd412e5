// Attack: a repository the user has not trusted names programs in its own git config that git runs
// while it commits, merges and pushes: gpg.program with commit.gpgSign (every land's commit),
// remote.origin.receivepack, core.sshCommand, core.askpass and a credential helper (every push),
// an `ext::` remote (a push runs the command in its URL), and its origin is a folder of this machine
// whose pre-receive hook would run on a push. Land and Push ran them. None may run until the user
// trusts the repository; what cannot be switched off (ext::, an http proxy) is refused, saying why.
import { chmodSync, existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startArborWithClaude, type ArborWithClaude } from "@/tests/support/arbor-with-claude.ts";
import { callApi, pinRepo, trustRepo } from "@/tests/support/call-api.ts";
import {
  addWorktree,
  createFixtureRoot,
  createRepoWithOrigin,
  removeGitFixture,
  runFixtureGit,
} from "@/tests/support/git-fixtures.ts";

interface Answer {
  error?: { code: string; message: string };
}

let env: ArborWithClaude;
let fixture: { root: string };
let mainPath: string;
let originPath: string;
let repoId: string;
let markers: string;
let worktrees = 0;

const git = (cwd: string, ...args: string[]) => runFixtureGit({ cwd, args }).then((out) => out.trim());

/** A program that leaves a marker named after itself and fails (so git stops where it used it). */
function plantProgram(name: string): string {
  const file = path.join(fixture.root, "programs", name);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `#!/bin/sh\ntouch '${path.join(markers, name)}'\nexit 1\n`);
  chmodSync(file, 0o755);
  return file;
}

/** A worktree on a new branch with one commit of its own. */
async function worktreeWithCommit(name: string): Promise<string> {
  worktrees += 1;
  const worktreePath = path.join(fixture.root, `${name}-${worktrees}`);
  await addWorktree({ mainPath, path: worktreePath, branch: `feat/${name}-${worktrees}` });
  writeFileSync(path.join(worktreePath, `${name}.txt`), `${name}\n`);
  await git(worktreePath, "add", "--", `${name}.txt`);
  // The fixture's own commit, without the repository's signing (the test plants it after this).
  await git(worktreePath, "-c", "commit.gpgSign=false", "commit", "-q", "-m", `Add ${name}`);
  return worktreePath;
}

const api = (route: string, body: unknown) => callApi<Answer>(env.arbor, route, { body });

beforeAll(async () => {
  env = await startArborWithClaude();
  fixture = await createFixtureRoot();
  markers = path.join(fixture.root, "markers");
  mkdirSync(markers);
  ({ mainPath, originPath } = await createRepoWithOrigin({ root: fixture.root, files: { "a.txt": "a\n" } }));
  await git(mainPath, "config", "user.name", "Arbor Test");
  await git(mainPath, "config", "user.email", "test@arbor.invalid");
  const local = (key: string, value: string) => git(mainPath, "config", key, value);
  await local("gpg.program", plantProgram("gpg"));
  await local("commit.gpgSign", "true");
  await local("remote.origin.receivepack", plantProgram("receive-pack"));
  await local("core.sshCommand", plantProgram("ssh"));
  await local("core.askpass", plantProgram("askpass"));
  await local("credential.helper", `!${plantProgram("credential-helper")}`);
  await local("protocol.ext.allow", "always");
  await git(mainPath, "remote", "add", "sneaky", `ext::${plantProgram("ext-transport")} %S`);
  // The origin folder's own hook: a push into it would run it as this user.
  const hook = path.join(originPath, "hooks", "pre-receive");
  writeFileSync(hook, `#!/bin/sh\ntouch '${path.join(markers, "origin-pre-receive")}'\n`);
  chmodSync(hook, 0o755);
  repoId = await pinRepo(env.arbor, mainPath);
});

afterAll(async () => {
  await env?.close();
  if (fixture) await removeGitFixture(fixture);
});

describe("an untrusted repository's programs stay off while Arbor lands and pushes", () => {
  it("lands with a merge commit, a squash and a rebase, signing nothing and running none of them", async () => {
    for (const method of ["merge", "squash", "rebase"] as const) {
      const worktreePath = await worktreeWithCommit(method);
      // The base moves on, so each method makes a commit of its own (a rebase: the branch's commit again).
      writeFileSync(path.join(mainPath, `main-${method}.txt`), "main\n");
      await git(mainPath, "add", "--", `main-${method}.txt`);
      await git(mainPath, "-c", "commit.gpgSign=false", "commit", "-q", "-m", `Main before ${method}`);
      const landed = await api("/api/worktrees/land", { repoId, worktreePath, method });
      expect(landed.status, JSON.stringify(landed.body)).toBe(200);
      expect(await git(mainPath, "cat-file", "commit", "HEAD")).not.toContain("gpgsig");
    }
    expect(existsSync(path.join(mainPath, "rebase.txt"))).toBe(true);
    expect(readdirSync(markers)).toEqual([]);
  });

  it("pushes into its origin folder without the origin's hooks, its receive-pack, ssh, askpass or credential helper", async () => {
    const worktreePath = await worktreeWithCommit("push");
    const pushed = await api("/api/worktrees/push", { repoId, worktreePath });
    expect(pushed.status, JSON.stringify(pushed.body)).toBe(200);
    expect(await git(originPath, "rev-parse", "refs/heads/feat/push-4")).toBe(
      await git(worktreePath, "rev-parse", "HEAD"),
    );
    expect(readdirSync(markers)).toEqual([]);
  });

  it("refuses a push through ext:: and one the repository routes through its own http proxy, saying why", async () => {
    const worktreePath = await worktreeWithCommit("sneaky");
    await git(mainPath, "config", "branch.feat/sneaky-5.remote", "sneaky");
    const throughProgram = await api("/api/worktrees/push", { repoId, worktreePath });
    expect(throughProgram.status).toBe(412);
    expect(throughProgram.body.error?.message).toMatch(
      /^Arbor did not push: sneaky's push URL \(ext::.+\) goes through a program git would start, not https, ssh or a folder\. .*Trust the repository/,
    );
    await git(mainPath, "config", "--unset", "branch.feat/sneaky-5.remote");
    await git(mainPath, "config", "http.proxy", "http://127.0.0.1:9");
    try {
      const proxied = await api("/api/worktrees/push", { repoId, worktreePath });
      expect(proxied.status).toBe(412);
      expect(proxied.body.error?.message).toContain("the repository's own config sets http.proxy");
    } finally {
      await git(mainPath, "config", "--unset", "http.proxy");
    }
    expect(readdirSync(markers)).toEqual([]);
  });

  it("once the user trusts the repository, a push runs its origin's hook, as git would", async () => {
    // Trusting it also means its own receive-pack setting would run: take that one out first.
    await git(mainPath, "config", "--unset", "remote.origin.receivepack");
    await git(mainPath, "config", "--unset", "credential.helper");
    await trustRepo(env.arbor, repoId);
    const worktreePath = await worktreeWithCommit("trusted");
    const pushed = await api("/api/worktrees/push", { repoId, worktreePath });
    expect(pushed.status, JSON.stringify(pushed.body)).toBe(200);
    expect(readdirSync(markers)).toEqual(["origin-pre-receive"]);
  });
});
