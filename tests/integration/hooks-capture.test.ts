import { readFileSync, writeFileSync, mkdirSync, readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startArborWithClaude, type ArborWithClaude } from "@/tests/support/arbor-with-claude.ts";
import {
  addWorktree,
  createFixtureRoot,
  createRepoWithOrigin,
  removeGitFixture,
} from "@/tests/support/git-fixtures.ts";
import { rawRequest } from "@/tests/support/raw-request.ts";
import { runClaudeDirectly, sessionIdOf } from "@/tests/support/run-claude-directly.ts";
import type {
  HookEventBody,
  HookEventsBody,
  HookSessionsBody,
  RelaysBody,
  ScanBody,
} from "@/tests/support/api-types.ts";
import { callApi, changeWorktreeHooks, openSession, pinRepo, sendChat } from "@/tests/support/call-api.ts";
import { readClaudeSettings } from "@/tests/support/claude-settings-file.ts";

let env: ArborWithClaude;
let fixture: { root: string };
let mainPath: string;
let repoId: string;
let hookToken: string;
let counter = 0;

async function freshWorktree(): Promise<string> {
  counter += 1;
  const worktreePath = path.join(fixture.root, `hooks-${counter}`);
  await addWorktree({ mainPath, path: worktreePath, branch: `feat/hooks-${counter}` });
  return worktreePath;
}

const install = (worktreePath: string) => changeWorktreeHooks(env.arbor, { repoId, worktreePath });

const events = async (query: string) =>
  (await callApi<HookEventsBody>(env.arbor, `/api/hooks/events?${query}`)).body.events;
const ingest = (body: string | Buffer, headers: Record<string, string> = {}) =>
  rawRequest({
    url: env.arbor.url,
    path: "/api/hooks/ingest",
    method: "POST",
    headers: {
      host: `127.0.0.1:${env.arbor.port}`,
      "content-type": "application/json",
      "x-arbor-hook-token": hookToken,
      ...headers,
    },
    body,
  });

beforeAll(async () => {
  env = await startArborWithClaude();
  fixture = await createFixtureRoot();
  ({ mainPath } = await createRepoWithOrigin({ root: fixture.root, files: { "a.txt": "a\n" } }));
  repoId = await pinRepo(env.arbor, mainPath);
  hookToken = readFileSync(path.join(env.arbor.dataDir, "hook-token"), "utf8").trim();
});

afterAll(async () => {
  await env?.close();
  if (fixture) await removeGitFixture(fixture);
});

describe("installing hooks", () => {
  it("previews, writes, is idempotent, keeps the user's hooks byte for byte, and uninstalls only Arbor's", async () => {
    const worktreePath = await freshWorktree();
    const file = path.join(worktreePath, ".claude", "settings.local.json");
    mkdirSync(path.dirname(file), { recursive: true });
    const userSettings = `${JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: "command", command: "echo mine" }] }] }, model: "sonnet" }, null, 2)}\n`;
    writeFileSync(file, userSettings);

    const preview = await changeWorktreeHooks(env.arbor, { repoId, worktreePath, apply: false });
    expect(preview.body.files[0]).toMatchObject({ outcome: "write", isWritten: false });
    expect(preview.body.files[0]?.preview).toContain("hooks.Stop");
    expect(readFileSync(file, "utf8")).toBe(userSettings);

    const written = await install(worktreePath);
    expect(written.body.files[0]).toMatchObject({ outcome: "write", isWritten: true });
    expect(readFileSync(written.body.files[0]!.backupPath!, "utf8")).toBe(userSettings);
    const installed = readClaudeSettings(file);
    expect(installed.hooks?.Stop?.[0]?.hooks[0]?.command).toBe("echo mine");
    expect(installed.hooks?.Stop?.[1]?.hooks[0]?.command).toContain("/bin/arbor-hook");
    expect(installed.model).toBe("sonnet");
    expect((await install(worktreePath)).body.files[0]?.outcome).toBe("unchanged");

    const status = await callApi<ScanBody>(env.arbor, `/api/repos/${repoId}/worktrees`);
    const row = status.body.scan.worktrees.find((w) => w.path === worktreePath);
    expect(row?.dirty?.untracked).toBe(0);

    const removed = await changeWorktreeHooks(env.arbor, { repoId, worktreePath, action: "uninstall" });
    expect(removed.body.files[0]?.isWritten).toBe(true);
    expect(readFileSync(file, "utf8")).toBe(userSettings);
  });

  it("refuses to rewrite a settings file with comments and shows what to add instead", async () => {
    const worktreePath = await freshWorktree();
    const file = path.join(worktreePath, ".claude", "settings.local.json");
    mkdirSync(path.dirname(file), { recursive: true });
    const odd = '{\n  // my comment\n  "model": "sonnet"\n}\n';
    writeFileSync(file, odd);
    const result = await install(worktreePath);
    expect(result.body.files[0]).toMatchObject({ outcome: "manual", isWritten: false });
    expect(result.body.files[0]?.snippet).toContain("arbor-hook");
    expect(readFileSync(file, "utf8")).toBe(odd);
  });
});

