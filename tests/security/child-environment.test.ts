// No secrets in children: a command Claude runs once the user allowed it can read its own
// environment, and with Arbor's access token found there it could trust the repository, switch the
// worktree to Bypass and answer its own permission requests. Arbor is started here with its token,
// a database password and URL, another ARBOR_* setting and variables whose values embed the access
// or hook token; none of them may reach any process Arbor starts, and what each one needs must.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findExecutable } from "@/lib/process-host/resolve-executable.ts";
import type { ApprovalView } from "@/lib/realtime/approval-view.ts";
import type { MessagesBody } from "@/tests/support/api-types.ts";
import { startArborWithClaude, type ArborWithClaude } from "@/tests/support/arbor-with-claude.ts";
import { callApi, sendChat, trustRepo } from "@/tests/support/call-api.ts";
import { parseEnviron, parseEnvOutput, readEnviron, writeEnvironRecorder } from "@/tests/support/environ.ts";
import { findProcessesInDir, findProcessHosts } from "@/tests/support/find-processes.ts";
import { createPinnedRepo, type PinnedRepo } from "@/tests/support/pinned-repo.ts";
import { repoRoot } from "@/tests/support/start-arbor.ts";

const ACCESS_TOKEN = "child-env-access-token-0123456789";
const HOOK_TOKEN = "child-env-hook-token-0123456789abcdef0123456789";
const TOOL_HOME = "/opt/child-env-tool";
const GH_TOKEN = "gh-token-for-gh-alone";

const root = mkdtempSync(path.join(os.tmpdir(), "arbor-child-env-"));
const dataDir = mkdtempSync(path.join(os.tmpdir(), "arbor-child-env-data-"));
const realGit = findExecutable({ name: "git", pathValue: process.env.PATH })!;
const git = writeEnvironRecorder({ dir: root, name: "git", thenExec: realGit });
const gh = writeEnvironRecorder({ dir: root, name: "gh" });
const opener = writeEnvironRecorder({ dir: root, name: "xdg-open" });

/** What the user's shell holds when Arbor starts: Arbor's secrets among the ordinary variables. */
const secretEnv = {
  ARBOR_TOKEN: ACCESS_TOKEN,
  ARBOR_ALLOWED_HOSTS: "arbor-only.invalid",
  ARBOR_PASS_ENV: "TOOL_HOME,SHARED_LINK,SHARED_HOOK_HEADER",
  PGPASSWORD: "pg-password-never-in-children",
  PGUSER: "arbor",
  TOOL_HOME,
  SHARED_LINK: `http://127.0.0.1/?token=${ACCESS_TOKEN}`,
  SHARED_HOOK_HEADER: `X-Arbor-Hook-Token: ${HOOK_TOKEN}`,
  GH_TOKEN,
};

let env: ArborWithClaude;
let repo: PinnedRepo;

beforeAll(async () => {
  // The hook token Arbor will use (it keeps a data directory's token).
  writeFileSync(path.join(dataDir, "hook-token"), `${HOOK_TOKEN}\n`, { mode: 0o600 });
  env = await startArborWithClaude({
    dataDir,
    serverEnv: {
      ...secretEnv,
      PATH: [git.binDir, gh.binDir, path.join(repoRoot, "node_modules", ".bin"), process.env.PATH].join(":"),
      DATABASE_URL: `file:${path.join(dataDir, "arbor.db")}`,
    },
  });
  repo = await createPinnedRepo(() => env.arbor);
});

afterAll(async () => {
  await env?.close();
  await repo?.remove();
  rmSync(root, { recursive: true, force: true });
});

/** Fails naming each variable that carries a secret: Arbor's settings, the database's, or a token in its value. */
function expectNoSecrets(childEnv: Record<string, string>): void {
  expect(Object.keys(childEnv).filter((name) => /^ARBOR_|^PG|^DATABASE_URL$/.test(name))).toEqual([]);
  const holding = Object.entries(childEnv).filter(
    ([, value]) => value.includes(ACCESS_TOKEN) || value.includes(HOOK_TOKEN),
  );
  expect(holding.map(([name]) => name)).toEqual([]);
}

async function answerNextApproval(sessionId: string): Promise<void> {
  let pending: ApprovalView | undefined;
  await expect
    .poll(
      async () => {
        const { body } = await callApi<{ approvals: ApprovalView[] }>(
          env.arbor,
          `/api/approvals?sessionId=${sessionId}`,
        );
        pending = body.approvals.find((approval) => approval.status === "pending");
        return pending?.status;
      },
      { timeout: 60_000 },
    )
    .toBe("pending");
  const answered = await callApi(env.arbor, `/api/approvals/${pending!.id}`, {
    body: { decision: { action: "allow_once" } },
  });
  expect(answered.status).toBe(200);
}

