import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SearchHit } from "@/lib/memory/search-hit.ts";
import type { MessagesBody, PlanBody, TreeSpecBody } from "@/tests/support/api-types.ts";
import { startArborWithClaude, type ArborWithClaude } from "@/tests/support/arbor-with-claude.ts";
import { callApi, sendChat } from "@/tests/support/call-api.ts";
import { createPinnedRepo, type PinnedRepo } from "@/tests/support/pinned-repo.ts";
import { rawRequest } from "@/tests/support/raw-request.ts";
import { repoRoot, startArbor } from "@/tests/support/start-arbor.ts";
import {
  dropPostgresDatabase,
  postgresAdminUrl,
  postgresSkipReason,
  withAdmin,
} from "@/tests/support/test-database.ts";

/**
 * Moving over: `arbor db copy` takes a SQLite data directory Arbor really wrote (a conversation
 * with the real CLI, a plan and its tree, a hook event) into an empty PostgreSQL database.
 */
const skipReason = postgresSkipReason();
const title = "arbor db copy from a SQLite data directory into PostgreSQL";
const PASSWORD = "Pg-secret-4e1f9";

let sqliteArbor: ArborWithClaude;
let repo: PinnedRepo;
let sessionId: string;
let targetUrl: string;
let targetName: string;

/** The target URL with a password: the throw-away server trusts 127.0.0.1, so any password works. */
function withPassword(url: string): string {
  const parsed = new URL(url);
  parsed.password = PASSWORD;
  return parsed.href;
}

function runCopy(input: { env: Record<string, string>; args?: string[] }) {
  const env = {} as NodeJS.ProcessEnv;
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !key.startsWith("ARBOR_") && key !== "DATABASE_URL") env[key] = value;
  }
  const result = spawnSync(
    process.execPath,
    ["bin/arbor.mjs", "db", "copy", "--data-dir", sqliteArbor.arbor.dataDir, ...(input.args ?? [])],
    { cwd: repoRoot, env: { ...env, ...input.env }, encoding: "utf8" },
  );
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** Row count of every copied table, read by each engine itself (the copy checks checksums too). */
async function tableCounts(): Promise<{ sqlite: Record<string, number>; postgres: Record<string, number> }> {
  const source = new Database(path.join(sqliteArbor.arbor.dataDir, "arbor.db"), { readonly: true });
  const tables = (
    source
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '%_fts%' AND name <> '_prisma_migrations' ORDER BY name",
      )
      .all() as Array<{ name: string }>
  ).map((row) => row.name);
  const sqlite = Object.fromEntries(
    tables.map((table) => [table, (source.prepare(`SELECT count(*) AS n FROM "${table}"`).get() as { n: number }).n]),
  );
  source.close();
  const postgres = await withAdmin(targetUrl, async (client) => {
    const counts: Record<string, number> = {};
    for (const table of tables) {
      counts[table] = Number((await client.query<{ n: string }>(`SELECT count(*) AS n FROM "${table}"`)).rows[0]?.n);
    }
    return counts;
  });
  return { sqlite, postgres };
}

beforeAll(async () => {
  if (skipReason) return;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "arbor-copy-"));
  sqliteArbor = await startArborWithClaude({
    dataDir,
    serverEnv: { DATABASE_URL: `file:${path.join(dataDir, "arbor.db")}` },
  });
  repo = await createPinnedRepo(() => sqliteArbor.arbor);
  const fresh = await repo.freshSession("copy");
  sessionId = fresh.sessionId;
  const sent = await sendChat(sqliteArbor.arbor, { sessionId, userMessage: "Hello [[mock:text Copied answer.]]" });
  expect(sent.body.run.status).toBe("success");
  const plan = await callApi<PlanBody>(sqliteArbor.arbor, "/api/plans", {
    body: { repoId: repo.repoId, title: "Moved plan", goal: "Survives the copy" },
  });
  await callApi<TreeSpecBody>(sqliteArbor.arbor, "/api/tree-spec", {
    body: {
      planId: plan.body.plan.id,
      baseVersion: null,
      tree: { nodes: [{ slug: "root", title: "Root", description: null, status: "planned" }], edges: [] },
    },
  });
  const hookToken = readFileSync(path.join(sqliteArbor.arbor.dataDir, "hook-token"), "utf8").trim();
  const hook = await rawRequest({
    url: sqliteArbor.arbor.url,
    path: "/api/hooks/ingest",
    method: "POST",
    headers: {
      host: `127.0.0.1:${sqliteArbor.arbor.port}`,
      "content-type": "application/json",
      "x-arbor-hook-token": hookToken,
    },
    body: JSON.stringify({ hook_event_name: "Notification", session_id: "copied-hook", cwd: fresh.worktreePath }),
  });
  expect(hook.status).toBeLessThan(300);
  expect(await sqliteArbor.arbor.stop()).toBe(0);

  targetName = `arbor_copy_target_${process.pid}`;
  await withAdmin(postgresAdminUrl()!, (client) => client.query(`CREATE DATABASE ${targetName} TEMPLATE template0`));
  const url = new URL(postgresAdminUrl()!);
  url.pathname = `/${targetName}`;
  targetUrl = url.href;
});