describe("capturing events", () => {
  it("records a terminal session and an Arbor chat run in the worktree, with relays and tool use", async () => {
    const worktreePath = await freshWorktree();
    await install(worktreePath);
    const terminal = await runClaudeDirectly({
      env,
      cwd: worktreePath,
      prompt: "terminal run [[mock:bash echo from-terminal]]",
      args: ["--allowedTools", "Bash"],
    });
    expect(terminal.exitCode).toBe(0);
    const terminalSession = sessionIdOf(terminal);
    const names = (await events(`worktreePath=${encodeURIComponent(worktreePath)}&sessionId=${terminalSession}`)).map(
      (e) => e.eventName,
    );
    for (const name of ["SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse", "Stop"])
      expect(names).toContain(name);
    const toolEvent = (await events(`worktreePath=${encodeURIComponent(worktreePath)}&eventName=PreToolUse`))[0]!;
    expect(toolEvent).toMatchObject({ toolName: "Bash", runId: null, repoId });
    expect(toolEvent.summary).toContain("echo from-terminal");

    await expect
      .poll(
        async () =>
          (await callApi<RelaysBody>(env.arbor, `/api/hooks/relays?sessionId=${terminalSession}`)).body.relays.length,
        { timeout: 15_000 },
      )
      .toBe(1);
    const [relay] = (await callApi<RelaysBody>(env.arbor, `/api/hooks/relays?sessionId=${terminalSession}`)).body
      .relays;
    expect(relay?.userText).toContain("terminal run");
    expect(relay?.toolCalls[0]).toMatchObject({ name: "Bash", result: { isError: false } });

    const sessionId = await openSession(env.arbor, { repoId, worktreePath });
    const sent = await sendChat(env.arbor, { sessionId, userMessage: "[[mock:text via arbor]]" });
    const runEvents = await events(`sessionId=${sent.body.run.claudeSessionId}`);
    expect(runEvents.length).toBeGreaterThan(2);
    expect(runEvents.every((e) => e.runId === sent.body.run.id)).toBe(true);
    const sessions = (
      await callApi<HookSessionsBody>(env.arbor, `/api/hooks/sessions?worktreePath=${encodeURIComponent(worktreePath)}`)
    ).body.sessions;
    expect(sessions.map((s) => s.isArborRun).sort()).toEqual([false, true]);

    const full = await callApi<HookEventBody<{ tool_input: { command: string } }>>(
      env.arbor,
      `/api/hooks/events/${toolEvent.id}`,
    );
    expect(full.body.event.payload.tool_input.command).toContain("echo from-terminal");
  });

  it("recovers the events fired while Arbor was stopped, each exactly once", async () => {
    const worktreePath = await freshWorktree();
    await install(worktreePath);
    await env.arbor.stop();
    const run = await runClaudeDirectly({ env, cwd: worktreePath, prompt: "while down [[mock:text offline]]" });
    expect(run.exitCode).toBe(0);
    const sessionId = sessionIdOf(run);
    const spooled = readdirSync(path.join(env.arbor.dataDir, "hook-spool")).filter((name) => name.endsWith(".json"));
    expect(spooled.length).toBeGreaterThanOrEqual(4);
    await env.restart();
    expect(env.arbor.output()).toMatch(new RegExp(`${spooled.length} event\\(s\\) recovered`));
    const recovered = await events(`sessionId=${sessionId}`);
    expect(recovered).toHaveLength(spooled.length);
    const names = recovered.map((e) => e.eventName);
    for (const name of ["SessionStart", "UserPromptSubmit", "Stop", "SessionEnd"]) expect(names).toContain(name);
    expect(new Set(recovered.map((e) => e.id)).size).toBe(recovered.length);
    expect(recovered.every((e) => e.source === "spool" && e.worktreePath === worktreePath)).toBe(true);
    expect(readdirSync(path.join(env.arbor.dataDir, "hook-spool")).filter((name) => name.endsWith(".json"))).toEqual(
      [],
    );
  });
});

