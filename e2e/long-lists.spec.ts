import { randomUUID } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { callApi, openSession } from "@/tests/support/call-api.ts";
import { seedConversation, seedHookEvents } from "@/tests/support/seed-long-lists.ts";
import { logsHref } from "@/components/logs/logs-href.ts";
import { expect, openWorktree, sendMessage, test } from "./chat-fixtures.ts";

/** Rows a virtualised list draws: a window around the view, never the whole list. */
const MAX_DRAWN = 80;

/** The message row whose article says `text`, drawn or not. */
const messageWith = (page: Page, text: string) =>
  page.getByTestId("message-list").locator('[data-testid="message"]', { hasText: text });

/** Serious or critical axe findings on the page as it is (the virtualised list mid-scroll). */
async function seriousAxeFindings(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ") + " " + node.failureSummary).join(", ")}`,
    );
}

/** Scrolls with the mouse wheel over `area` until `target` is drawn and in view. */
async function wheelUntilVisible(page: Page, area: Locator, target: Locator, deltaY: number): Promise<void> {
  await area.hover();
  await expect(async () => {
    await page.mouse.wheel(0, deltaY);
    await expect(target).toBeInViewport({ timeout: 500 });
  }).toPass();
}

test("a chat of 1,000 messages draws a window of rows, loads its start when scrolled up, follows a new answer only at the end", async ({
  page,
  claude,
  repo,
}) => {
  // Upkeep would summarise and archive this long conversation after the first answer; this test is about scrolling it.
  await callApi(claude.arbor, `/api/repos/${repo.repoId}/settings`, { method: "PUT", body: { autoUpkeep: false } });
  const sessionId = await openSession(claude.arbor, { repoId: repo.repoId, worktreePath: repo.mainPath });
  seedConversation({
    dataDir: claude.arbor.dataDir,
    sessionId,
    repoId: repo.repoId,
    worktreePath: repo.mainPath,
    count: 1000,
  });
  await openWorktree(page, { repoId: repo.repoId, worktreePath: repo.mainPath });
  const list = page.getByTestId("message-list");
  await expect(list).toHaveAttribute("role", "feed");
  // The newest page is loaded and the list opens at its end, drawing only the rows around it.
  await expect(messageWith(page, "Answer 999.")).toBeInViewport();
  expect(Number(await list.getAttribute("data-rows"))).toBeGreaterThanOrEqual(100);
  expect(await list.getByTestId("message-row").count()).toBeLessThan(MAX_DRAWN);
  await expect(page.getByTestId("jump-to-latest")).toHaveCount(0);

  // Scrolling up loads the older pages as it reaches them, down to the first message.
  await wheelUntilVisible(page, list, messageWith(page, "Question 0:"), -20_000);
  await expect(list).toHaveAttribute("data-rows", "1000");
  expect(await list.getByTestId("message-row").count()).toBeLessThan(MAX_DRAWN);
  await expect(page.getByTestId("jump-to-latest")).toBeVisible();
  expect(await seriousAxeFindings(page)).toEqual([]);

  // Back at the end, a new answer streams in at the bottom and the list follows it.
  await page.getByTestId("jump-to-latest").click();
  await expect(messageWith(page, "Answer 999.")).toBeInViewport();
  await sendMessage(page, "first new question [[mock:slow 50]]");
  await expect(page.getByTestId("finished-answer").or(page.getByTestId("streaming-answer"))).toBeInViewport();
  await expect(messageWith(page, "done.").last()).toBeInViewport();

  // Scrolled up, the next answer does not move the view: the row being read stays where it is.
  await wheelUntilVisible(page, list, messageWith(page, "Answer 989."), -600);
  const reading = messageWith(page, "Answer 989.");
  const topBefore = (await reading.boundingBox())!.y;
  const rowsBefore = Number(await list.getAttribute("data-rows"));
  await sendMessage(page, "second new question [[mock:text second answer]]");
  await expect.poll(async () => Number(await list.getAttribute("data-rows"))).toBeGreaterThanOrEqual(rowsBefore + 2);
  await expect
    .poll(async () => {
      const page = await callApi<{ messages: Array<{ content: string; status: string }> }>(
        claude.arbor,
        `/api/chat/messages?sessionId=${sessionId}`,
      );
      return page.body.messages.at(-1);
    })
    .toMatchObject({ content: "second answer", status: "complete" });
  expect((await reading.boundingBox())!.y).toBe(topBefore);
  await expect(page.getByTestId("jump-to-latest")).toBeVisible();
  await page.getByTestId("jump-to-latest").click();
  await expect(messageWith(page, "second answer").and(page.locator('[data-role="assistant"]'))).toBeInViewport();
  await expect(page.getByTestId("jump-to-latest")).toHaveCount(0);
});