afterAll(async () => {
  await sqliteArbor?.close();
  await repo?.remove();
  if (targetUrl) await dropPostgresDatabase(targetUrl);
});

describe.skipIf(skipReason)(skipReason ? `${title} (skipped: ${skipReason})` : title, () => {
  it("copies every table, verified by row count and checksum, with the password only in the environment", async () => {
    const copy = runCopy({ env: { DATABASE_URL: withPassword(targetUrl) } });
    expect(copy.output).not.toContain(PASSWORD);
    expect(copy.status, copy.output).toBe(0);
    expect(copy.output).toMatch(/chat_messages\s+2 rows\s+sha256 [0-9a-f]{16}\s+ok/);
    expect(copy.output).toMatch(/tree_specs\s+1 rows/);

    const counts = await tableCounts();
    expect(counts.postgres).toEqual(counts.sqlite);
    expect(counts.sqlite.hook_events).toBeGreaterThan(0);

    // The same data directory on PostgreSQL: the conversation and its repository are there, and
    // still this data directory's (a send works).
    const moved = await startArborWithClaudeOn(targetUrl);
    try {
      const history = await callApi<MessagesBody>(moved.arbor, `/api/chat/messages?sessionId=${sessionId}`);
      expect(history.body.messages.map((m) => [m.role, m.content])).toEqual([
        ["user", "Hello [[mock:text Copied answer.]]"],
        ["assistant", "Copied answer."],
      ]);
      const again = await sendChat(moved.arbor, { sessionId, userMessage: "And now? [[mock:text On PostgreSQL.]]" });
      expect(again.body.run.status).toBe("success");
      const search = await callApi<{ hits: SearchHit[] }>(
        moved.arbor,
        `/api/chat/search?repoId=${repo.repoId}&q=${encodeURIComponent("Copied answer")}`,
      );
      expect(search.status, moved.arbor.output()).toBe(200);
      // Both messages name it (the user's carries the mock's directive).
      expect(search.body.hits.map((hit) => `${hit.sessionId} ${hit.role}`).sort()).toEqual([
        `${sessionId} assistant`,
        `${sessionId} user`,
      ]);
    } finally {
      await moved.arbor.stop();
    }
  });

  it("refuses a target that is not empty, and writes nothing", async () => {
    const before = await tableCounts();
    const copy = runCopy({ env: {}, args: ["--to", targetUrl] });
    expect(copy.status).not.toBe(0);
    expect(copy.output).toMatch(/is not empty: .*chat_messages \(\d+\).*Nothing was written/);
    expect((await tableCounts()).postgres).toEqual(before.postgres);
  });
});

/** Arbor on the copied database with the SOURCE data directory, as the copy's last line says. */
async function startArborWithClaudeOn(url: string) {
  const arbor = await startArbor({
    dataDir: sqliteArbor.arbor.dataDir,
    env: { ...sqliteArborEnv(), DATABASE_URL: url },
  });
  return { arbor };
}

function sqliteArborEnv(): Record<string, string> {
  return {
    PATH: `${path.join(repoRoot, "node_modules", ".bin")}:${process.env.PATH ?? "/usr/bin:/bin"}`,
    HOME: sqliteArbor.home.home,
    CLAUDE_CONFIG_DIR: sqliteArbor.home.configDir,
    ANTHROPIC_BASE_URL: sqliteArbor.mock.url,
    ANTHROPIC_API_KEY: "sk-test",
    DISABLE_TELEMETRY: "1",
    DISABLE_ERROR_REPORTING: "1",
    ARBOR_CLAUDE_ENV_CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
  };
}
