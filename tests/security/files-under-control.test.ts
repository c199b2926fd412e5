// Attacks through files: a repository's links, the hook spool, transcript paths in hook payloads,
// and the permissions of Arbor's own data directory.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startArborWithClaude, type ArborWithClaude } from "@/tests/support/arbor-with-claude.ts";
import type { HookEventsBody, RelaysBody } from "@/tests/support/api-types.ts";
import { callApi, changeWorktreeHooks, pinRepo } from "@/tests/support/call-api.ts";
import {
  addWorktree,
  createFixtureRoot,
  createRepoWithOrigin,
  removeGitFixture,
} from "@/tests/support/git-fixtures.ts";
import { rawRequest } from "@/tests/support/raw-request.ts";
import { removeDataDir, startArbor } from "@/tests/support/start-arbor.ts";

let env: ArborWithClaude;
let fixture: { root: string };
let mainPath: string;
let repoId: string;
let hookToken: string;
let counter = 0;

async function freshWorktree(): Promise<string> {
  counter += 1;
  const worktreePath = path.join(fixture.root, `files-${counter}`);
  await addWorktree({ mainPath, path: worktreePath, branch: `feat/files-${counter}` });
  return worktreePath;
}

/** A file outside every worktree that a malicious link points at; it must never change. */
function victimFile(name: string): { file: string; text: string } {
  const file = path.join(fixture.root, "outside", name);
  mkdirSync(path.dirname(file), { recursive: true });
  const text = `precious ${name}\n`;
  writeFileSync(file, text);
  return { file, text };
}

const ingest = (payload: Record<string, unknown>, eventId: string) =>
  rawRequest({
    url: env.arbor.url,
    path: "/api/hooks/ingest",
    method: "POST",
    headers: {
      host: `127.0.0.1:${env.arbor.port}`,
      "content-type": "application/json",
      "x-arbor-hook-token": hookToken,
      "x-arbor-event-id": eventId,
    },
    body: JSON.stringify(payload),
  });

/** A transcript with one complete relay whose texts are `marker`. */
function writeTranscript(file: string, marker: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const lines = [
    { type: "user", uuid: `u-${marker}`, sessionId: marker, message: { role: "user", content: `ask ${marker}` } },
    {
      type: "assistant",
      uuid: `a-${marker}`,
      parentUuid: `u-${marker}`,
      sessionId: marker,
      message: {
        id: `m-${marker}`,
        role: "assistant",
        model: "m",
        content: [{ type: "text", text: `answer ${marker}` }],
      },
    },
  ];
  writeFileSync(file, `${lines.map((line) => JSON.stringify(line)).join("\n")}\n`);
}

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

describe("hook install never writes through a link the repository controls", () => {
  it("refuses a worktree whose .claude folder is a link to another folder", async () => {
    const worktreePath = await freshWorktree();
    const elsewhere = path.join(fixture.root, "outside", "config-dir");
    mkdirSync(elsewhere, { recursive: true });
    symlinkSync(elsewhere, path.join(worktreePath, ".claude"));
    const result = await changeWorktreeHooks(env.arbor, { repoId, worktreePath });
    expect(result.body.files[0]).toMatchObject({ outcome: "manual", isWritten: false });
    expect(result.body.files[0]?.reason).toMatch(/symbolic link/);
    expect(readdirSync(elsewhere)).toEqual([]);
  });

  it("refuses a settings.local.json that is a link to a file outside", async () => {
    const worktreePath = await freshWorktree();
    const victim = victimFile("bashrc");
    mkdirSync(path.join(worktreePath, ".claude"));
    symlinkSync(victim.file, path.join(worktreePath, ".claude", "settings.local.json"));
    const result = await changeWorktreeHooks(env.arbor, { repoId, worktreePath });
    expect(result.body.files[0]).toMatchObject({ outcome: "manual", isWritten: false });
    expect(readFileSync(victim.file, "utf8")).toBe(victim.text);
  });

  it("refuses the whole install when the recorder's rules file (or its folder) is a link", async () => {
    const worktreePath = await freshWorktree();
    const victim = victimFile("authorized_keys");
    mkdirSync(path.join(worktreePath, ".claude", "rules"), { recursive: true });
    symlinkSync(victim.file, path.join(worktreePath, ".claude", "rules", "arbor-recorder.md"));
    const result = await changeWorktreeHooks(env.arbor, { repoId, worktreePath });
    expect(result.body.files[0]).toMatchObject({ outcome: "manual", isWritten: false });
    expect(readFileSync(victim.file, "utf8")).toBe(victim.text);
    expect(existsSync(path.join(worktreePath, ".claude", "settings.local.json"))).toBe(false);

    const linkedFolder = await freshWorktree();
    const folder = path.join(fixture.root, "outside", "rules-dir");
    mkdirSync(folder, { recursive: true });
    mkdirSync(path.join(linkedFolder, ".claude"));
    symlinkSync(folder, path.join(linkedFolder, ".claude", "rules"));
    const second = await changeWorktreeHooks(env.arbor, { repoId, worktreePath: linkedFolder });
    expect(second.body.files[0]).toMatchObject({ outcome: "manual", isWritten: false });
    expect(readdirSync(folder)).toEqual([]);
  });
});

