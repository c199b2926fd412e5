import { existsSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, expect as expectPage, type Browser } from "@playwright/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findBrowser } from "@/scripts/find-browser.ts";
import { startArborWithClaude, type ArborWithClaude } from "@/tests/support/arbor-with-claude.ts";
import { callApi, trustRepo } from "@/tests/support/call-api.ts";
import { createPinnedRepo, type PinnedRepo } from "@/tests/support/pinned-repo.ts";
import { removeDataDir, startArbor, type RunningArbor } from "@/tests/support/start-arbor.ts";
import { dropPostgresDatabase, ensurePostgresDatabase, postgresSkipReason } from "@/tests/support/test-database.ts";

/**
 * The same in a browser: a page signed in to one Arbor opens a worktree another Arbor holds,
 * talks to its agent and answers its approval there, seeing whose machine it runs on.
 */
const skipReason = postgresSkipReason();
const title = "another instance's worktree in the browser";

let databaseUrl: string;
let owner: ArborWithClaude;
let remote: RunningArbor;
let repo: PinnedRepo;
let browser: Browser;

beforeAll(async () => {
  if (skipReason) return;
  databaseUrl = await ensurePostgresDatabase(mkdtempSync(path.join(os.tmpdir(), "arbor-drive-page-")));
  owner = await startArborWithClaude({ serverEnv: { DATABASE_URL: databaseUrl } });
  remote = await startArbor({ env: { DATABASE_URL: databaseUrl } });
  repo = await createPinnedRepo(() => owner.arbor);
  await trustRepo(owner.arbor, repo.repoId);
  browser = await chromium.launch({ executablePath: findBrowser().executablePath });
});

afterAll(async () => {
  await browser?.close();
  await remote?.stop();
  if (remote) removeDataDir(remote.dataDir);
  await owner?.close();
  await repo?.remove();
  if (databaseUrl) await dropPostgresDatabase(databaseUrl);
});

describe.skipIf(skipReason)(skipReason ? `${title} (skipped: ${skipReason})` : title, () => {
  it("opens it, sends, and answers the approval from the other instance's page; the owner runs it", async () => {
    const worktreePath = await repo.addWorktree("page");
    // The owner publishes its scan with the new worktree; the other instance shows that scan.
    await callApi(owner.arbor, `/api/worktrees?repoId=${repo.repoId}`);
    const ownerLabel = (
      await callApi<{ instances: Array<{ label: string; isLocal: boolean }> }>(owner.arbor, "/api/team/instances")
    ).body.instances.find((instance) => instance.isLocal)!.label;

    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(await remote.mintSignInLink());
    await page.goto(`${remote.url}/?repo=${repo.repoId}`);
    await expectPage(page.getByTestId("repo-owner")).toHaveText(`on ${ownerLabel}`);
    const row = page.locator(`[data-testid="worktree-row"][data-path="${worktreePath}"]`);
    await row.getByTestId("worktree-open").click();
    // Its git actions are the owner's: none are offered here.
    await expectPage(row.getByTestId("worktree-actions")).toHaveCount(0);

    await page.getByTestId("composer-input").fill("[[mock:bash echo page > page.txt]]");
    await page.getByTestId("composer-input").press("Enter");
    const card = page.getByTestId("approval-card");
    await expectPage(card).toHaveAttribute("data-tool", "Bash");
    await card.getByTestId("approval-allow-once").click();
    const outcome = page.getByTestId("approval-outcome");
    await expectPage(outcome).toHaveAttribute("data-status", "allowed");
    await expectPage(outcome.getByTestId("approval-answered-by")).toContainText(" on Arbor ");
    await expectPage(page.locator('[data-testid="message"][data-role="assistant"]').last()).toContainText(
      "Bash returned",
    );
    expect(existsSync(path.join(worktreePath, "page.txt"))).toBe(true);
    await page.close();
  }, 120_000);
});