describe("the environment of every process Arbor starts", () => {
  it("the server was given the secrets (the token signs in)", () => {
    expect(env.arbor.token).toBe(ACCESS_TOKEN);
  });

  it("a running claude: /proc/<pid>/environ holds what the CLI needs and none of Arbor's secrets", async () => {
    const { sessionId, worktreePath } = await repo.freshSession("claude");
    const running = sendChat(env.arbor, { sessionId, userMessage: "[[mock:hang]]" });
    let pid = 0;
    await expect
      .poll(
        () => {
          pid =
            findProcessesInDir(worktreePath).find((found) => found.cmdline.split(" ")[0]!.endsWith("/claude"))?.pid ??
            0;
          return pid;
        },
        { timeout: 60_000 },
      )
      .toBeGreaterThan(0);
    const claudeEnv = readEnviron(pid);
    expectNoSecrets(claudeEnv);
    expect(claudeEnv).toMatchObject({
      PATH: expect.stringContaining(path.join(repoRoot, "node_modules", ".bin")),
      HOME: env.home.home,
      CLAUDE_CONFIG_DIR: env.home.configDir,
      ANTHROPIC_BASE_URL: env.mock.url,
      CLAUDE_CODE_MAX_RETRIES: "1",
      TOOL_HOME,
    });
    expect(claudeEnv.GH_TOKEN).toBeUndefined();

    const messages = await callApi<MessagesBody>(env.arbor, `/api/chat/messages?sessionId=${sessionId}`);
    const runId = messages.body.messages.map((message) => message.run).find((run) => run?.status === "running")!.id;
    expect((await callApi(env.arbor, "/api/chat/cancel", { body: { runId } })).status).toBe(200);
    await running;
  });

  it("what Claude's Bash tool runs, once allowed, finds none of them either", async () => {
    const { sessionId, worktreePath } = await repo.freshSession("bash");
    const sending = sendChat(env.arbor, { sessionId, userMessage: "[[mock:bash env > bash-env.txt]]" });
    await answerNextApproval(sessionId);
    expect((await sending).body.run.status).toBe("success");
    const bashEnv = parseEnvOutput(readFileSync(path.join(worktreePath, "bash-env.txt"), "utf8"));
    expectNoSecrets(bashEnv);
    expect(bashEnv).toMatchObject({ TOOL_HOME, CLAUDE_CONFIG_DIR: env.home.configDir });
  });

  it("gh gets its login, and nothing of Arbor's", async () => {
    const worktreePath = await repo.addWorktree("gh");
    const info = await callApi(
      env.arbor,
      `/api/worktrees/pull-request?repoId=${repo.repoId}&worktreePath=${encodeURIComponent(worktreePath)}`,
    );
    expect(info.status).toBe(200);
    const calls = gh.calls();
    expect(calls.map((call) => call.args.slice(0, 2).join(" "))).toContain("auth status");
    for (const call of calls) {
      expectNoSecrets(call.env);
      expect(call.env).toMatchObject({ GH_TOKEN, GH_PROMPT_DISABLED: "1" });
      expect(call.env.TOOL_HOME).toBeUndefined();
    }
  });

  it("a trusted repository's setup command gets the toolchain variables and none of Arbor's", async () => {
    await trustRepo(env.arbor, repo.repoId);
    const saved = await callApi(env.arbor, `/api/repos/${repo.repoId}/worktree-setup`, {
      method: "PUT",
      body: { copyFiles: [], command: ["sh", "-c", "cat /proc/$$/environ > setup.environ"], timeoutSeconds: 30 },
    });
    expect(saved.status).toBe(200);
    const created = await callApi<{ worktreePath: string; setup: { command: { status: string } | null } }>(
      env.arbor,
      "/api/worktrees",
      { body: { repoId: repo.repoId, branch: "feat/setup-env" } },
    );
    expect(created.body.setup.command?.status).toBe("succeeded");
    const setupEnv = parseEnviron(readFileSync(path.join(created.body.worktreePath, "setup.environ"), "utf8"));
    expectNoSecrets(setupEnv);
    expect(setupEnv).toMatchObject({ TOOL_HOME, HOME: env.home.home });
    expect(setupEnv.GH_TOKEN).toBeUndefined();
  });

  it("every git Arbor started (the boot check, simple-git's reads, its own commands, Claude's) got none of them", () => {
    const calls = git.calls();
    const arborGit = calls.filter((call) => call.args[0] === "--no-optional-locks");
    // Each way Arbor starts git was taken: the check at boot, simple-git (runGit), spawned (runGitCommand).
    expect(calls.some((call) => call.args.join(" ") === "--version")).toBe(true);
    expect(arborGit.some((call) => !call.args.includes("core.quotePath=true"))).toBe(true);
    expect(arborGit.some((call) => call.args.includes("worktree") && call.args.includes("add"))).toBe(true);
    for (const call of calls) {
      expectNoSecrets(call.env);
      expect(call.env.TOOL_HOME).toBe(TOOL_HOME);
      expect(call.env.GH_TOKEN).toBeUndefined();
    }
  });

  it("the process host itself holds none of them", () => {
    const [host] = findProcessHosts(env.arbor.child.pid!);
    expect(host).toBeDefined();
    const hostEnv = readEnviron(host!.pid);
    expectNoSecrets(hostEnv);
    expect(hostEnv.PATH).toContain(git.binDir);
    expect(hostEnv.ANTHROPIC_BASE_URL).toBeUndefined();
  });

  it("`arbor open`'s browser gets the desktop's variables and none of Arbor's", async () => {
    const opened = await new Promise<number>((resolve) => {
      execFile(
        process.execPath,
        [path.join(repoRoot, "bin", "arbor.mjs"), "open", "--data-dir", dataDir],
        {
          cwd: os.tmpdir(),
          env: {
            ...process.env,
            ...secretEnv,
            DATABASE_URL: "postgresql://arbor:password@db.invalid/arbor",
            PATH: `${opener.binDir}:${process.env.PATH ?? ""}`,
            DISPLAY: ":99",
            BROWSER: "firefox",
          },
        },
        (error) => resolve(error ? Number(error.code) : 0),
      );
    });
    expect(opened).toBe(0);
    // The opener runs detached from `arbor open`; wait for what it recorded.
    await expect.poll(() => opener.calls().length, { timeout: 10_000 }).toBe(1);
    const [call] = opener.calls();
    expectNoSecrets(call!.env);
    expect(call!.env).toMatchObject({ DISPLAY: ":99", BROWSER: "firefox" });
    expect(call!.env.TOOL_HOME).toBeUndefined();
  });
});