describe("the hook spool reads regular files only", () => {
  it("sets a FIFO and a link aside unread, and keeps ingesting the events after them", async () => {
    const spool = path.join(env.arbor.dataDir, "hook-spool");
    const outsidePayload = victimFile("payload.json");
    writeFileSync(
      outsidePayload.file,
      JSON.stringify({ session_id: "s-linked", hook_event_name: "Notification", cwd: fixture.root }),
    );
    expect(spawnSync("mkfifo", [path.join(spool, "fifo-event.json")]).status).toBe(0);
    symlinkSync(outsidePayload.file, path.join(spool, "linked-event.json"));
    writeFileSync(
      path.join(spool, "after-event.json"),
      JSON.stringify({ session_id: "s-after-fifo", hook_event_name: "Notification", cwd: fixture.root }),
    );
    await expect
      .poll(
        async () =>
          (await callApi<HookEventsBody>(env.arbor, "/api/hooks/events?sessionId=s-after-fifo")).body.events.length,
        {
          timeout: 20_000,
        },
      )
      .toBe(1);
    const linked = await callApi<HookEventsBody>(env.arbor, "/api/hooks/events?sessionId=s-linked");
    expect(linked.body.events).toEqual([]);
    const rejected = readdirSync(path.join(spool, "rejected"));
    expect(rejected).toEqual(expect.arrayContaining(["fifo-event.json", "linked-event.json"]));
    expect(statSync(outsidePayload.file).isFile()).toBe(true);
  });
});

describe("transcript paths in hook payloads", () => {
  it("are read only inside the Claude config dir's projects/ folder, never through a link out of it", async () => {
    const projects = path.join(env.home.configDir, "projects", "-attack");
    const outside = path.join(fixture.root, "outside", "projects", "-x", "outside.jsonl");
    writeTranscript(outside, "outside");
    const linked = path.join(projects, "linked.jsonl");
    const linkedTarget = path.join(fixture.root, "outside", "secret.jsonl");
    writeTranscript(linkedTarget, "linked");
    mkdirSync(projects, { recursive: true });
    symlinkSync(linkedTarget, linked);
    const inside = path.join(projects, "inside.jsonl");
    writeTranscript(inside, "inside");

    for (const [sessionId, transcript] of [
      ["outside", outside],
      ["linked", linked],
      ["inside", inside],
    ] as const) {
      const answer = await ingest(
        { session_id: sessionId, hook_event_name: "Stop", cwd: mainPath, transcript_path: transcript },
        `transcript-${sessionId}`,
      );
      expect(answer.status).toBeLessThan(300);
    }
    // The legitimate transcript is read: once its relay is stored, the other two had their chance.
    await expect
      .poll(
        async () => (await callApi<RelaysBody>(env.arbor, "/api/hooks/relays?sessionId=inside")).body.relays.length,
        {
          timeout: 20_000,
        },
      )
      .toBe(1);
    for (const sessionId of ["outside", "linked"]) {
      const relays = await callApi<RelaysBody>(env.arbor, `/api/hooks/relays?sessionId=${sessionId}`);
      expect(relays.body.relays).toEqual([]);
    }
    const stored = await callApi<HookEventsBody>(env.arbor, "/api/hooks/events?sessionId=outside");
    expect(stored.body.events).toHaveLength(1);
  });
});

describe("Arbor's data directory under a permissive umask", () => {
  it("is 0700 with the database, its WAL, the tokens and the hook files readable by Arbor's user only", async () => {
    const arbor = await startArbor({ umask: 0o000 });
    try {
      const mode = (file: string) => statSync(path.join(arbor.dataDir, file)).mode & 0o777;
      await callApi(arbor, "/api/settings", { method: "PUT", body: { recentMessageCount: 21 } });
      expect(mode(".")).toBe(0o700);
      for (const dir of ["hook-spool", "hook-spool/rejected", "bin", "backups"]) expect(mode(dir), dir).toBe(0o700);
      for (const file of [
        "arbor.db",
        "arbor.db-wal",
        "hook-token",
        "bin/arbor-hook.headers",
        "access-token",
        "server.json",
      ]) {
        expect(mode(file) & 0o077, file).toBe(0);
      }
    } finally {
      await arbor.stop();
      removeDataDir(arbor.dataDir);
    }
  });
});
