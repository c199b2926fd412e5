// Push and pull requests on real repositories: bare repos in temp folders as remotes (one whose
// pre-receive hook refuses, one that does not exist), and the real GitHub CLI (gh 2.23, installed by
// .ci/run) with a throw-away GH_CONFIG_DIR: never logged in, or given a token GitHub refuses. Nothing
// reaches GitHub: an authenticated `gh pr create` is not exercised here (see the unit tests of its argv).
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi, trustRepo } from "@/tests/support/call-api.ts";
import { runFixtureGit } from "@/tests/support/git-fixtures.ts";
import { useArborWithRepo } from "@/tests/support/use-arbor-with-repo.ts";
import { runProcess } from "@/lib/process-host/run-process.ts";
import {
  buildPrCreateArgs,
  buildPrViewArgs,
  GH_LOGGED_OUT_MESSAGE,
  GH_MISSING_MESSAGE,
} from "@/lib/worktrees/ship/pull-request-draft.ts";
import { readGhStatus } from "@/lib/worktrees/ship/pull-request.ts";
import type { PullRequestInfo, PushResult } from "@/lib/worktrees/ship-types.ts";

interface ErrorBody {
  error: { code: string; message: string };
}

const shared = useArborWithRepo();

const push = (worktreePath: string) =>
  callApi<PushResult & ErrorBody>(shared.env.arbor, "/api/worktrees/push", {
    body: { repoId: shared.repo.repoId, worktreePath },
  });

const prInfo = (worktreePath: string) =>
  callApi<PullRequestInfo & ErrorBody>(
    shared.env.arbor,
    `/api/worktrees/pull-request?repoId=${shared.repo.repoId}&worktreePath=${encodeURIComponent(worktreePath)}`,
  );

async function commit(cwd: string, name: string, text: string, message: string): Promise<void> {
  writeFileSync(path.join(cwd, name), text);
  await runFixtureGit({ cwd, args: ["add", "--", name] });
  await runFixtureGit({ cwd, args: ["commit", "-q", "-m", message] });
}

const git = (cwd: string, ...args: string[]) => runFixtureGit({ cwd, args }).then((out) => out.trim());

/** Unsets the repository config keys a test set (those it got as far as setting: a failed test stops early). */
async function unsetLocalConfig(cwd: string, keys: string[]): Promise<void> {
  const set = new Set((await git(cwd, "config", "--local", "--name-only", "--list")).toLowerCase().split("\n"));
  for (const key of keys) if (set.has(key.toLowerCase())) await git(cwd, "config", "--unset-all", key);
}

/** A bare repository `<name>.git` under the fixture root, added to the main worktree as remote `name`; its path. */
async function addBareRemote(name: string): Promise<string> {
  const barePath = path.join(shared.repo.root, `${name}.git`);
  await git(shared.repo.root, "init", "-q", "--bare", barePath);
  await git(shared.repo.mainPath, "remote", "add", name, barePath);
  return barePath;
}

