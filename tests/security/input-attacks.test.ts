import { existsSync, mkdirSync, readFileSync, symlinkSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFixtureRoot, createRepoWithOrigin, removeGitFixture } from "@/tests/support/git-fixtures.ts";
import { rawRequest } from "@/tests/support/raw-request.ts";
import type {
  ErrorBody,
  HookEventsBody,
  NotificationsBody,
  PinBody,
  PlanBody,
  RelaysBody,
  SettingsBody,
} from "@/tests/support/api-types.ts";
import { callApi, openSession, pinRepo } from "@/tests/support/call-api.ts";
import { parseJson } from "@/tests/support/read-json.ts";
import { removeDataDir, startArbor, type RunningArbor } from "@/tests/support/start-arbor.ts";
import { browserHeaders } from "@/tests/support/browser-credential.ts";

let arbor: RunningArbor;
let fixture: { root: string };
let mainPath: string;
let repoId: string;
const ZERO_UUID = "00000000-0000-4000-8000-000000000000";

beforeAll(async () => {
  arbor = await startArbor();
  fixture = await createFixtureRoot();
  ({ mainPath } = await createRepoWithOrigin({ root: fixture.root, files: { "a.txt": "a\n" } }));
  repoId = await pinRepo(arbor, mainPath);
  await openSession(arbor, { repoId, worktreePath: mainPath });
});

afterAll(async () => {
  await arbor?.stop();
  if (arbor) removeDataDir(arbor.dataDir);
  if (fixture) await removeGitFixture(fixture);
});

/** Every state-changing JSON endpoint with a minimal valid-looking body. */
const ENDPOINTS: Array<[string, string, Record<string, unknown>]> = [
  ["POST", "/api/repo-pins", { path: "/tmp" }],
  ["POST", "/api/repo-pins/use", { pinId: ZERO_UUID }],
  ["POST", "/api/chat/sessions", { repoId: ZERO_UUID, worktreePath: "/tmp" }],
  ["POST", "/api/chat/send", { sessionId: ZERO_UUID, userMessage: "x" }],
  ["POST", "/api/chat/cancel", { runId: ZERO_UUID }],
  ["POST", "/api/chat/retry", { runId: ZERO_UUID }],
  ["POST", "/api/chat/summarize", { sessionId: ZERO_UUID }],
  ["POST", "/api/chat/purge", { sessionId: ZERO_UUID, keepLastN: 1 }],
  ["POST", "/api/chat/sessions/archive", { sessionId: ZERO_UUID }],
  ["POST", "/api/chat/sessions/read", { sessionId: ZERO_UUID }],
  ["POST", "/api/chat/sessions/plan", { sessionId: ZERO_UUID, planId: null }],
  ["PUT", "/api/settings", { model: "x" }],
  ["POST", "/api/hooks/install", { scope: "user", action: "install", apply: false }],
  ["POST", "/api/hooks/import", { repoId: ZERO_UUID, worktreePath: "/tmp" }],
  ["POST", "/api/plans", { repoId: ZERO_UUID, title: "x" }],
  ["POST", "/api/tree-spec", { planId: ZERO_UUID, tree: { nodes: [], edges: [] } }],
  ["POST", "/api/notifications/read", { id: 1 }],
];

const send = (method: string, route: string, body: string | Buffer, contentType = "application/json") =>
  rawRequest({
    url: arbor.url,
    path: route,
    method,
    headers: { ...browserHeaders(arbor), host: `127.0.0.1:${arbor.port}`, "content-type": contentType },
    body,
  });

describe("oversized and malformed input on every endpoint", () => {
  it.each(ENDPOINTS)("%s %s refuses bad bodies with a clear 4xx and keeps serving", async (method, route, valid) => {
    const huge = JSON.stringify({
      ...valid,
      padding: "x".repeat(route === "/api/chat/send" ? 13 * 1024 * 1024 : 2 * 1024 * 1024),
    });
    const responses = {
      tooBig: await send(method, route, huge),
      deep: await send(method, route, `${"[".repeat(5000)}${"]".repeat(5000)}`),
      malformed: await send(method, route, '{"unterminated'),
      badUtf8: await send(method, route, Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d])),
      wrongTypes: await send(
        method,
        route,
        JSON.stringify(Object.fromEntries(Object.keys(valid).map((key) => [key, { nested: [1] }]))),
      ),
      notJson: await send(method, route, "a=b", "application/x-www-form-urlencoded"),
    };
    expect(responses.tooBig.status, "too big").toBe(413);
    expect(responses.deep.status, "deep").toBe(400);
    expect(responses.malformed.status, "malformed").toBe(400);
    expect(responses.badUtf8.status, "bad utf-8").toBe(400);
    expect(responses.wrongTypes.status, "wrong types").toBe(422);
    expect(responses.notJson.status, "form post").toBe(415);
    for (const response of Object.values(responses))
      expect(parseJson<ErrorBody>(response.text).error.message.length).toBeGreaterThan(10);
    expect((await callApi(arbor, "/api/health")).status).toBe(200);
  });
});

