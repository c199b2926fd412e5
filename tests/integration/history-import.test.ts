import { appendFileSync, mkdtempSync, realpathSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projectSlugForPath } from "@/lib/hook-events/project-slug.ts";
import type { HookImportBody, RelaysBody } from "@/tests/support/api-types.ts";
import { callApi } from "@/tests/support/call-api.ts";
import {
  importHistoryToEnd,
  relayBlock,
  sessionFilePath,
  waitForImport,
  writeSessionFile,
  type SessionSpec,
} from "@/tests/support/history-folder.ts";
import { createPinnedRepo, type PinnedRepo } from "@/tests/support/pinned-repo.ts";
import { readRow, readRows } from "@/tests/support/read-rows.ts";
import { removeDataDir, startArbor, type RunningArbor } from "@/tests/support/start-arbor.ts";
import { itOnSqliteOnly } from "@/tests/support/engine-tests.ts";

/** Small chunks, so a 3 MB file is read in ~190 of them. */
const CHUNK_BYTES = 16 * 1024;
const configDir = mkdtempSync(path.join(os.tmpdir(), "arbor-claude-config-"));
let arbor: RunningArbor;
let repo: PinnedRepo;

beforeAll(async () => {
  arbor = await startArbor({
    env: { CLAUDE_CONFIG_DIR: configDir, ARBOR_HISTORY_IMPORT_CHUNK_BYTES: String(CHUNK_BYTES) },
  });
  repo = await createPinnedRepo(() => arbor);
});
afterAll(async () => {
  await arbor.stop();
  removeDataDir(arbor.dataDir);
  await repo.remove();
  rmSync(configDir, { recursive: true, force: true });
});

/** A worktree and its Claude project folder holding `specs`; returns the relays they hold. */
async function worktreeWithHistory(specs: SessionSpec[], pinned = repo) {
  const worktreePath = await pinned.addWorktree("history");
  const folder = path.join(configDir, "projects", projectSlugForPath(realpathSync(worktreePath)));
  const relays = specs.reduce((sum, spec) => sum + writeSessionFile(folder, spec), 0);
  return { worktreePath, folder, relays, input: { repoId: pinned.repoId, worktreePath } };
}

const sessionSpecs = (tag: string): SessionSpec[] => [
  { sessionId: `${tag}-big`, bytes: 3_000_000 },
  { sessionId: `${tag}-parent`, bytes: 20_000 },
  { sessionId: `${tag}-parent`, agentId: `${tag}a1`, bytes: 10_000 },
  { sessionId: `${tag}-cut`, bytes: 30_000, isTruncated: true },
  { sessionId: `${tag}-latin1`, bytes: 30_000, hasInvalidUtf8: true },
];

const relayRows = (dataDir: string, worktreePath: string) =>
  readRows(
    dataDir,
    "SELECT session_id, start_uuid, agent_id, updated_at FROM transcript_relays WHERE worktree_path = ? ORDER BY session_id, start_uuid",
    [worktreePath],
  );

