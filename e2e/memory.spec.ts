import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { vanishClaudeBin } from "@/tests/support/vanished-claude.ts";
import { expect, openWorktree, sendMessage, test } from "./chat-fixtures.ts";

/** The mock answers the summarization request with the last directive in the conversation. */
const SECTIONS = "## Key points\n- a\n## Decisions\n- b\n## Open tasks\n- c\n## Caveats\n- d";

const answers = (page: Page) => page.locator('[data-testid="message"][data-role="assistant"][data-status="complete"]');
const messageById = (page: Page, id: string) => page.locator(`[data-testid="message"][data-message-id="${id}"]`);

/** Sends a message and waits until its stored answer (with receipt) is in the list. */
async function ask(page: Page, text: string, answerCount: number): Promise<void> {
  await sendMessage(page, text);
  await expect(answers(page)).toHaveCount(answerCount);
  await expect(answers(page).last().getByTestId("receipt-toggle")).toBeVisible();
}

/**
 * Clicks Summarize and waits for the server to answer. A model summary may take two CLI runs (the
 * check asks again when one drops an item), and each run starts a CLI, so on a loaded machine
 * this takes longer than one expect timeout; the response is the moment the outcome is stored.
 */
async function summarize(page: Page): Promise<void> {
  const answered = page.waitForResponse((r) => r.url().endsWith("/api/chat/summarize"), { timeout: 60_000 });
  await page.getByTestId("summarize-button").click();
  await answered;
}

async function searchFor(page: Page, query: string) {
  await page.getByTestId("search-input").fill(query);
  await page.getByTestId("search-input").press("Enter");
  return page.getByTestId("search-hit");
}

test("Summarize shows the model's summary above the chat; each answer tells what Claude was told", async ({
  page,
  repo,
}) => {
  const worktreePath = await repo.addWorktree("mem-summary");
  await openWorktree(page, { repoId: repo.repoId, worktreePath });
  await expect(page.getByTestId("summary-none")).toBeVisible();
  await ask(page, "we picked SQLite for storage [[mock:text noted]]", 1);
  await ask(page, `wrap up [[mock:text ${SECTIONS}]]`, 2);

  await answers(page).last().getByTestId("receipt-toggle").click();
  const receipt = answers(page).last().getByTestId("receipt-panel");
  const sections = receipt.getByTestId("receipt-section");
  await expect(sections).toHaveCount(5);
  expect(await sections.evaluateAll((items) => items.map((item) => item.getAttribute("data-name")))).toEqual([
    "system",
    "context",
    "plan",
    "memory",
    "user",
  ]);
  await expect(receipt.getByTestId("receipt-summary")).toHaveText("none");
  await expect(receipt.getByTestId("receipt-messages")).toContainText("#");
  await expect(receipt.getByTestId("receipt-dropped")).toHaveText("none");
  await expect(receipt.getByTestId("receipt-scan-shortened")).toHaveText("no");
  await expect(receipt.getByTestId("receipt-total")).toContainText("chars");
  await expect(receipt.getByTestId("receipt-digest")).toHaveAttribute("title", /^[0-9a-f]{64}$/);

  await summarize(page);
  const panel = page.getByTestId("summary-panel");
  await expect(panel).toHaveAttribute("data-kind", "model");
  await expect(panel.getByTestId("summary-count")).toHaveText("covers 4 messages");
  await expect(panel.getByTestId("summary-body").locator("h2")).toHaveText([
    "Key points",
    "Decisions",
    "Open tasks",
    "Caveats",
  ]);
  await expect(panel.getByTestId("summary-extractive")).toHaveCount(0);

  await summarize(page);
  await expect(page.getByTestId("memory-error")).toContainText("Nothing new to summarize");
});

test("when the claude binary cannot run, Summarize falls back to an extractive index and says why; the model's next summary replaces it", async ({
  page,
  repo,
  claude,
}) => {
  const worktreePath = await repo.addWorktree("mem-extractive");
  await openWorktree(page, { repoId: repo.repoId, worktreePath });
  await ask(page, "We decided to use tabs. Next step: write the linter config. [[mock:text ok]]", 1);
  const vanished = await vanishClaudeBin(claude.arbor);
  try {
    await summarize(page);
    const panel = page.getByTestId("summary-panel");
    await expect(panel).toHaveAttribute("data-kind", "extractive");
    await expect(panel.getByTestId("summary-extractive")).toContainText(/could not write the summary/);
    await expect(panel.getByTestId("summary-body")).toContainText("We decided to use tabs.");
  } finally {
    await vanished.restore();
  }
  // The messages the index covered are summarized again by the model (its answer now has the four
  // sections); no alarm stays.
  await ask(page, `and now? [[mock:text ${SECTIONS}]]`, 2);
  await summarize(page);
  const panel = page.getByTestId("summary-panel");
  await expect(panel).toHaveAttribute("data-kind", "model");
  await expect(panel.getByTestId("summary-extractive")).toHaveCount(0);
});