describe("path escapes", () => {
  it("only worktrees that git lists for a pinned repository can be opened", async () => {
    const outside = path.join(fixture.root, "outside");
    mkdirSync(outside);
    const link = path.join(mainPath, "escape-link");
    symlinkSync(outside, link);
    const sibling = await createRepoWithOrigin({
      root: path.join(fixture.root, "sibling-root"),
      files: { "b.txt": "b" },
    }).catch(async () => {
      mkdirSync(path.join(fixture.root, "sibling-root"));
      return createRepoWithOrigin({ root: path.join(fixture.root, "sibling-root"), files: { "b.txt": "b" } });
    });
    for (const worktreePath of [
      `${mainPath}/../outside`,
      link,
      sibling.mainPath,
      path.dirname(mainPath),
      "/",
      `${mainPath}/./../main/../outside`,
    ]) {
      const result = await callApi<ErrorBody>(arbor, "/api/chat/sessions", { body: { repoId, worktreePath } });
      expect(result.status, worktreePath).toBe(422);
      expect(result.body.error.message).toMatch(/not a worktree/);
    }
  });
});

describe("option injection", () => {
  it("text that looks like git or claude options stays a value", async () => {
    const injected = await callApi(arbor, "/api/repo-pins", { body: { path: "--upload-pack=touch /tmp/arbor-pwned" } });
    expect(injected.status).toBe(422);
    const label = await callApi<PinBody>(arbor, "/api/repo-pins", {
      body: { path: mainPath, label: "--upload-pack=touch /tmp/arbor-pwned" },
    });
    expect(label.status).toBe(200);
    expect(label.body.pin.label).toBe("--upload-pack=touch /tmp/arbor-pwned");
    const rule = await callApi(arbor, `/api/repos/${repoId}/rules`, {
      method: "PUT",
      body: { branchNamingRule: "--upload-pack={slug}" },
    });
    expect(rule.status).toBe(422);
    const plan = (await callApi<PlanBody>(arbor, "/api/plans", { body: { repoId, title: "-x" } })).body.plan;
    const slug = await callApi(arbor, "/api/tree-spec", {
      body: {
        planId: plan.id,
        tree: { nodes: [{ slug: "--exec=x", title: "t", description: null, status: "planned" }], edges: [] },
      },
    });
    expect(slug.status).toBe(422);
    const tools = await callApi(arbor, "/api/settings", {
      method: "PUT",
      body: { allowedTools: ["--dangerously-skip-permissions"] },
    });
    expect(tools.status).toBe(422);
    const bypass = await callApi(arbor, "/api/settings", {
      method: "PUT",
      body: { model: "--dangerously-skip-permissions" },
    });
    expect(bypass.status).toBe(200);
    const settings = (await callApi<SettingsBody>(arbor, "/api/settings")).body.settings;
    expect(settings.permissionMode).toBe("default");
    await callApi(arbor, "/api/settings", { method: "PUT", body: { model: null } });
    expect(existsSync("/tmp/arbor-pwned")).toBe(false);
  });
});

describe("hook ingest", () => {
  const hookToken = () => readFileSync(path.join(arbor.dataDir, "hook-token"), "utf8").trim();
  const ingest = (headers: Record<string, string>, body: unknown) =>
    rawRequest({
      url: arbor.url,
      path: "/api/hooks/ingest",
      method: "POST",
      headers: { host: `127.0.0.1:${arbor.port}`, "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
  const payload = {
    hook_event_name: "Stop",
    session_id: "forged",
    cwd: "/etc",
    last_assistant_message: "Task completed.",
    transcript_path: "/etc/passwd",
  };

  it("without the token, with another install's token, or from a web page: refused and nothing stored", async () => {
    expect((await ingest({}, payload)).status).toBe(401);
    expect((await ingest({ "x-arbor-hook-token": "a".repeat(48) }, payload)).status).toBe(401);
    expect((await ingest({ "x-arbor-hook-token": hookToken(), origin: "http://evil.example" }, payload)).status).toBe(
      403,
    );
    expect((await callApi<HookEventsBody>(arbor, "/api/hooks/events?sessionId=forged")).body.events).toEqual([]);
  });

  it("a forged cwd outside pinned repositories is kept as unpinned, with no policy effects and no file read", async () => {
    expect((await ingest({ "x-arbor-hook-token": hookToken() }, payload)).status).toBe(204);
    const [event] = (await callApi<HookEventsBody>(arbor, "/api/hooks/events?sessionId=forged")).body.events;
    expect(event).toMatchObject({ worktreePath: null, repoId: null });
    expect((await callApi<NotificationsBody>(arbor, "/api/notifications")).body.notifications).toEqual([]);
    expect((await callApi<RelaysBody>(arbor, "/api/hooks/relays?sessionId=forged")).body.relays).toEqual([]);
  });
});