describe("the ingest endpoint refuses bad input clearly and stores nothing wrong", () => {
  const payload = (extra: Record<string, unknown> = {}) =>
    JSON.stringify({
      hook_event_name: "Notification",
      session_id: "s-bad-input",
      cwd: "/nowhere",
      transcript_path: "/nowhere/x.jsonl",
      ...extra,
    });

  it("needs this install's token", async () => {
    expect((await ingest(payload(), { "x-arbor-hook-token": "" })).status).toBe(401);
    const wrong = await ingest(payload(), { "x-arbor-hook-token": "f".repeat(48) });
    expect(wrong.status).toBe(401);
    expect(wrong.text).toMatch(/another Arbor/);
    const crossOrigin = await ingest(payload(), { origin: "http://evil.example" });
    expect(crossOrigin.status).toBe(403);
  });

  it("rejects invalid JSON, non-objects, missing fields and oversized bodies; keeps unknown events and unpinned directories", async () => {
    expect((await ingest("{oops")).status).toBe(400);
    expect((await ingest("[1,2]")).status).toBe(422);
    const missing = await ingest(JSON.stringify({ hook_event_name: "Stop" }));
    expect(missing.status).toBe(422);
    expect(missing.text).toMatch(/session_id/);
    await callApi(env.arbor, "/api/settings", { method: "PUT", body: { hookMaxPayloadBytes: 64 * 1024 } });
    const big = await ingest(payload({ message: "x".repeat(100 * 1024) }));
    await callApi(env.arbor, "/api/settings", { method: "PUT", body: { hookMaxPayloadBytes: 10 * 1024 * 1024 } });
    expect(big.status).toBe(413);
    const unknown = await ingest(payload({ hook_event_name: "SomethingNew2030" }), { "x-arbor-event-id": "unknown-1" });
    expect(unknown.status).toBe(204);
    expect(
      (await ingest(payload({ hook_event_name: "SomethingNew2030" }), { "x-arbor-event-id": "unknown-1" })).status,
    ).toBe(200);
    const stored = await events("unpinned=1&sessionId=s-bad-input");
    expect(stored.map((e) => e.eventName)).toEqual(["SomethingNew2030"]);
    expect(stored[0]!.worktreePath).toBeNull();
    const truncated = path.join(fixture.root, "projects", "-x", "t.jsonl");
    mkdirSync(path.dirname(truncated), { recursive: true });
    writeFileSync(truncated, '{"type":"user","uuid":"u1","message":{"role":"user","content":"hi"}}\n{"type":"assist');
    expect((await ingest(payload({ hook_event_name: "Stop", transcript_path: truncated }))).status).toBe(204);
    expect((await callApi(env.arbor, "/api/health")).status).toBe(200);
  });
});