test("a worktree timeline of 2,000 events draws a window of rows; an opened payload stays open when scrolled away and back", async ({
  page,
  claude,
  repo,
}) => {
  seedHookEvents({ dataDir: claude.arbor.dataDir, repoId: repo.repoId, worktreePath: repo.mainPath, count: 2000 });
  await page.goto(logsHref({ repoId: repo.repoId, worktreePath: repo.mainPath }));
  const items = page.getByTestId("timeline-items");
  await expect(items).toHaveAttribute("data-loaded", "true");
  await expect(items).toHaveAttribute("data-rows", "200");
  expect(await items.getByTestId("timeline-event").count()).toBeLessThan(MAX_DRAWN);
  await page.getByTestId("timeline-load-older").click();
  await expect(items).toHaveAttribute("data-rows", "400");
  expect(await items.getByTestId("timeline-event").count()).toBeLessThan(MAX_DRAWN);
  expect(await seriousAxeFindings(page)).toEqual([]);

  // The oldest loaded event, opened, is unmounted when scrolled away and comes back open.
  const scroller = items.locator("xpath=ancestor::div[contains(@class,'overflow-y-auto')][1]");
  await scroller.evaluate((element) => element.scrollTo({ top: 0 }));
  const oldest = items.locator('li[aria-posinset="1"]');
  await oldest.getByTestId("timeline-event-toggle").click();
  await expect(oldest.getByTestId("timeline-event-toggle")).toHaveAttribute("aria-expanded", "true");
  // Rows are measured as they are drawn, so the end moves until they all are: scroll until it holds.
  await expect(async () => {
    await scroller.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
    await expect(items.locator('li[aria-posinset="400"]')).toBeInViewport({ timeout: 500 });
  }).toPass();
  await expect(oldest).toHaveCount(0);
  await scroller.evaluate((element) => element.scrollTo({ top: 0 }));
  await expect(oldest.getByTestId("timeline-event-toggle")).toHaveAttribute("aria-expanded", "true");
});

test("a session of 1,200 events opens at its latest 500, loads the older ones above the row being read, and draws a window", async ({
  page,
  claude,
  repo,
}) => {
  // A session of its own: the server (shared by this file's tests) may hold other seeded sessions.
  const sessionPrefix = `long-${randomUUID()}`;
  seedHookEvents({
    dataDir: claude.arbor.dataDir,
    repoId: repo.repoId,
    worktreePath: repo.mainPath,
    count: 1200,
    perSession: 1200,
    sessionPrefix,
  });
  await page.goto(logsHref({ sessionId: `${sessionPrefix}-0` }));
  const view = page.getByTestId("logs-session-view");
  const items = view.getByTestId("logs-session-items");
  await expect(items).toHaveAttribute("data-loaded", "true");
  await expect(items).toHaveAttribute("data-rows", "500");
  await expect(view.getByTestId("logs-session-partial")).toHaveText("Showing the latest 500 events of this session.");
  await expect(view.getByTestId("logs-session-count")).toHaveText("500 events loaded");
  expect(await items.getByTestId("logs-session-event").count()).toBeLessThan(MAX_DRAWN);

  // The first row drawn stays where it is while the older events are put above it.
  const reading = items.locator('li[aria-posinset="1"]');
  const readingId = await reading.getByTestId("logs-session-event").getAttribute("data-id");
  await view.getByTestId("logs-session-load-older").click();
  await expect(items).toHaveAttribute("data-rows", "1000");
  await expect(items.locator(`[data-testid="logs-session-event"][data-id="${readingId}"]`)).toBeInViewport();
  await view.getByTestId("logs-session-load-older").click();
  await expect(items).toHaveAttribute("data-rows", "1200");
  await expect(view.getByTestId("logs-session-partial")).toHaveCount(0);
  await expect(view.getByTestId("logs-session-load-older")).toHaveCount(0);
  await expect(view.getByTestId("logs-session-count")).toHaveText("1200 events");
  expect(await items.getByTestId("logs-session-event").count()).toBeLessThan(MAX_DRAWN);
  expect(await seriousAxeFindings(page)).toEqual([]);

  // The session's very first event is reached by scrolling up.
  const scroller = items.locator("xpath=ancestor::div[contains(@class,'overflow-y-auto')][1]");
  await expect(async () => {
    await scroller.evaluate((element) => element.scrollTo({ top: 0 }));
    await expect(items.locator('li[aria-posinset="1"]')).toBeInViewport({ timeout: 500 });
  }).toPass();
  await expect(items.locator('li[aria-posinset="1"]').getByTestId("logs-session-event")).toContainText(
    "Bash: npm test -- src/module-0/file-0.ts",
  );
});
