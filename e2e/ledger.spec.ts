import type { Page } from "@playwright/test";
import { expect, openWorktree, sendMessage, test } from "./chat-fixtures.ts";

const answers = (page: Page) => page.locator('[data-testid="message"][data-role="assistant"][data-status="complete"]');
const rowOf = (page: Page, worktreePath: string) =>
  page.locator(`[data-testid="worktree-row"][data-path="${worktreePath}"]`);

test("/decide and /todo record what every prompt carries; the panel closes a task and the worktree list counts", async ({
  page,
  repo,
}) => {
  const worktreePath = await repo.addWorktree("ledger-commands");
  await openWorktree(page, { repoId: repo.repoId, worktreePath });

  await sendMessage(page, "/decide sessions are stored in SQLite with WAL");
  await expect(page.getByTestId("ledger-recorded")).toContainText("Recorded decision L");
  await sendMessage(page, "/todo write the migration guide");
  await expect(page.getByTestId("ledger-recorded")).toContainText("Recorded task L");
  await sendMessage(page, "/todo   ");
  await expect(page.getByTestId("send-error")).toHaveText(
    "Write the task after /todo, e.g. /todo write the migration guide.",
  );
  // Commands are recorded, not sent: the conversation is still empty.
  await expect(page.getByTestId("chat-empty")).toBeVisible();

  const count = rowOf(page, worktreePath).getByTestId("ledger-count");
  await expect(count).toHaveText("1 decision · 1 task");

  await sendMessage(page, "what do we store sessions in? [[mock:text In SQLite.]]");
  await expect(answers(page)).toHaveCount(1);
  const answer = answers(page).first();
  await answer.getByTestId("receipt-toggle").click();
  await expect(answer.getByTestId("receipt-ledger")).toHaveText("2 of 2 carried (all)");
  await answer.getByTestId("receipt-show-prompt").click();
  await expect(answer.getByTestId("receipt-prompt")).toContainText('"sessions are stored in SQLite with WAL"');
  await expect(answer.getByTestId("receipt-prompt")).toContainText('"write the migration guide"');

  await page.getByTestId("chat-header").getByTestId("ledger-toggle").click();
  const panel = page.locator('[data-testid="ledger-panel"][data-scope="worktree"]');
  const entries = panel.getByTestId("ledger-entry");
  await expect(entries).toHaveCount(2);
  await panel.locator('[data-testid="ledger-entry"][data-kind="task"]').getByTestId("ledger-done").click();
  await expect(entries).toHaveCount(1);
  await expect(count).toHaveText("1 decision · 0 tasks");
  await panel.getByTestId("ledger-filter-status").selectOption("closed");
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toHaveAttribute("data-status", "done");
  await entries.first().getByTestId("ledger-reopen").click();
  await expect(entries).toHaveCount(0);
  await expect(count).toHaveText("1 decision · 1 task");
});

test("an answer's hidden decision tag is not shown as text, is listed under the answer and proposed in the ledger, confirmed there in one click; a message can be marked as a task", async ({
  page,
  repo,
}) => {
  const worktreePath = await repo.addWorktree("ledger-tags");
  await openWorktree(page, { repoId: repo.repoId, worktreePath });
  await sendMessage(page, "pick a day [[mock:text Fridays it is.\n<!-- [decision] releases ship on Fridays -->]]");
  await expect(answers(page)).toHaveCount(1);
  const answer = answers(page).first();
  await expect(answer).not.toContainText("<!--");
  await expect(answer.getByTestId("answer-decisions")).toHaveText(
    "Decision proposed (confirm it in Decisions & tasks): releases ship on Fridays",
  );

  const question = page.locator('[data-testid="message"][data-role="user"]').first();
  // Quiet under every message until the pointer is over it (or a key reaches its buttons).
  await page.mouse.move(0, 0);
  await expect(question.getByTestId("mark-message")).toHaveCSS("opacity", "0");
  await question.hover();
  await expect(question.getByTestId("mark-message")).toHaveCSS("opacity", "1");
  await question.getByTestId("mark-task").click();
  await expect(question.getByTestId("mark-result")).toContainText("Recorded as task L");

  await page.getByTestId("chat-header").getByTestId("ledger-toggle").click();
  const panel = page.locator('[data-testid="ledger-panel"][data-scope="worktree"]');
  await expect(panel.getByTestId("ledger-entry-text")).toHaveText([
    "pick a day [[mock:text Fridays it is.\n<!-- [decision] releases ship on Fridays -->]]",
    "releases ship on Fridays",
  ]);
  const proposed = panel.locator('[data-testid="ledger-entry"][data-kind="decision"]');
  await expect(proposed).toContainText("by Claude's answer");
  await expect(proposed).toHaveAttribute("data-status", "proposed");
  await expect(rowOf(page, worktreePath).getByTestId("ledger-proposed-count")).toHaveText("1 proposed");
  await proposed.getByTestId("ledger-confirm").click();
  await expect(proposed).toHaveAttribute("data-status", "open");
  await expect(proposed.getByTestId("ledger-entry-meta")).toContainText("confirmed by you (");
  await expect(rowOf(page, worktreePath).getByTestId("ledger-proposed-count")).toHaveCount(0);
  await proposed.getByTestId("ledger-undo").click();
  await expect(proposed).toHaveAttribute("data-status", "proposed");
  await proposed.getByTestId("ledger-dismiss").click();
  await expect(proposed).toHaveCount(0);
  await panel.getByTestId("ledger-filter-status").selectOption("closed");
  await expect(panel.locator('[data-testid="ledger-entry"][data-status="dismissed"]')).toContainText(
    "releases ship on Fridays",
  );
});
