import { chromium } from "@playwright/test";
import { findBrowser } from "@/scripts/find-browser.ts";
import { startArborWithClaude } from "@/tests/support/arbor-with-claude.ts";
import { callApi, openSession, pinRepo } from "@/tests/support/call-api.ts";
import { createFixtureRoot, createRepoWithOrigin, removeGitFixture } from "@/tests/support/git-fixtures.ts";
import { seedConversation, seedHookEvents } from "@/tests/support/seed-long-lists.ts";
import { logsHref } from "@/components/logs/logs-href.ts";

const env = await startArborWithClaude();
const fixture = await createFixtureRoot();
const browser = await chromium.launch({ executablePath: findBrowser().executablePath, args: ["--no-sandbox"] });
try {
  const { mainPath } = await createRepoWithOrigin({ root: fixture.root, files: { "a.txt": "a\n" } });
  const repoId = await pinRepo(env.arbor, mainPath);
  await callApi(env.arbor, `/api/repos/${repoId}/settings`, { method: "PUT", body: { autoUpkeep: false } });
  const sessionId = await openSession(env.arbor, { repoId, worktreePath: mainPath });
  seedConversation({ dataDir: env.arbor.dataDir, sessionId, repoId, worktreePath: mainPath, count: 1000 });
  seedHookEvents({ dataDir: env.arbor.dataDir, repoId, worktreePath: mainPath, count: 2000 });
  for (const colorScheme of ["light", "dark"] as const)
    for (const width of [390, 1440]) {
      const page = await browser.newPage({ viewport: { width, height: 844 }, colorScheme });
      // The printed link is the harness's own (used once already): the page signs in with a fresh one.
      await page.goto(await env.arbor.mintSignInLink());
      await page.waitForURL(`${env.arbor.url}/`);
      await page.goto(`${env.arbor.url}/?repo=${repoId}&wt=${encodeURIComponent(mainPath)}`);
      const list = page.getByTestId("message-list");
      await list.locator('[data-testid="message"]').first().waitFor();
      await page.waitForTimeout(800);
      await page.screenshot({ path: `/tmp/virt-chat-${colorScheme}-${width}.png` });
      await list.hover();
      await page.mouse.wheel(0, -3000);
      await page.waitForTimeout(800);
      await page.screenshot({ path: `/tmp/virt-chat-up-${colorScheme}-${width}.png` });
      await page.goto(`${env.arbor.url}${logsHref({ repoId, worktreePath: mainPath })}`);
      await page.getByTestId("timeline-items").locator("li").first().waitFor();
      await page.waitForTimeout(500);
      await page.mouse.wheel(0, 1500);
      await page.waitForTimeout(500);
      await page.screenshot({ path: `/tmp/virt-timeline-${colorScheme}-${width}.png` });
      await page.close();
    }
} finally {
  await browser.close();
  await env.close();
  await removeGitFixture(fixture);
}
