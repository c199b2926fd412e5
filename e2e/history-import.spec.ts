import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { test as base, expect } from "@playwright/test";
import { projectSlugForPath } from "@/lib/hook-events/project-slug.ts";
import { writeSessionFile, type SessionSpec } from "@/tests/support/history-folder.ts";
import { createPinnedRepo, type PinnedRepo } from "@/tests/support/pinned-repo.ts";
import { removeDataDir, startArbor, type RunningArbor } from "@/tests/support/start-arbor.ts";
import { useSignedInPage } from "./arbor-fixtures.ts";

interface HistoryServer {
  arbor: RunningArbor;
  repo: PinnedRepo;
  /** A new worktree whose Claude project folder holds `specs`. */
  worktreeWithHistory(specs: SessionSpec[]): Promise<string>;
}

/**
 * One Arbor per worker with its own Claude config folder, reading 64 KB chunks and holding still
 * after its third chunk of each import (ARBOR_TEST_HISTORY_IMPORT_PAUSE_AFTER_CHUNKS), so the
 * progress is on screen for as long as the test looks at it; an import of two small files ends.
 */
const test = base.extend<{ baseURL: string }, { history: HistoryServer }>({
  history: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern and requires one, even empty.
    async ({}, use) => {
      const configDir = mkdtempSync(path.join(os.tmpdir(), "arbor-e2e-claude-"));
      const arbor = await startArbor({
        env: {
          CLAUDE_CONFIG_DIR: configDir,
          ARBOR_HISTORY_IMPORT_CHUNK_BYTES: "65536",
          ARBOR_TEST_HISTORY_IMPORT_PAUSE_AFTER_CHUNKS: "3",
        },
      });
      const repo = await createPinnedRepo(() => arbor);
      await use({
        arbor,
        repo,
        async worktreeWithHistory(specs) {
          const worktreePath = await repo.addWorktree("history");
          const folder = path.join(configDir, "projects", projectSlugForPath(realpathSync(worktreePath)));
          for (const spec of specs) writeSessionFile(folder, spec);
          return worktreePath;
        },
      });
      await arbor.stop();
      removeDataDir(arbor.dataDir);
      await repo.remove();
      rmSync(configDir, { recursive: true, force: true });
    },
    { scope: "worker", timeout: 90_000 },
  ],
  baseURL: async ({ history }, use) => use(history.arbor.url),
  page: async ({ page, history }, use, testInfo) => useSignedInPage({ page, arbor: history.arbor, testInfo }, use),
});

const logsOf = (repoId: string, worktreePath: string) =>
  `/logs?repo=${repoId}&worktree=${encodeURIComponent(worktreePath)}`;

test("Import history shows files, bytes and relays while it runs, cancels, and keeps the outcome across a reload", async ({
  page,
  history,
}) => {
  const worktreePath = await history.worktreeWithHistory([
    { sessionId: "e2e-big", bytes: 1_000_000 },
    { sessionId: "e2e-big", agentId: "e2ea1", bytes: 5_000 },
    { sessionId: "e2e-cut", bytes: 5_000, isTruncated: true },
  ]);
  await page.goto(logsOf(history.repo.repoId, worktreePath));
  await expect(page.getByTestId("connection-status")).toHaveAttribute("data-state", "connected");
  await page.getByTestId("import-history").click();
  const status = page.getByTestId("import-history-status");
  await expect(status).toHaveAttribute("data-status", "running");
  await expect(page.getByRole("progressbar", { name: "History import" })).toBeVisible();
  // The time left shows once the import has run long enough to estimate it (a slow machine gets there first).
  await expect(page.getByTestId("import-history-progress")).toContainText(
    /of 3 files · [\d.]+ KB of 1\.\d MB( · about [^·]+ left)? · \d+ relays/,
  );
  await expect(page.getByTestId("import-history")).toBeDisabled();

  await page.getByTestId("import-history-cancel").click();
  await expect(status).toHaveAttribute("data-status", "cancelled");
  await expect(page.getByTestId("import-history-result")).toContainText(
    /^Cancelled: \d files? read \([\d.]+ KB\), \d+ relays imported\.$/,
  );
  await page.reload();
  await expect(page.getByTestId("import-history-result")).toContainText("Cancelled:");
  await expect(page.getByTestId("import-history")).toHaveText("Import history");
});

test("Import history reports what it read, malformed lines included", async ({ page, history }) => {
  const worktreePath = await history.worktreeWithHistory([
    { sessionId: "e2e-one", bytes: 3_000 },
    { sessionId: "e2e-two", bytes: 3_000, isTruncated: true },
  ]);
  await page.goto(logsOf(history.repo.repoId, worktreePath));
  await page.getByTestId("import-history").click();
  await expect(page.getByTestId("import-history-status")).toHaveAttribute("data-status", "finished");
  await expect(page.getByTestId("import-history-result")).toHaveText(
    /^Done: 2 files read \([\d.]+ KB\), 16 relays imported, 1 malformed line skipped\.$/,
  );
  await expect(page.locator('[data-testid="timeline-relay"][data-session="e2e-one"]').first()).toBeVisible();
});
