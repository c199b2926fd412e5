import { existsSync } from "node:fs";
import path from "node:path";
import { chromium, expect as playwrightExpect, type Browser } from "@playwright/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findBrowser } from "@/scripts/find-browser.ts";
import { callApi, trustRepo } from "@/tests/support/call-api.ts";
import { useTwoInstances } from "@/tests/support/use-two-instances.ts";

/**
 * The same in a browser: a page signed in to one Arbor opens a worktree another Arbor holds,
 * talks to its agent and answers its approval there, seeing whose machine it runs on.
 */
const team = useTwoInstances({ key: "drive-page" });
/** The agent starts on the owner, behind its queue, while other suites share the cores: more than 5 s may pass. */
const expectPage = playwrightExpect.configure({ timeout: 30_000 });
const { skipReason } = team;
const title = "another instance's worktree in the browser";
let browser: Browser;

beforeAll(async () => {
  if (skipReason) return;
  await trustRepo(team.owner.arbor, team.repos[0]!.repoId);
  browser = await chromium.launch({ executablePath: findBrowser().executablePath });
});

afterAll(async () => {
  await browser?.close();
});

describe.skipIf(skipReason)(skipReason ? `${title} (skipped: ${skipReason})` : title, () => {
  it("opens it, sends, and answers the approval from the other instance's page; the owner runs it", async () => {
    const worktreePath = await team.repos[0]!.addWorktree("page");
    // The owner publishes its scan with the new worktree; the other instance shows that scan.
    await callApi(team.owner.arbor, `/api/worktrees?repoId=${team.repos[0]!.repoId}`);
    const ownerLabel = (
      await callApi<{ instances: Array<{ label: string; isLocal: boolean }> }>(team.owner.arbor, "/api/team/instances")
    ).body.instances.find((instance) => instance.isLocal)!.label;

    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(await team.other.mintSignInLink());
    await page.goto(`${team.other.url}/?repo=${team.repos[0]!.repoId}`);
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