test("Lighten archives older messages, Show older brings them back marked archived, and a search hit jumps to one", async ({
  page,
  repo,
}) => {
  const worktreePath = await repo.addWorktree("mem-lighten");
  await openWorktree(page, { repoId: repo.repoId, worktreePath });
  await ask(page, "first question about the flamingo rollout [[mock:text first answer]]", 1);
  await ask(page, `second question [[mock:text ${SECTIONS}]]`, 2);
  const firstId = await page
    .locator('[data-testid="message"][data-role="user"]')
    .first()
    .getAttribute("data-message-id");
  await summarize(page);
  await expect(page.getByTestId("summary-panel")).toHaveAttribute("data-kind", "model");

  await page.getByTestId("lighten-button").click();
  await expect(page.getByTestId("lighten-keep")).toHaveValue("50");
  await page.getByTestId("lighten-keep").fill("2");
  await page.getByTestId("lighten-confirm").click();
  await expect(page.getByTestId("lighten-result")).toContainText("Archived 2 messages");
  await expect(page.getByTestId("message")).toHaveCount(2);
  await expect(messageById(page, firstId!)).toHaveCount(0);

  await page.getByTestId("show-older").click();
  await expect(page.getByTestId("message")).toHaveCount(4);
  const first = messageById(page, firstId!);
  await expect(first).toHaveAttribute("data-archived", "true");
  await expect(first.getByTestId("archived-tag")).toBeVisible();

  await page.reload();
  await expect(page.getByTestId("show-older")).toBeVisible();
  await expect(messageById(page, firstId!)).toHaveCount(0);
  const hits = await searchFor(page, "flamingo");
  await expect(hits).toHaveCount(1);
  await expect(hits.first()).toHaveAttribute("data-archived", "true");
  await expect(hits.first().getByTestId("search-hit-role")).toHaveText("user");
  await expect(hits.first().getByTestId("search-hit-worktree")).toHaveText("mem-lighten");
  await expect(hits.first().locator("mark")).toHaveText("flamingo");
  await hits.first().click();
  await expect(messageById(page, firstId!)).toBeInViewport();
  await expect(messageById(page, firstId!)).toHaveAttribute("data-focused", "true");
  await expect(messageById(page, firstId!)).toHaveAttribute("data-archived", "true");
});

test("Archive makes the chat read-only; reopening the worktree starts a new conversation; the old one stays reachable", async ({
  page,
  repo,
}) => {
  const worktreePath = await repo.addWorktree("mem-archive");
  await openWorktree(page, { repoId: repo.repoId, worktreePath });
  await ask(page, "remember the octopus password [[mock:text noted]]", 1);
  const archivedId = await page.getByTestId("chat-panel").getAttribute("data-session-id");

  await page.getByTestId("archive-button").click();
  await page.getByTestId("archive-confirm").click();
  await expect(page.getByTestId("archived-banner")).toContainText("Archived — read-only");
  await expect(page.getByTestId("composer-input")).toHaveCount(0);
  await expect(page.getByTestId("chat-panel")).toHaveAttribute("data-session-id", archivedId!);

  await openWorktree(page, { repoId: repo.repoId, worktreePath });
  await expect(page.getByTestId("chat-empty")).toBeVisible();
  await expect(page.getByTestId("chat-panel")).not.toHaveAttribute("data-session-id", archivedId!);

  await page.getByTestId("sessions-toggle").click();
  const items = page.getByTestId("session-item");
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toHaveAttribute("data-status", "active");
  await expect(items.nth(1)).toHaveAttribute("data-status", "archived");
  await items.nth(1).click();
  await expect(page.getByTestId("archived-banner")).toBeVisible();
  await expect(page.locator('[data-testid="message"][data-role="user"]')).toContainText("octopus");

  const [file] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-link").click()]);
  expect(file.suggestedFilename()).toMatch(/^arbor-feat-mem-archive-.*\.md$/);
  expect(await readFile(await file.path(), "utf8")).toContain("remember the octopus password");

  await page.getByTestId("open-active-session").click();
  await expect(page.getByTestId("composer-input")).toBeVisible();
  const hits = await searchFor(page, "octopus");
  await expect(hits).toHaveCount(1);
  await expect(hits.first()).toHaveAttribute("data-session-id", archivedId!);
  await hits.first().click();
  await expect(page.getByTestId("archived-banner")).toBeVisible();
  await expect(page.locator('[data-testid="message"][data-focused="true"]')).toContainText("octopus");
});