describe("push", () => {
  it("pushes the branch to origin with upstream, running no hook of an untrusted repository", async () => {
    const worktree = await shared.repo.addWorktree("push");
    await commit(worktree, "p.txt", "p\n", "Add p");
    const marker = path.join(shared.repo.root, "pre-push-ran");
    const hook = path.join(shared.repo.mainPath, ".git", "hooks", "pre-push");
    writeFileSync(hook, `#!/bin/sh\ntouch '${marker}'\nexit 1\n`);
    chmodSync(hook, 0o755);
    try {
      const pushed = await push(worktree);
      expect(pushed.status).toBe(200);
      expect(pushed.body).toMatchObject({ branch: "feat/push-1", remote: "origin", isUpToDate: false });
      expect(existsSync(marker)).toBe(false);
      // Again, with nothing new: said as such.
      expect((await push(worktree)).body).toMatchObject({ isUpToDate: true });
    } finally {
      rmSync(hook);
    }
    expect(await git(worktree, "rev-parse", "--abbrev-ref", "feat/push-1@{upstream}")).toBe("origin/feat/push-1");
    const originPath = path.join(shared.repo.root, "origin.git");
    expect(await git(originPath, "rev-parse", "refs/heads/feat/push-1")).toBe(await git(worktree, "rev-parse", "HEAD"));
  });

  it("says to pull --rebase, with the command, when the remote branch moved on (non-fast-forward)", async () => {
    const worktree = await shared.repo.addWorktree("nff");
    await commit(worktree, "n.txt", "mine\n", "Mine");
    expect((await push(worktree)).status).toBe(200);
    const other = mkdtempSync(path.join(os.tmpdir(), "arbor-other-"));
    try {
      await git(other, "clone", "-q", path.join(shared.repo.root, "origin.git"), "clone");
      const clone = path.join(other, "clone");
      await git(clone, "switch", "-q", "feat/nff-2");
      await commit(clone, "n.txt", "theirs\n", "Theirs");
      await git(clone, "push", "-q", "origin", "feat/nff-2");
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
    await commit(worktree, "n2.txt", "more\n", "More of mine");
    const rejected = await push(worktree);
    expect(rejected.status).toBe(409);
    expect(rejected.body.error.message).toContain("not a fast-forward");
    expect(rejected.body.error.message).toContain("`git pull --rebase origin feat/nff-2`");
  });

  it("shows the remote's own message when its pre-receive hook refuses (a protected remote)", async () => {
    const worktree = await shared.repo.addWorktree("protected");
    await commit(worktree, "x.txt", "x\n", "X");
    const protectedPath = await addBareRemote("guarded");
    const hook = path.join(protectedPath, "hooks", "pre-receive");
    writeFileSync(hook, "#!/bin/sh\necho 'feat/* is protected here: open a merge request instead' >&2\nexit 1\n");
    chmodSync(hook, 0o755);
    await git(shared.repo.mainPath, "config", "branch.feat/protected-3.remote", "guarded");
    // A folder remote's hooks run only for a repository the user trusts (a server's run there anyway).
    const { repoId } = shared.repo;
    await trustRepo(shared.env.arbor, repoId);
    try {
      const refused = await push(worktree);
      expect(refused.status).toBe(403);
      expect(refused.body.error.message).toContain("guarded refused the push of feat/protected-3");
      expect(refused.body.error.message).toContain("feat/* is protected here: open a merge request instead");
    } finally {
      await callApi(shared.env.arbor, `/api/repos/${repoId}/trust`, { method: "DELETE" });
      await git(shared.repo.mainPath, "config", "--unset", "branch.feat/protected-3.remote");
      await git(shared.repo.mainPath, "remote", "remove", "guarded");
    }
  });

  it("says to check the URL when the remote does not exist, and how to add one when there is none", async () => {
    const worktree = await shared.repo.addWorktree("nowhere");
    const originUrl = await git(shared.repo.mainPath, "remote", "get-url", "origin");
    await git(shared.repo.mainPath, "remote", "set-url", "origin", path.join(shared.repo.root, "no-such-remote.git"));
    try {
      const unreachable = await push(worktree);
      expect(unreachable.status).toBe(503);
      expect(unreachable.body.error.message).toContain("The remote origin cannot be reached");
      expect(unreachable.body.error.message).toContain("no-such-remote.git' does not appear to be a git repository");
      expect(unreachable.body.error.message).toContain("git remote -v");

      await git(shared.repo.mainPath, "remote", "remove", "origin");
      const none = await push(worktree);
      expect(none.status).toBe(412);
      expect(none.body.error.message).toContain("no remote to push to");
      expect(none.body.error.message).toContain("`git remote add origin <url>`");
      const info = await prInfo(worktree);
      expect(info.body).toMatchObject({ remote: null, isPushed: false, compareUrl: null });
    } finally {
      const remotes = await git(shared.repo.mainPath, "remote");
      if (remotes.includes("origin")) await git(shared.repo.mainPath, "remote", "set-url", "origin", originUrl);
      else await git(shared.repo.mainPath, "remote", "add", "origin", originUrl);
      await git(shared.repo.mainPath, "fetch", "-q", "origin");
    }
  });
});

describe("pull request", () => {
  it("without a GitHub login: says `gh auth login`, offers the compare URL of a GitHub remote and drafts from the commits", async () => {
    const worktree = await shared.repo.addWorktree("pr");
    await commit(worktree, "pr.txt", "pr\n", "Add the PR file");
    expect((await push(worktree)).status).toBe(200);
    const originUrl = await git(shared.repo.mainPath, "remote", "get-url", "origin");
    // The server's HOME is a fresh folder: gh (installed) has never been logged in there.
    await git(shared.repo.mainPath, "remote", "add", "github", "git@github.com:octo/hello.git");
    await git(shared.repo.mainPath, "config", "branch.feat/pr-5.remote", "github");
    await git(shared.repo.mainPath, "update-ref", "refs/remotes/github/feat/pr-5", "HEAD");
    try {
      const info = await prInfo(worktree);
      expect(info.status).toBe(200);
      expect(info.body).toMatchObject({
        branch: "feat/pr-5",
        base: "main",
        remote: { name: "github", url: "git@github.com:octo/hello.git" },
        gh: { state: "logged_out", message: GH_LOGGED_OUT_MESSAGE },
        compareUrl: "https://github.com/octo/hello/compare/main...feat/pr-5?expand=1",
        draft: { title: "Add the PR file" },
        pullRequest: null,
      });
      expect(info.body.draft.body).toMatch(/## Commits\n- Add the PR file \([0-9a-f]{7,}\)/);
      const create = await callApi<ErrorBody>(shared.env.arbor, "/api/worktrees/pull-request", {
        body: { repoId: shared.repo.repoId, worktreePath: worktree, base: "main", title: "T", body: "B" },
      });
      expect(create.status).toBe(412);
      expect(create.body.error.message).toBe(GH_LOGGED_OUT_MESSAGE);
    } finally {
      await git(shared.repo.mainPath, "config", "--unset", "branch.feat/pr-5.remote");
      await git(shared.repo.mainPath, "remote", "remove", "github");
    }
    const onOrigin = await prInfo(worktree);
    expect(onOrigin.body).toMatchObject({
      remote: { name: "origin", url: originUrl },
      isPushed: true,
      compareUrl: null,
    });
  });

  it("drafts the title and body from the conversation's rolling summary and the commits", async () => {
    const { sessionId, worktreePath } = await shared.repo.freshSession("drafted");
    const sections =
      "## Key points\n- Cache the worktree scan per request\n## Decisions\n- Keep the cache in memory only\n## Open tasks\n- Measure it\n## Caveats\n- (none)";
    await shared.send(sessionId, `Summarize please [[mock:text ${sections}]]`);
    const summarized = await callApi(shared.env.arbor, "/api/chat/summarize", { body: { sessionId } });
    expect(summarized.status).toBe(200);
    await commit(worktreePath, "c1.txt", "1\n", "Add the cache");
    await commit(worktreePath, "c2.txt", "2\n", "Use the cache in scans");
    const info = await prInfo(worktreePath);
    expect(info.body.draft.title).toBe("Cache the worktree scan per request");
    expect(info.body.draft.body).toMatch(
      /^## Summary\n- Cache the worktree scan per request\n\n## Decisions\n- Keep the cache in memory only\n\n## Commits\n- Add the cache \([0-9a-f]+\)\n- Use the cache in scans \([0-9a-f]+\)\n$/,
    );
  });

  it("refuses a base that reads as an option", async () => {
    const worktree = await shared.repo.addWorktree("opt");
    const create = await callApi<ErrorBody>(shared.env.arbor, "/api/worktrees/pull-request", {
      body: { repoId: shared.repo.repoId, worktreePath: worktree, base: "--web", title: "T", body: "B" },
    });
    expect(create.status).toBe(422);
  });
});

describe("the GitHub CLI's state (real gh)", () => {
  let configDir = "";
  const saved = { PATH: process.env.PATH, GH_CONFIG_DIR: process.env.GH_CONFIG_DIR, GH_TOKEN: process.env.GH_TOKEN };
  beforeAll(() => {
    configDir = mkdtempSync(path.join(os.tmpdir(), "arbor-gh-"));
  });
  afterAll(() => {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    rmSync(configDir, { recursive: true, force: true });
  });

  it("missing from PATH: says what to install", async () => {
    process.env.PATH = path.join(configDir, "empty-bin");
    try {
      expect(await readGhStatus({ cwd: os.tmpdir() })).toEqual({ state: "missing", message: GH_MISSING_MESSAGE });
    } finally {
      process.env.PATH = saved.PATH;
    }
    expect(GH_MISSING_MESSAGE).toContain("https://cli.github.com");
    expect(GH_MISSING_MESSAGE).toContain("`apt install gh`");
  });

  it("installed but never logged in: says `gh auth login`", async () => {
    process.env.GH_CONFIG_DIR = configDir;
    delete process.env.GH_TOKEN;
    expect(await readGhStatus({ cwd: os.tmpdir() })).toEqual({ state: "logged_out", message: GH_LOGGED_OUT_MESSAGE });
  });

  it("failing (a token GitHub cannot accept here): shows gh's stderr", async () => {
    process.env.GH_CONFIG_DIR = configDir;
    process.env.GH_TOKEN = "not-a-real-token";
    const status = await readGhStatus({ cwd: os.tmpdir() });
    expect(status.state).toBe("failing");
    expect(status.state !== "ready" && status.message).toMatch(/^gh auth status failed: [\s\S]*github\.com/);
  });

  it("accepts Arbor's argv for pr create and pr view (values starting with -, a title with shell text): gh gets past parsing", async () => {
    const body = path.join(configDir, "body.md");
    writeFileSync(body, "## Summary\n- x\n");
    const repository = { owner: "arbor-test-nobody", name: "no-such-repo" };
    for (const args of [
      buildPrCreateArgs({ base: "main", head: "-feat", title: "-t $(rm -rf /) `x`", bodyFile: body, repository }),
      buildPrViewArgs({ head: "-feat", repository }),
    ]) {
      const failure = await runProcess({
        bin: "gh",
        args,
        cwd: configDir,
        env: { ...process.env, GH_CONFIG_DIR: configDir, GH_TOKEN: "not-a-real-token", GH_PROMPT_DISABLED: "1" },
        timeoutMs: 30_000,
      }).then(
        () => null,
        (error: { output?: { stderr: string } | null }) => error.output?.stderr ?? "",
      );
      // It fails at GitHub (no network here, or a token GitHub refuses), never at its own flag parsing.
      expect(failure).not.toBeNull();
      expect(failure).not.toMatch(/unknown (flag|shorthand)|accepts at most|required flag|Usage:/);
    }
  });
});

describe("credentials in a remote URL", () => {
  const TOKEN = "s3cret-token";

  it("never reach the pull request dialog nor the untrusted push's refusal", async () => {
    const worktree = await shared.repo.addWorktree("token");
    const branch = await git(worktree, "branch", "--show-current");
    const main = shared.repo.mainPath;
    await git(main, "remote", "add", "tokened", `https://user:${TOKEN}@github.com/octo/hello.git`);
    await git(main, "config", `branch.${branch}.remote`, "tokened");
    // A rewrite (url.<base>.insteadOf) that turns https://example.com/ into a helper's URL, token and all.
    await git(main, "config", `url.persistent-https://user:${TOKEN}@example.com/.insteadOf`, "https://example.com/");
    try {
      const info = await prInfo(worktree);
      expect(info.status).toBe(200);
      expect(info.body.remote).toEqual({ name: "tokened", url: "https://github.com/octo/hello.git", branch });
      expect(info.body.compareUrl).toBe(`https://github.com/octo/hello/compare/main...${branch}?expand=1`);
      expect(JSON.stringify(info.body)).not.toContain(TOKEN);

      // The push URL as git resolves it, rewritten.
      await git(main, "remote", "set-url", "tokened", "https://example.com/o/r.git");
      const refused = await push(worktree);
      expect(refused.status).toBe(412);
      expect(refused.body.error.message).toContain("push URL (persistent-https://example.com/o/r.git)");
      expect(JSON.stringify(refused.body)).not.toContain(TOKEN);
    } finally {
      await git(main, "config", "--remove-section", `url.persistent-https://user:${TOKEN}@example.com/`);
      await git(main, "config", "--unset", `branch.${branch}.remote`);
      await git(main, "remote", "remove", "tokened");
    }
  });
});

describe("where a push goes", () => {
  it("to the remote git would choose: branch.<b>.pushRemote, then remote.pushDefault; the pull request info says the same", async () => {
    const worktree = await shared.repo.addWorktree("where");
    const branch = await git(worktree, "branch", "--show-current");
    await commit(worktree, "w.txt", "w\n", "Add w");
    const main = shared.repo.mainPath;
    const forkPath = await addBareRemote("fork");
    await git(main, "config", "remote.pushDefault", "fork");
    try {
      expect((await prInfo(worktree)).body.remote).toMatchObject({ name: "fork", branch });
      const toFork = await push(worktree);
      expect(toFork.status).toBe(200);
      expect(toFork.body).toMatchObject({ remote: "fork", remoteBranch: branch, isUpstreamSet: true });
      expect(await git(forkPath, "rev-parse", `refs/heads/${branch}`)).toBe(await git(worktree, "rev-parse", "HEAD"));
      expect(await git(worktree, "rev-parse", "--abbrev-ref", `${branch}@{upstream}`)).toBe(`fork/${branch}`);

      // The branch's own pushRemote wins over pushDefault; the upstream (fork) stays as it is.
      await git(main, "config", `branch.${branch}.pushRemote`, "origin");
      expect((await prInfo(worktree)).body.remote).toMatchObject({ name: "origin", branch });
      const toOrigin = await push(worktree);
      expect(toOrigin.status).toBe(200);
      expect(toOrigin.body).toMatchObject({ remote: "origin", remoteBranch: branch, isUpstreamSet: false });
      const originPath = path.join(shared.repo.root, "origin.git");
      expect(await git(originPath, "rev-parse", `refs/heads/${branch}`)).toBe(await git(worktree, "rev-parse", "HEAD"));
      expect(await git(worktree, "rev-parse", "--abbrev-ref", `${branch}@{upstream}`)).toBe(`fork/${branch}`);
    } finally {
      await unsetLocalConfig(main, ["remote.pushDefault", `branch.${branch}.pushRemote`]);
      await git(main, "remote", "remove", "fork");
    }
  });

  it("never rewires tracking: a branch tracking another name is refused with both commands, or pushed there under push.default upstream", async () => {
    const worktree = await shared.repo.addWorktree("tracking");
    const branch = await git(worktree, "branch", "--show-current");
    await commit(worktree, "t.txt", "t\n", "Add t");
    const main = shared.repo.mainPath;
    const originPath = path.join(shared.repo.root, "origin.git");
    await git(main, "push", "-q", "origin", "main:refs/heads/release-fix");
    await git(worktree, "branch", "-q", `--set-upstream-to=origin/release-fix`);
    try {
      const refused = await push(worktree);
      expect(refused.status).toBe(409);
      expect(refused.body.error.message).toContain(`${branch} tracks origin/release-fix`);
      expect(refused.body.error.message).toContain("`git push origin HEAD:release-fix`");
      expect(refused.body.error.message).toContain(`\`git push -u origin ${branch}\``);
      expect(await git(originPath, "for-each-ref", `refs/heads/${branch}`)).toBe("");
      expect(await git(worktree, "rev-parse", "--abbrev-ref", `${branch}@{upstream}`)).toBe("origin/release-fix");

      await git(main, "config", "push.default", "upstream");
      expect((await prInfo(worktree)).body).toMatchObject({
        remote: { name: "origin", branch: "release-fix" },
        isPushed: true,
      });
      const pushed = await push(worktree);
      expect(pushed.status).toBe(200);
      expect(pushed.body).toMatchObject({ remote: "origin", remoteBranch: "release-fix", isUpstreamSet: false });
      expect(await git(originPath, "rev-parse", "refs/heads/release-fix")).toBe(
        await git(worktree, "rev-parse", "HEAD"),
      );
      expect(await git(originPath, "for-each-ref", `refs/heads/${branch}`)).toBe("");
      expect(await git(worktree, "rev-parse", "--abbrev-ref", `${branch}@{upstream}`)).toBe("origin/release-fix");
    } finally {
      await unsetLocalConfig(main, ["push.default"]);
      await git(main, "push", "-q", "origin", "--delete", "release-fix");
    }
  });
});

describe("push.default upstream with pushes going to a fork", () => {
  it("is refused as git refuses it, and nothing reaches either remote", async () => {
    const worktree = await shared.repo.addWorktree("triangle");
    const branch = await git(worktree, "branch", "--show-current");
    await commit(worktree, "tri.txt", "tri\n", "Add tri");
    const main = shared.repo.mainPath;
    const forkPath = await addBareRemote("tri-fork");
    const originPath = path.join(shared.repo.root, "origin.git");
    await git(worktree, "branch", "-q", "--set-upstream-to=origin/main");
    try {
      await git(main, "config", `branch.${branch}.pushRemote`, "tri-fork");
      await git(main, "config", "push.default", "upstream");
      const refused = await push(worktree);
      expect(refused.status).toBe(409);
      expect(refused.body.error.message).toContain(
        `pushes ${branch} only back to the branch it tracks, origin/main, but its pushes go to tri-fork`,
      );
      expect(refused.body.error.message).toContain(`\`git push tri-fork ${branch}\``);
      // git itself refuses the same push.
      await expect(git(worktree, "push")).rejects.toThrow(/not the upstream of/);
      expect(await git(forkPath, "for-each-ref")).toBe("");
      expect(await git(originPath, "rev-parse", "refs/heads/main")).toBe(await git(main, "rev-parse", "main"));
      // The pull request dialog says the same, instead of offering to push.
      const info = (await prInfo(worktree)).body;
      expect(info).toMatchObject({ remote: { name: "tri-fork" } });
      expect(info.blocker).toContain("only back to the branch it tracks, origin/main");
    } finally {
      await unsetLocalConfig(main, ["push.default", `branch.${branch}.pushRemote`]);
      await git(main, "remote", "remove", "tri-fork");
    }
  });
});

describe("the base of a pull request", () => {
  const prInfoOn = (worktreePath: string, base: string) =>
    callApi<PullRequestInfo & ErrorBody>(
      shared.env.arbor,
      `/api/worktrees/pull-request?repoId=${shared.repo.repoId}&worktreePath=${encodeURIComponent(worktreePath)}&base=${encodeURIComponent(base)}`,
    );
  const create = (worktreePath: string, base: string) =>
    callApi<ErrorBody>(shared.env.arbor, "/api/worktrees/pull-request", {
      body: { repoId: shared.repo.repoId, worktreePath, base, title: "T", body: "B" },
    });

  it("is refused when it is the worktree's own branch: no main...main compare page, no pull request", async () => {
    const main = shared.repo.mainPath;
    await git(main, "remote", "add", "github", "git@github.com:octo/hello.git");
    await git(main, "config", "branch.main.pushRemote", "github");
    try {
      const info = await prInfo(main);
      expect(info.status).toBe(200);
      expect(info.body).toMatchObject({ branch: "main", base: "main", compareUrl: null });
      expect(info.body.blocker).toContain("This worktree's branch main is the base main itself");
      const refused = await create(main, "main");
      expect(refused.status).toBe(409);
      expect(refused.body.error.message).toContain("is the base main itself");
    } finally {
      await unsetLocalConfig(main, ["branch.main.pushRemote"]);
      await git(main, "remote", "remove", "github");
    }
  });

  it("must be a branch name: a path that climbs into another repository's pages is refused (422)", async () => {
    const worktree = await shared.repo.addWorktree("climb");
    for (const base of ["../../../attacker/repo/compare/main", "main/../x", "main..x", ".hidden"]) {
      const info = await prInfoOn(worktree, base);
      expect(info.status).toBe(422);
      expect(info.body.error.message).toContain("cannot be a branch name");
      expect((await create(worktree, base)).status).toBe(422);
    }
  });

  it("must exist: a base that names no branch is said so, not drafted as an empty pull request", async () => {
    const worktree = await shared.repo.addWorktree("nobase");
    await commit(worktree, "nb.txt", "nb\n", "Add nb");
    const info = await prInfoOn(worktree, "no-such-base");
    expect(info.status).toBe(200);
    expect(info.body.blocker).toContain("The base branch no-such-base does not exist in this repository");
    const refused = await create(worktree, "no-such-base");
    expect(refused.status).toBe(412);
    expect(refused.body.error.message).toContain("does not exist");
    // A base only on the remote (as last fetched) is a base.
    await git(shared.repo.mainPath, "push", "-q", "origin", "main:refs/heads/remote-only");
    await git(shared.repo.mainPath, "fetch", "-q", "origin");
    try {
      const remoteOnly = await prInfoOn(worktree, "remote-only");
      expect(remoteOnly.body.blocker).toBeNull();
      expect(remoteOnly.body.draft.body).toContain("- Add nb (");
    } finally {
      await git(shared.repo.mainPath, "push", "-q", "origin", "--delete", "remote-only");
    }
  });
});

describe("a push the remote's transport refuses", () => {
  /** Points origin at `url` for one test, then back. */
  async function withOriginAt(url: string, run: () => Promise<void>): Promise<void> {
    const main = shared.repo.mainPath;
    const originUrl = await git(main, "remote", "get-url", "origin");
    await git(main, "remote", "set-url", "origin", url);
    try {
      await run();
    } finally {
      await git(main, "remote", "set-url", "origin", originUrl);
    }
  }

  it("over ssh: keeps ssh's own reason, not only git's doubled-period 'Could not read from remote repository..'", async () => {
    const worktree = await shared.repo.addWorktree("ssh");
    await withOriginAt("ssh://git@127.0.0.1:1/o/r.git", async () => {
      const refused = await push(worktree);
      expect(refused.status).toBe(503);
      expect(refused.body.error.message).toContain(
        "The remote origin cannot be reached: ssh: connect to host 127.0.0.1 port 1",
      );
      expect(refused.body.error.message).not.toContain("..");
    });
  });

  it("over https without valid credentials: says how to log in, and never repeats the URL's token", async () => {
    const server = http.createServer((_request, response) => {
      response.writeHead(401, { "WWW-Authenticate": 'Basic realm="test"' }).end("no");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const worktree = await shared.repo.addWorktree("auth");
    try {
      await withOriginAt(`http://user:s3cret-token@127.0.0.1:${port}/o/r.git`, async () => {
        const refused = await push(worktree);
        expect(refused.status).toBe(403);
        expect(refused.body.error.message).toContain("origin did not accept the push");
        expect(refused.body.error.message).toContain("credential helper");
        expect(refused.body.error.message).toContain("push rights");
        expect(JSON.stringify(refused.body)).not.toContain("s3cret-token");
      });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