describe("Import history", () => {
  it("reads big files in chunks, subagents apart, malformed lines counted; unchanged files cost a stat; a grown one is read from its cursor", async () => {
    const history = await worktreeWithHistory(sessionSpecs("s"));
    const job = await importHistoryToEnd(arbor, history.input);
    expect(job).toMatchObject({
      status: "finished",
      filesTotal: 5,
      filesDone: 5,
      filesUnchanged: 0,
      relays: history.relays,
      malformedLines: 2,
      errors: [],
    });
    expect(job.bytesDone).toBe(job.bytesTotal);
    const rows = await relayRows(arbor.dataDir, history.worktreePath);
    expect(rows).toHaveLength(history.relays);
    const subagentRows = rows.filter((row) => row.agent_id !== null);
    expect(subagentRows.length).toBeGreaterThan(0);
    expect(subagentRows.every((row) => row.agent_id === "sa1" && row.session_id === "s-parent")).toBe(true);
    const parentRelays = (await callApi<RelaysBody>(arbor, "/api/hooks/relays?sessionId=s-parent")).body.relays;
    expect(parentRelays.length).toBe(rows.filter((row) => row.session_id === "s-parent").length - subagentRows.length);
    expect(parentRelays.every((relay) => relay.userText.startsWith("Fix bug s-parent-"))).toBe(true);

    const again = await importHistoryToEnd(arbor, history.input);
    expect(again).toMatchObject({ status: "finished", filesUnchanged: 5, bytesDone: 0, relays: 0 });
    expect(await relayRows(arbor.dataDir, history.worktreePath)).toEqual(rows);

    const big = sessionFilePath(history.folder, sessionSpecs("s")[0]!);
    const cursor = await readRow(arbor.dataDir, 'SELECT "offset" FROM transcript_cursors WHERE path = ?', [big]);
    appendFileSync(big, relayBlock({ prefix: "s-big-more", sessionId: "s-big", toolBytes: 300 }));
    const grown = await importHistoryToEnd(arbor, history.input);
    expect(grown).toMatchObject({ status: "finished", filesUnchanged: 4, relays: 9 });
    expect(grown.bytesDone).toBe(statSync(big).size - Number(cursor!.offset));
    expect(await relayRows(arbor.dataDir, history.worktreePath)).toHaveLength(history.relays + 8);
  });

  itOnSqliteOnly(
    "a reader thread that fails ends the import as failed, saying why; what was written stays and a new import finishes it",
    async () => {
      const env = { CLAUDE_CONFIG_DIR: configDir, ARBOR_HISTORY_IMPORT_CHUNK_BYTES: String(CHUNK_BYTES) };
      const failing = await startArbor({ env: { ...env, ARBOR_TEST_HISTORY_IMPORT_FAIL_AFTER_CHUNKS: "30" } });
      let current = failing;
      const ownRepo = await createPinnedRepo(() => current);
      const history = await worktreeWithHistory(sessionSpecs("f"), ownRepo);
      let healthy: RunningArbor | undefined;
      try {
        const failed = await importHistoryToEnd(failing, history.input);
        expect(failed).toMatchObject({ status: "failed", currentFile: null });
        expect(failed.message).toContain("reader thread failed");
        expect(failed.message).toContain("the reader failed on purpose");
        expect(failed.message).toContain("Import history again");
        const kept = await relayRows(failing.dataDir, history.worktreePath);
        expect(kept.length).toBeGreaterThan(0);
        expect(kept.length).toBeLessThan(history.relays);
        // The server itself is unharmed: it still answers, and the stored outcome is the failure.
        const shown = await callApi<HookImportBody>(failing, `/api/hooks/import?${new URLSearchParams(history.input)}`);
        expect(shown.body.job).toMatchObject({ status: "failed" });
        await failing.stop();

        healthy = await startArbor({ dataDir: failing.dataDir, env });
        current = healthy;
        expect(await importHistoryToEnd(healthy, history.input)).toMatchObject({ status: "finished", errors: [] });
        const rows = await relayRows(healthy.dataDir, history.worktreePath);
        expect(rows).toHaveLength(history.relays);
        expect(rows.filter((row) => kept.some((old) => old.start_uuid === row.start_uuid)).length).toBe(kept.length);
      } finally {
        await failing.stop();
        await healthy?.stop();
        removeDataDir(failing.dataDir);
        await ownRepo.remove();
      }
    },
  );

  itOnSqliteOnly(
    "stops when cancelled: what was written stays, and a new import continues from the cursors without duplicates",
    async () => {
      const env = { CLAUDE_CONFIG_DIR: configDir, ARBOR_HISTORY_IMPORT_CHUNK_BYTES: String(CHUNK_BYTES) };
      const paused = await startArbor({ env: { ...env, ARBOR_TEST_HISTORY_IMPORT_PAUSE_AFTER_CHUNKS: "40" } });
      let current = paused;
      const ownRepo = await createPinnedRepo(() => current);
      const history = await worktreeWithHistory(sessionSpecs("c"), ownRepo);
      let resumedBy: RunningArbor | undefined;
      try {
        await callApi<HookImportBody>(paused, "/api/hooks/import", { body: history.input });
        await waitForImport(paused, history.input, (job) => job.bytesDone >= 33 * CHUNK_BYTES);
        const cancelled = await callApi<HookImportBody>(paused, "/api/hooks/import", {
          method: "DELETE",
          body: history.input,
        });
        expect(cancelled.body.job).toMatchObject({ status: "cancelled", errors: [] });
        const kept = await relayRows(paused.dataDir, history.worktreePath);
        expect(kept.length).toBeGreaterThan(0);
        expect(kept.length).toBeLessThan(history.relays);
        await paused.stop();

        // A server without the pause reads the rest from the cursors.
        resumedBy = await startArbor({ dataDir: paused.dataDir, env });
        current = resumedBy;
        expect(await importHistoryToEnd(resumedBy, history.input)).toMatchObject({ status: "finished", errors: [] });
        const rows = await relayRows(resumedBy.dataDir, history.worktreePath);
        expect(rows).toHaveLength(history.relays);
        expect(new Set(rows.map((row) => `${String(row.session_id)} ${String(row.start_uuid)}`)).size).toBe(
          history.relays,
        );
      } finally {
        await paused.stop();
        await resumedBy?.stop();
        removeDataDir(paused.dataDir);
        await ownRepo.remove();
      }
    },
  );

  itOnSqliteOnly("names the folder it looked in when the worktree has no history", async () => {
    const worktreePath = await repo.addWorktree("none");
    const { status, body } = await callApi<{ error: { message: string } }>(arbor, "/api/hooks/import", {
      body: { repoId: repo.repoId, worktreePath },
    });
    expect(status).toBe(404);
    expect(body.error.message).toContain(
      path.join(configDir, "projects", projectSlugForPath(realpathSync(worktreePath))),
    );
    expect(body.error.message).toContain("CLAUDE_CONFIG_DIR");
  });

  it("resumes after the server is killed mid-import: the same relays as a clean import, no duplicates", async () => {
    const env = { CLAUDE_CONFIG_DIR: configDir, ARBOR_HISTORY_IMPORT_CHUNK_BYTES: String(CHUNK_BYTES) };
    const paused = await startArbor({ env: { ...env, ARBOR_TEST_HISTORY_IMPORT_PAUSE_AFTER_CHUNKS: "40" } });
    let current = paused;
    const ownRepo = await createPinnedRepo(() => current);
    const history = await worktreeWithHistory(sessionSpecs("k"), ownRepo);
    const dataDir = paused.dataDir;
    let restarted: RunningArbor | undefined;
    try {
      const started = await callApi<HookImportBody>(paused, "/api/hooks/import", { body: history.input });
      expect(started.status).toBe(200);
      // Holds still after its 40th chunk, so the kill lands mid-file: two reader threads take the files
      // biggest first, so at most 7 of the 40 are the small files' (~90 KB) and the rest the big one's.
      await waitForImport(paused, history.input, (job) => job.bytesDone >= 33 * CHUNK_BYTES);
      await paused.kill9();
      const partial = await relayRows(dataDir, history.worktreePath);
      expect(partial.length).toBeGreaterThan(0);
      expect(partial.length).toBeLessThan(history.relays);

      restarted = await startArbor({ dataDir, env });
      current = restarted;
      const shown = await callApi<HookImportBody>(restarted, `/api/hooks/import?${new URLSearchParams(history.input)}`);
      expect(shown.body.job).toMatchObject({ status: "interrupted", message: expect.stringContaining("resume") });
      const resumed = await importHistoryToEnd(restarted, history.input);
      // The small files (the two malformed lines) may have been finished before the kill: skipped now.
      expect(resumed).toMatchObject({ status: "finished", errors: [] });
      const rows = await relayRows(dataDir, history.worktreePath);
      expect(rows).toHaveLength(history.relays);
      expect(new Set(rows.map((row) => `${String(row.session_id)} ${String(row.start_uuid)}`)).size).toBe(
        history.relays,
      );
    } finally {
      await paused.kill9();
      await restarted?.stop();
      removeDataDir(dataDir);
      await ownRepo.remove();
    }
  });
});
